import { extractMetadata } from './extract-metadata';

const PAGE = 'https://example.com/articles/tides';

describe('extractMetadata', () => {
  it('reads title, language, description, keywords, robots and favicon', () => {
    const html = `<html lang="en-GB"><head>
      <title>
        Tides  explained
      </title>
      <meta name="description" content="How tides work.">
      <meta name="keywords" content="sea, moon">
      <meta name="robots" content="index, follow">
      <link rel="shortcut icon" href="/old.ico"><link rel="icon" href="/icons/favicon.png">
      </head><body><svg><title>icon</title></svg></body></html>`;
    expect(extractMetadata(html, PAGE)).toEqual({
      title: 'Tides explained',
      language: 'en-GB',
      favicon: 'https://example.com/icons/favicon.png',
      ogLocaleAlternate: [],
      description: 'How tides work.',
      keywords: 'sea, moon',
      robots: 'index, follow',
    });
  });

  it('names Open Graph, Dublin Core and article fields as Firecrawl does, and keeps every meta by its own name', () => {
    const html = `<head>
      <meta property="og:title" content="Tides"><meta property="og:description" content="About tides">
      <meta property="og:url" content="https://example.com/t"><meta property="og:image" content="https://example.com/t.png">
      <meta property="og:site_name" content="Sea Notes"><meta property="og:locale" content="en_GB">
      <meta property="og:locale:alternate" content="fr_FR"><meta property="og:locale:alternate" content="nl_BE">
      <meta name="DC.date" content="2024-05-01"><meta name="dcterms.subject" content="Oceanography">
      <meta property="article:published_time" content="2024-05-01T08:00:00Z">
      <meta property="article:tag" content="moon"><meta property="article:tag" content="sea">
      <meta name="twitter:card" content="summary"><meta itemprop="author" content="Ada">
    </head>`;
    expect(extractMetadata(html, PAGE)).toEqual({
      ogLocaleAlternate: ['fr_FR', 'nl_BE'],
      ogTitle: 'Tides',
      ogDescription: 'About tides',
      ogUrl: 'https://example.com/t',
      ogImage: 'https://example.com/t.png',
      ogSiteName: 'Sea Notes',
      ogLocale: 'en_GB',
      dcDate: '2024-05-01',
      dcTermsSubject: 'Oceanography',
      publishedTime: '2024-05-01T08:00:00Z',
      articleTag: 'moon',
      'og:title': 'Tides',
      'og:description': 'About tides',
      'og:url': 'https://example.com/t',
      'og:image': 'https://example.com/t.png',
      'og:site_name': 'Sea Notes',
      'og:locale': 'en_GB',
      'og:locale:alternate': ['fr_FR', 'nl_BE'],
      'DC.date': '2024-05-01',
      'dcterms.subject': 'Oceanography',
      'article:published_time': '2024-05-01T08:00:00Z',
      'article:tag': ['moon', 'sea'],
      'twitter:card': 'summary',
      author: 'Ada',
    });
  });

  it('joins a repeated description and skips metas without content', () => {
    const html =
      '<meta name="description" content="One."><meta name="description" content="Two."><meta name="x" content="">';
    expect(extractMetadata(html, PAGE)).toEqual({ ogLocaleAlternate: [], description: 'One., Two.' });
  });

  it('decodes entities in the title and in meta content', () => {
    const html = '<title>Fish &amp; chips</title><meta property="og:title" content="Fish &amp; chips &lt;3">';
    expect(extractMetadata(html, PAGE)).toMatchObject({ title: 'Fish & chips', ogTitle: 'Fish & chips <3' });
  });

  it('does not let a <meta name="title"> replace the document title', () => {
    const html = '<title>Real title</title><meta name="title" content="Meta title">';
    expect(extractMetadata(html, PAGE).title).toBe('Real title');
  });

  it('resolves the favicon against <base href>', () => {
    const html = '<base href="https://static.example.net/"><link rel="icon" href="fav.ico">';
    expect(extractMetadata(html, PAGE).favicon).toBe('https://static.example.net/fav.ico');
  });
});
