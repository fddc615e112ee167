import { extractImages } from './extract-images';

const PAGE = 'https://example.com/page.html';

describe('extractImages', () => {
  it('reads <img> src, data-src and srcset', () => {
    const html = `<img src="image1.jpg"><img src="/images/image2.png" data-src="lazy.webp">
      <img srcset="small.jpg 480w, medium.jpg 800w,large.jpg 1200w"><img srcset="a.jpg 1x,b.jpg 2x">`;
    expect(extractImages(html, PAGE)).toEqual([
      'https://example.com/image1.jpg',
      'https://example.com/images/image2.png',
      'https://example.com/lazy.webp',
      'https://example.com/small.jpg',
      'https://example.com/medium.jpg',
      'https://example.com/large.jpg',
      'https://example.com/a.jpg',
      'https://example.com/b.jpg',
    ]);
  });

  it('reads <picture> sources, video posters and inline background images', () => {
    const html = `<picture><source srcset="image.avif" type="image/avif"><img src="image.jpg"></picture>
      <video poster="/videos/poster.png"></video>
      <div style="background-image: url('bg1.jpg')"></div><div style="background-image:url(&quot;/bg2.png&quot;)"></div>`;
    expect(extractImages(html, PAGE)).toEqual([
      'https://example.com/image.avif',
      'https://example.com/image.jpg',
      'https://example.com/videos/poster.png',
      'https://example.com/bg1.jpg',
      'https://example.com/bg2.png',
    ]);
  });

  it('reads image metadata and icon links', () => {
    const html = `<meta property="og:image" content="https://example.com/og.jpg">
      <meta property="og:image:secure_url" content="https://example.com/og-secure.jpg">
      <meta name="twitter:image" content="/tw.png"><meta itemprop="image" content="/schema.jpg">
      <meta property="og:title" content="not an image">
      <link rel="icon" href="/favicon.ico"><link rel="apple-touch-icon" href="/touch.png">
      <link rel="image_src" href="/link-image.jpg"><link rel="stylesheet" href="/site.css">`;
    expect(extractImages(html, PAGE)).toEqual([
      'https://example.com/og.jpg',
      'https://example.com/og-secure.jpg',
      'https://example.com/tw.png',
      'https://example.com/schema.jpg',
      'https://example.com/favicon.ico',
      'https://example.com/touch.png',
      'https://example.com/link-image.jpg',
    ]);
  });

  it('keeps data: URIs, resolves protocol-relative ones, drops javascript: and empty sources, de-duplicates', () => {
    const html = `<img src="data:image/png;base64,iVBORw0KGgo="><img src="//cdn.example.com/i.jpg">
      <img src="javascript:alert(1)"><img src=""><img><img src="dup.jpg"><img src="/dup.jpg">`;
    expect(extractImages(html, PAGE)).toEqual([
      'data:image/png;base64,iVBORw0KGgo=',
      'https://cdn.example.com/i.jpg',
      'https://example.com/dup.jpg',
    ]);
  });

  it('resolves against <base href>', () => {
    expect(extractImages('<base href="https://different.com/base/"><img src="image.jpg">', PAGE)).toEqual([
      'https://different.com/base/image.jpg',
    ]);
  });
});
