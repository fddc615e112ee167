import { htmlDocument } from '../html';
import { gradientPng } from '../png';
import { type FixtureRoute, send, sendHtml } from '../routing';

/** Paragraphs enough for body text to outweigh headings and navigation, as on a real landing page. */
function prose(topic: string, count: number): string {
  const sentences = [
    `${topic} keeps every team on the same page, from the first sketch to the last release.`,
    'Set it up in an afternoon, invite the people who need it, and let the defaults carry you a long way.',
    'Everything you change is kept, so nothing you try is ever lost and every decision can be traced back.',
    'Pricing grows with the work you do, never with the number of people who read along.',
  ];
  return Array.from({ length: count }, (_, index) => `<p>${sentences[index % sentences.length]}</p>`).join('\n');
}

function head(parts: { description: string; siteName: string; icon: string; ogImage?: string; css: string }): string {
  return [
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<meta name="description" content="${parts.description}">`,
    `<meta property="og:site_name" content="${parts.siteName}">`,
    parts.ogImage ? `<meta property="og:image" content="${parts.ogImage}">` : '',
    `<link rel="icon" href="${parts.icon}" sizes="32x32">`,
    `<style>${parts.css}</style>`,
  ].join('\n');
}

/**
 * A dark theme: near-black navy page, light grey text, violet links and call to action, "Space Grotesk" body and
 * "Sora" headings, an `<img>` logo in the header linking home.
 */
const DARK = htmlDocument({
  title: 'Nebula: observability for the night shift',
  head: head({
    description: 'Nebula shows night-shift engineers what their systems are doing.',
    siteName: 'Nebula',
    icon: '/branding/assets/nebula-favicon.png',
    ogImage: '/branding/assets/nebula-og.png',
    css: `
      body { margin: 0; background: #0B1020; color: #E5E7EB; font-family: "Space Grotesk", "Helvetica Neue", sans-serif;
             font-size: 17px; line-height: 1.6; }
      header { display: flex; align-items: center; justify-content: space-between; padding: 16px 32px; }
      header img { width: 132px; height: 32px; display: block; }
      nav a { color: #94A3B8; margin-left: 24px; text-decoration: none; font-size: 15px; }
      h1 { font-family: "Sora", sans-serif; font-size: 64px; font-weight: 700; line-height: 1.1; margin: 0 0 24px; }
      h2 { font-family: "Sora", sans-serif; font-size: 36px; font-weight: 600; line-height: 1.2; margin: 48px 0 16px; }
      .hero { padding: 96px 32px 64px; }
      .lead { color: #94A3B8; font-size: 20px; max-width: 720px; }
      .btn { display: inline-block; padding: 12px 24px; border-radius: 10px; font-weight: 600; text-decoration: none;
             margin-right: 16px; }
      .btn-primary { background: #A78BFA; color: #0B1020; }
      .btn-ghost { border: 2px solid #A78BFA; color: #A78BFA; }
      section { padding: 32px; }
      .card { background: #141A2E; border-radius: 12px; padding: 24px; margin-bottom: 16px; }
      p a { color: #A78BFA; }`,
  }),
  body: `
<header>
  <a href="/"><img src="/branding/assets/nebula-logo.png" alt="Nebula"></a>
  <nav><a href="/docs">Docs</a><a href="/pricing">Pricing</a><a href="/blog">Blog</a></nav>
</header>
<main>
  <div class="hero">
    <h1>See your systems at 3 a.m.</h1>
    <p class="lead">Nebula gathers logs, traces and metrics into one calm view, so the night shift can sleep.</p>
    <a class="btn btn-primary" href="/signup">Start observing</a>
    <a class="btn btn-ghost" href="/demo">Watch the demo</a>
  </div>
  <section>
    <h2>Built for the people on call</h2>
    <div class="card">${prose('Nebula', 3)}</div>
    <div class="card">${prose('Nebula', 3)}<p>Read the <a href="/docs">documentation</a> or the <a href="/blog">blog</a>.</p></div>
  </section>
</main>`,
});

/**
 * A light theme with a coloured call to action: white page, slate text, an orange "Start free trial" button beside
 * a grey outlined one, "Inter" body and "Poppins" headings, a named `<img>` logo, and a large hero image that is not
 * the logo.
 */
const LIGHT = htmlDocument({
  title: 'Harbor: bookkeeping for small shops',
  head: head({
    description: 'Harbor does the books for small shops, so their owners do not have to.',
    siteName: 'Harbor',
    icon: '/branding/assets/harbor-favicon.png',
    ogImage: '/branding/assets/harbor-og.png',
    css: `
      body { margin: 0; background: #FFFFFF; color: #1F2937; font-family: Inter, Arial, sans-serif; font-size: 16px;
             line-height: 1.5; }
      header { display: flex; align-items: center; justify-content: space-between; padding: 16px 40px;
               border-bottom: 1px solid #E5E7EB; }
      .brand img { width: 120px; height: 36px; display: block; }
      nav a { color: #4B5563; margin-left: 24px; text-decoration: none; }
      h1 { font-family: Poppins, sans-serif; font-size: 56px; font-weight: 800; line-height: 1.1; margin: 0 0 16px; }
      h2 { font-family: Poppins, sans-serif; font-size: 32px; font-weight: 700; margin: 40px 0 16px; }
      .hero { display: flex; gap: 48px; padding: 64px 40px; }
      .hero img { width: 640px; height: 400px; }
      .muted { color: #6B7280; font-size: 18px; }
      .btn { display: inline-block; padding: 12px 24px; border-radius: 8px; font-weight: 600; text-decoration: none;
             margin-right: 12px; }
      .btn-primary { background: #FF5A1F; color: #FFFFFF; }
      .btn-secondary { border: 1px solid #D1D5DB; color: #1F2937; background: transparent; }
      section { padding: 24px 40px; }
      input { border: 1px solid #D1D5DB; border-radius: 6px; padding: 8px 12px; }`,
  }),
  body: `
<header>
  <a class="brand" href="/"><img src="/branding/assets/harbor-logo.png" alt="Harbor logo"></a>
  <nav><a href="/features">Features</a><a href="/pricing">Pricing</a><a href="/login">Log in</a></nav>
</header>
<main>
  <div class="hero">
    <div>
      <h1>Books that balance themselves</h1>
      <p class="muted">Harbor reads your sales and receipts and keeps the ledger straight while you run the shop.</p>
      <a class="btn btn-primary" href="/signup">Start free trial</a>
      <a class="btn btn-secondary" href="/tour">Take the tour</a>
    </div>
    <img src="/branding/assets/harbor-hero.png" alt="A shop counter with a tablet">
  </div>
  <section>
    <h2>Everything a small shop needs</h2>
    ${prose('Harbor', 6)}
    <form><input type="email" placeholder="you@shop.test"> <button class="btn btn-primary" type="submit">Get the newsletter</button></form>
  </section>
</main>`,
});

/** The Fernleaf logo: a leaf and the name, drawn inline. */
const FERNLEAF_SVG = `<svg width="150" height="36" viewBox="0 0 150 36" role="img" aria-label="Fernleaf"><title>Fernleaf</title><path d="M4 32 C4 12 20 4 32 4 C32 18 24 32 4 32 Z" fill="#16A34A"/><text x="42" y="25" font-size="20" fill="#0F172A">Fernleaf</text></svg>`;

/**
 * A site whose logo is an inline SVG: a pale slate page, green buttons with small radii, "Source Sans 3" body and
 * "Merriweather" headings, and a search icon in the header that is not the logo.
 */
const SVG_LOGO = htmlDocument({
  title: 'Fernleaf garden supplies',
  head: head({
    description: 'Seeds, soil and tools for gardeners who grow their own.',
    siteName: 'Fernleaf',
    icon: '/branding/assets/fernleaf-favicon.png',
    css: `
      body { margin: 0; background: #F8FAFC; color: #0F172A; font-family: "Source Sans 3", sans-serif; font-size: 18px;
             line-height: 1.6; }
      header { display: flex; align-items: center; justify-content: space-between; padding: 12px 32px;
               background: #F8FAFC; }
      .search img { width: 20px; height: 20px; display: block; }
      h1 { font-family: Merriweather, Georgia, serif; font-size: 48px; font-weight: 700; line-height: 1.2; }
      h2 { font-family: Merriweather, Georgia, serif; font-size: 30px; font-weight: 700; }
      main { padding: 32px; }
      .btn { display: inline-block; padding: 10px 20px; border-radius: 4px; background: #16A34A; color: #FFFFFF;
             text-decoration: none; font-weight: 600; }
      p a { color: #15803D; }`,
  }),
  body: `
<header>
  <a class="home" href="/">${FERNLEAF_SVG}</a>
  <a class="search" href="/search"><img src="/branding/assets/search-icon.png" alt="Search"></a>
</header>
<main>
  <h1>Grow more with less</h1>
  <p>Fernleaf sends seeds that suit your soil and season. <a href="/guide">Read the growing guide</a>.</p>
  <a class="btn" href="/shop">Shop the seeds</a>
  <h2>From our greenhouse</h2>
  ${prose('Fernleaf', 5)}
</main>`,
});

/** Three sites with known designs for the `branding` format, and the images they refer to. */
export const brandingRoutes: FixtureRoute[] = [
  { pattern: '/branding/dark', handle: ({ res }) => sendHtml(res, DARK) },
  { pattern: '/branding/light', handle: ({ res }) => sendHtml(res, LIGHT) },
  { pattern: '/branding/svg-logo', handle: ({ res }) => sendHtml(res, SVG_LOGO) },
  {
    pattern: '/branding/assets/:name',
    handle: ({ res }) =>
      send(res, 200, { 'content-type': 'image/png', 'cache-control': 'max-age=3600' }, gradientPng(32)),
  },
];
