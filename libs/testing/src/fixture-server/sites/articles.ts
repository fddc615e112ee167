import type { FixtureRoute } from '../routing';
import { sendHtml } from '../routing';

/** The canonical origin the article claims; fixed so its metadata is the same whatever port the server uses. */
const ARTICLE_CANONICAL_URL = 'https://fixtures.example/articles/rivers-that-made-the-city';

const ARTICLE_HTML = `<!DOCTYPE html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>The Rivers That Made the City | The Riverside Gazette</title>
<meta name="description" content="How three small rivers decided where a city's markets, mills and bridges stand.">
<meta name="keywords" content="rivers, urban history, bridges, mills, city planning">
<meta name="author" content="Maren Holt">
<meta name="robots" content="index, follow">
<meta property="og:title" content="The Rivers That Made the City">
<meta property="og:description" content="Three small rivers, a dozen bridges and five centuries of arguments.">
<meta property="og:type" content="article">
<meta property="og:url" content="${ARTICLE_CANONICAL_URL}">
<meta property="og:image" content="https://fixtures.example/images/rivers-hero.jpg">
<meta property="og:image:alt" content="The old stone bridge over the Wend at dawn">
<meta property="og:site_name" content="The Riverside Gazette">
<meta property="og:locale" content="en_GB">
<meta property="og:locale:alternate" content="fr_FR">
<meta property="og:locale:alternate" content="de_DE">
<meta name="twitter:card" content="summary_large_image">
<meta name="twitter:site" content="@riversidegazette">
<meta name="twitter:creator" content="@marenholt">
<meta name="twitter:title" content="The Rivers That Made the City">
<meta name="twitter:description" content="Three small rivers and the city that grew around them.">
<meta name="twitter:image" content="https://fixtures.example/images/rivers-card.jpg">
<meta name="dc.title" content="The Rivers That Made the City">
<meta name="dc.creator" content="Maren Holt">
<meta name="dc.date" content="2024-03-14">
<meta name="dc.subject" content="Urban history">
<meta name="dc.language" content="en-GB">
<meta property="article:published_time" content="2024-03-14T08:30:00Z">
<meta property="article:modified_time" content="2024-03-15T12:00:00Z">
<meta property="article:section" content="History">
<meta property="article:tag" content="rivers">
<link rel="canonical" href="${ARTICLE_CANONICAL_URL}">
<link rel="icon" href="/favicon.ico" sizes="32x32">
<link rel="apple-touch-icon" href="/apple-touch-icon.png">
<link rel="stylesheet" href="/static/site.css">
<style>
  body { font-family: Georgia, serif; margin: 0; }
  .site-header, .site-footer { background: #1d3557; color: #f1faee; padding: 1rem; }
  .layout { display: grid; grid-template-columns: 3fr 1fr; gap: 2rem; }
</style>
<script>window.dataLayer = window.dataLayer || []; window.dataLayer.push({ page: 'article' });</script>
</head>
<body>
<div class="cookie-banner" id="cookie-banner">We use cookies to remember your preferences. <button>Accept</button></div>
<header class="site-header">
  <a class="logo" href="/"><img src="/images/logo.svg" alt="The Riverside Gazette"></a>
  <nav class="main-nav" aria-label="Main">
    <ul>
      <li><a href="/">Home</a></li>
      <li><a href="/news">News</a></li>
      <li><a href="/history">History</a></li>
      <li><a href="/events">Events</a></li>
      <li><a href="/about">About us</a></li>
    </ul>
  </nav>
</header>
<div class="layout">
<main id="content">
<article class="post">
  <h1>The Rivers That Made the City</h1>
  <p class="byline">By <a rel="author" href="/authors/maren-holt">Maren Holt</a> ·
  <time datetime="2024-03-14T08:30:00Z">14 March 2024</time></p>
  <p class="lead">Long before there were streets, there were <strong>three small rivers</strong>: the Wend, the Asker
  and the Little Brook. Where they met, people built a market, and where the market grew, a city followed.</p>
  <figure>
    <img src="/images/wend-bridge.jpg" alt="The old stone bridge over the Wend" width="800" height="450">
    <figcaption>The stone bridge over the Wend, rebuilt in 1742.</figcaption>
  </figure>
  <h2>A market at the confluence</h2>
  <p>The earliest charter, kept in the <a href="/archive/charters">city archive</a>, grants the right to hold a market
  "at the meeting of the waters". Traders arrived by boat, and the <em>tolls they paid</em> at the ford funded the first
  wooden bridge.</p>
  <p>Historians disagree about the date. Some point to a
  <a href="https://en.wikipedia.org/wiki/Market_town">market town</a> pattern common across the region; others to
  the parish records described in
  <a href="../history/parish-records">our earlier piece on the parish records</a>.</p>
  <h2>Mills, weirs and floods</h2>
  <p>By the sixteenth century eleven mills lined the Asker. Each weir slowed the river a little more, and each flood
  reminded the millers that the water had not agreed to the arrangement.</p>
  <blockquote>
    <p>"The river gives the wheel its work and takes the cellar in return."</p>
  </blockquote>
  <p>The great flood of 1771 destroyed six of the mills. Only the one at Holt's Weir was rebuilt; it now houses the
  <a href="https://fixtures.example/places/mill-library">Mill Library</a>.</p>
  <img src="https://fixtures.example/images/holts-weir.jpg" alt="Holt's Weir in winter">
  <h2>Bridges and the shape of the streets</h2>
  <p>Every bridge pulled the streets towards it. The map below shows how the high street bends to meet the
  <a href="/places/stone-bridge">stone bridge</a> instead of running straight to the cathedral.</p>
  <p>Today the Little Brook runs in a culvert beneath Mill Street, and most residents have never seen it. A campaign to
  <a href="/campaigns/daylight-the-brook">bring it back to daylight</a> gathered four thousand signatures last year.</p>
  <p class="article-tags">Tags: <a href="/tags/rivers">rivers</a>, <a href="/tags/bridges">bridges</a></p>
</article>
</main>
<aside class="sidebar">
  <h3>Most read</h3>
  <ol>
    <li><a href="/news/tram-reopens">The tram line reopens</a></li>
    <li><a href="/news/market-hours">New market hours for summer</a></li>
    <li><a href="/events/lantern-parade">Lantern parade route announced</a></li>
  </ol>
  <div class="ad">Advertisement: <a href="https://ads.example.net/click?id=42">Boat tours on the Wend</a></div>
  <form class="newsletter" action="/subscribe">
    <label>Newsletter <input type="email" name="email"></label><button>Subscribe</button>
  </form>
</aside>
</div>
<footer class="site-footer">
  <p>&copy; 2024 The Riverside Gazette. All rights reserved.</p>
  <ul>
    <li><a href="/privacy">Privacy policy</a></li>
    <li><a href="/terms">Terms of use</a></li>
    <li><a href="mailto:editor@fixtures.example">Contact the editor</a></li>
  </ul>
</footer>
<script src="/static/analytics.js" async></script>
</body>
</html>
`;

/** `/article`: a news article with site chrome around it and a full set of metadata tags. */
export const articleRoutes: FixtureRoute[] = [
  { pattern: '/article', handle: ({ res }) => sendHtml(res, ARTICLE_HTML) },
];
