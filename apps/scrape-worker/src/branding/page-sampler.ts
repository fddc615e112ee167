import type { Page } from 'puppeteer-core';
import type {
  BrandingSample,
  ButtonSample,
  CountedValue,
  InputSample,
  LogoSample,
  TextRole,
  TextStyleSample,
  WeightedColor,
} from './branding-sample';

/** Bounds that keep the sampler's cost flat on huge pages. */
export interface SamplerLimits {
  /** Elements read, in document order: the header and first screens say the most about a brand. */
  maxElements: number;
  /** Points of the grid laid over the first screen to weigh background colours by area. */
  gridColumns: number;
  gridRows: number;
  /** Larger inline SVGs are illustrations, not logos, and are not inlined as data URIs. */
  maxInlineSvgChars: number;
}

export const DEFAULT_SAMPLER_LIMITS: SamplerLimits = {
  maxElements: 4_000,
  gridColumns: 24,
  gridRows: 14,
  maxInlineSvgChars: 30_000,
};

// The worker compiles without the DOM library (it is not a browser program); these are the few shapes the sampler
// touches, so that only this function sees them.
interface DomRect {
  top: number;
  left: number;
  width: number;
  height: number;
}
interface DomStyle {
  display: string;
  visibility: string;
  opacity: string;
  color: string;
  backgroundColor: string;
  backgroundImage: string;
  fontFamily: string;
  fontSize: string;
  fontWeight: string;
  lineHeight: string;
  borderTopColor: string;
  borderTopWidth: string;
  borderTopStyle: string;
  borderTopLeftRadius: string;
  getPropertyValue(name: string): string;
}
interface DomNode {
  nodeType: number;
  textContent: string | null;
}
interface DomElement extends DomNode {
  tagName: string;
  id: string;
  childNodes: ArrayLike<DomNode>;
  parentElement: DomElement | null;
  ownerSVGElement?: unknown;
  outerHTML: string;
  getAttribute(name: string): string | null;
  getBoundingClientRect(): DomRect;
  closest(selector: string): DomElement | null;
}
interface DomCanvasContext {
  fillStyle: string;
  clearRect(x: number, y: number, w: number, h: number): void;
  fillRect(x: number, y: number, w: number, h: number): void;
  getImageData(x: number, y: number, w: number, h: number): { data: ArrayLike<number> };
}
interface DomDocument {
  title: string;
  baseURI: string;
  body: (DomElement & { querySelectorAll(selector: string): ArrayLike<DomElement> }) | null;
  documentElement: DomElement;
  querySelector(selector: string): DomElement | null;
  querySelectorAll(selector: string): ArrayLike<DomElement>;
  elementFromPoint(x: number, y: number): DomElement | null;
  createElement(tag: 'canvas'): {
    width: number;
    height: number;
    getContext(kind: '2d', options: { willReadFrequently: boolean }): DomCanvasContext | null;
  };
}
interface DomWindow {
  document: DomDocument;
  innerWidth: number;
  innerHeight: number;
  scrollY: number;
  location: { origin: string; href: string };
  getComputedStyle(element: DomElement): DomStyle;
}

/**
 * Runs inside the page (serialised by puppeteer, so it refers to nothing outside itself): reads the computed styles
 * of the rendered page and groups them into a {@link BrandingSample}. It never reads stylesheets: only what the
 * page paints counts.
 */
export function samplePageBranding(limits: SamplerLimits): BrandingSample {
  const win = globalThis as unknown as DomWindow;
  const doc = win.document;
  type Rgba = [number, number, number, number];
  const WHITE: Rgba = [255, 255, 255, 1];

  const styles = new Map<DomElement, DomStyle>();
  const styleOf = (element: DomElement): DomStyle => {
    let style = styles.get(element);
    if (!style) {
      style = win.getComputedStyle(element);
      styles.set(element, style);
    }
    return style;
  };

  // Computed colours are rgb()/rgba() for most pages; modern colour spaces (oklch, color()) go through a 1×1 canvas.
  const canvas = doc.createElement('canvas');
  canvas.width = 1;
  canvas.height = 1;
  const pen = canvas.getContext('2d', { willReadFrequently: true });
  const parsed = new Map<string, Rgba | null>();
  const rgbaOf = (value: string): Rgba | null => {
    if (!value || value === 'transparent' || value === 'none') return null;
    const known = parsed.get(value);
    if (known !== undefined) return known;
    let result: Rgba | null = null;
    const match = /^rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)(?:\s*[,/]\s*([\d.]+)(%?))?\s*\)$/.exec(value);
    if (match) {
      const alpha = match[4] === undefined ? 1 : Number(match[4]) / (match[5] ? 100 : 1);
      result = [Number(match[1]), Number(match[2]), Number(match[3]), alpha];
    } else if (pen) {
      pen.clearRect(0, 0, 1, 1);
      pen.fillStyle = 'rgba(0, 0, 0, 0)';
      pen.fillStyle = value;
      pen.fillRect(0, 0, 1, 1);
      const data = pen.getImageData(0, 0, 1, 1).data;
      result = [data[0], data[1], data[2], data[3] / 255];
    }
    if (result && result[3] <= 0.02) result = null;
    parsed.set(value, result);
    return result;
  };
  const over = (top: Rgba, bottom: Rgba): Rgba => {
    const alpha = top[3];
    return [
      top[0] * alpha + bottom[0] * (1 - alpha),
      top[1] * alpha + bottom[1] * (1 - alpha),
      top[2] * alpha + bottom[2] * (1 - alpha),
      1,
    ];
  };
  const hexOf = (rgba: Rgba): string =>
    `#${rgba
      .slice(0, 3)
      .map((channel) =>
        Math.round(Math.min(255, Math.max(0, channel)))
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')}`;

  /** An element's own fill: its background colour, or the first colour of a gradient it paints instead. */
  const ownFill = (element: DomElement): Rgba | null => {
    const style = styleOf(element);
    const color = rgbaOf(style.backgroundColor);
    if (color) return color;
    const image = style.backgroundImage;
    if (image && image.includes('gradient(')) {
      const stop = /(rgba?\([^)]*\)|#[0-9a-f]{3,8}\b)/i.exec(image);
      return stop ? rgbaOf(stop[1]) : null;
    }
    return null;
  };
  // CSS paints the root's background, or else the body's, over the whole canvas, below the root's own box too.
  const canvasColor = ownFill(doc.documentElement) ?? (doc.body ? ownFill(doc.body) : null) ?? WHITE;
  const behind = new Map<DomElement, Rgba>();
  /** The opaque colour painted at an element: its fill composited over everything beneath, down to a white canvas. */
  const paintedAt = (element: DomElement): Rgba => {
    const known = behind.get(element);
    if (known) return known;
    const fill = ownFill(element);
    const base = element.parentElement
      ? paintedAt(element.parentElement)
      : canvasColor[3] >= 0.99
        ? canvasColor
        : over(canvasColor, WHITE);
    const result = fill ? (fill[3] >= 0.99 ? fill : over(fill, base)) : base;
    behind.set(element, result);
    return result;
  };

  const px = (value: string): number => {
    const number = parseFloat(value);
    return Number.isFinite(number) ? number : 0;
  };
  const nameOf = (element: DomElement): string =>
    `${element.id} ${element.getAttribute('class') ?? ''}`.trim().slice(0, 200);
  const textOf = (element: DomElement, max: number): string =>
    (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, max);
  const absolute = (href: string | null): string | null => {
    if (!href) return null;
    try {
      return new URL(href, doc.baseURI).href;
    } catch {
      return null;
    }
  };
  const metaContent = (selector: string): string => doc.querySelector(selector)?.getAttribute('content')?.trim() ?? '';

  // Backgrounds by area: the colour painted at each point of a grid over the first screen.
  const width = win.innerWidth;
  const height = win.innerHeight;
  const backgroundCells = new Map<string, number>();
  for (let row = 0; row < limits.gridRows; row += 1) {
    for (let column = 0; column < limits.gridColumns; column += 1) {
      const element = doc.elementFromPoint(
        ((column + 0.5) * width) / limits.gridColumns,
        ((row + 0.5) * height) / limits.gridRows,
      );
      const color = hexOf(element ? paintedAt(element) : paintedAt(doc.documentElement));
      backgroundCells.set(color, (backgroundCells.get(color) ?? 0) + 1);
    }
  }

  const texts = new Map<string, TextStyleSample>();
  const buttons: ButtonSample[] = [];
  const inputs: InputSample[] = [];
  const logos: LogoSample[] = [];
  const spacings = new Map<number, number>();
  const radii = new Map<number, number>();
  const phrases: string[] = [];
  const count = (map: Map<number, number>, value: number): void => {
    map.set(value, (map.get(value) ?? 0) + 1);
  };
  const BUTTON_SELECTOR = 'button, [role="button"], input[type="submit"], input[type="button"]';
  const HEADER_SELECTOR = 'header, nav, [role="banner"], #header, .header, .navbar';
  const SKIPPED = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'BR', 'HEAD', 'META', 'LINK', 'TITLE']);
  const roleOf = (element: DomElement, style: DomStyle): TextRole => {
    const heading = element.closest('h1, h2, h3, h4');
    if (heading) return heading.tagName.toLowerCase() as TextRole;
    if (element.closest(BUTTON_SELECTOR)) return 'button';
    if (element.closest('code, pre, kbd, samp')) return 'code';
    const anchor = element.closest('a');
    // A link drawn as a button (a class saying so, or a fill of its own) reads as a button, not as a link colour.
    if (anchor && (/\b(btn|button|cta)/i.test(nameOf(anchor)) || ownFill(anchor))) return 'button';
    if (anchor) return 'link';
    return px(style.fontSize) < 13 ? 'small' : 'body';
  };
  const linksHome = (element: DomElement): boolean => {
    const anchor = element.closest('a');
    const href = absolute(anchor?.getAttribute('href') ?? null);
    if (!href) return false;
    const target = new URL(href);
    return target.origin === win.location.origin && /^\/?(index\.\w+)?$/.test(target.pathname);
  };

  const all: ArrayLike<DomElement> = doc.body ? doc.body.querySelectorAll('*') : [];
  const limit = Math.min(all.length, limits.maxElements);
  for (let index = 0; index < limit; index += 1) {
    const element = all[index];
    if (SKIPPED.has(element.tagName) || (element.ownerSVGElement && element.tagName.toLowerCase() !== 'svg')) continue;
    const style = styleOf(element);
    if (style.display === 'none' || style.visibility === 'hidden' || px(style.opacity) === 0) continue;
    const rect = element.getBoundingClientRect();
    if (rect.width < 1 || rect.height < 1) continue;
    const tag = element.tagName.toLowerCase();
    const fill = ownFill(element);
    const border = style.borderTopStyle !== 'none' && px(style.borderTopWidth) > 0 ? px(style.borderTopWidth) : 0;
    const radius = px(style.borderTopLeftRadius);

    if ((fill || border > 0) && radius > 0 && radius < Math.min(rect.width, rect.height) / 2) {
      count(radii, Math.round(radius));
    }
    for (const side of [
      'padding-top',
      'padding-right',
      'padding-bottom',
      'padding-left',
      'margin-top',
      'margin-bottom',
    ]) {
      const value = Math.round(px(style.getPropertyValue(side)));
      if (value > 0 && value <= 160) count(spacings, value);
    }
    for (const gap of ['row-gap', 'column-gap']) {
      const value = Math.round(px(style.getPropertyValue(gap)));
      if (value > 0 && value <= 160) count(spacings, value);
    }

    let chars = 0;
    for (let child = 0; child < element.childNodes.length; child += 1) {
      const node = element.childNodes[child];
      if (node.nodeType === 3) chars += (node.textContent ?? '').trim().length;
    }
    if (chars > 0) {
      const role = roleOf(element, style);
      const lineHeight = style.lineHeight === 'normal' ? null : px(style.lineHeight) / Math.max(1, px(style.fontSize));
      const sample: TextStyleSample = {
        role,
        color: hexOf(over(rgbaOf(style.color) ?? [0, 0, 0, 1], paintedAt(element))),
        background: hexOf(paintedAt(element)),
        family: style.fontFamily,
        size: Math.round(px(style.fontSize) * 10) / 10,
        weight: Number(style.fontWeight) || 400,
        lineHeight: lineHeight === null ? null : Math.round(lineHeight * 100) / 100,
        chars: 0,
      };
      const key = [role, sample.color, sample.background, sample.family, sample.size, sample.weight, lineHeight].join(
        '|',
      );
      const existing = texts.get(key);
      if (existing) existing.chars += chars;
      else if (texts.size < 600) texts.set(key, { ...sample, chars });
      if (/^h[1-3]$/.test(tag) && phrases.length < 24) phrases.push(textOf(element, 140));
    }

    const name = nameOf(element);
    const buttonLike =
      element.closest(BUTTON_SELECTOR) === element ||
      (tag === 'a' &&
        (/\b(btn|button|cta)/i.test(name) ||
          ((fill !== null || border > 0) && px(style.getPropertyValue('padding-left')) >= 8)));
    if (buttonLike && buttons.length < 60) {
      const text = textOf(element, 60) || (element.getAttribute('value') ?? '').slice(0, 60);
      if (text) {
        buttons.push({
          text,
          background: fill
            ? hexOf(fill[3] >= 0.99 ? fill : over(fill, paintedAt(element.parentElement ?? element)))
            : null,
          color: hexOf(over(rgbaOf(style.color) ?? [0, 0, 0, 1], paintedAt(element))),
          borderColor:
            border > 0 && rgbaOf(style.borderTopColor)
              ? hexOf(over(rgbaOf(style.borderTopColor) as Rgba, paintedAt(element)))
              : null,
          borderWidth: border,
          radius: Math.round(radius),
          area: Math.round(rect.width * rect.height),
          top: Math.round(rect.top + win.scrollY),
          name,
        });
        if (phrases.length < 24) phrases.push(text);
      }
    }
    if ((tag === 'input' || tag === 'textarea' || tag === 'select') && inputs.length < 20) {
      const type = (element.getAttribute('type') ?? 'text').toLowerCase();
      if (!['submit', 'button', 'checkbox', 'radio', 'hidden', 'image', 'range', 'color'].includes(type)) {
        inputs.push({
          borderColor:
            border > 0 && rgbaOf(style.borderTopColor)
              ? hexOf(over(rgbaOf(style.borderTopColor) as Rgba, paintedAt(element)))
              : null,
          radius: Math.round(radius),
        });
      }
    }

    const inHeader = element.closest(HEADER_SELECTOR) !== null;
    const top = rect.top + win.scrollY;
    const namedLogo = /logo|brand/i.test(name);
    if (logos.length < 30 && (inHeader || top < 400 || namedLogo)) {
      let logo: Omit<LogoSample, 'inHeader' | 'linksHome' | 'top' | 'left' | 'width' | 'height'> | null = null;
      if (tag === 'img') {
        const src = absolute(element.getAttribute('src'));
        const currentSrc = (element as unknown as { currentSrc?: string }).currentSrc;
        const file = (currentSrc || src || '').split(/[?#]/)[0].split('/').pop() ?? '';
        logo = {
          kind: 'img',
          src: currentSrc || src,
          alt: (element.getAttribute('alt') ?? '').slice(0, 200),
          name: `${name} ${file}`.trim(),
        };
      } else if (tag === 'svg') {
        let markup = element.outerHTML;
        if (!/xmlns=/.test(markup)) markup = markup.replace('<svg', '<svg xmlns="http://www.w3.org/2000/svg"');
        const label = element.getAttribute('aria-label') ?? element.closest('a')?.getAttribute('aria-label') ?? '';
        const title = (element as unknown as { querySelector(s: string): DomElement | null }).querySelector('title');
        logo = {
          kind: 'svg',
          src: markup.length <= limits.maxInlineSvgChars ? `data:image/svg+xml,${encodeURIComponent(markup)}` : null,
          alt: (label || (title ? textOf(title, 200) : '')).slice(0, 200),
          name,
        };
      } else if (
        /url\(/.test(style.backgroundImage) &&
        (inHeader || namedLogo) &&
        rect.width <= 600 &&
        rect.height <= 300
      ) {
        const url = /url\(["']?([^"')]+)["']?\)/.exec(style.backgroundImage)?.[1] ?? null;
        logo = {
          kind: 'background',
          src: absolute(url),
          alt: (element.getAttribute('aria-label') ?? textOf(element, 100)).slice(0, 200),
          name,
        };
      }
      if (logo) {
        logos.push({
          ...logo,
          inHeader,
          linksHome: linksHome(element),
          top: Math.round(top),
          left: Math.round(rect.left),
          width: Math.round(rect.width),
          height: Math.round(rect.height),
        });
      }
    }
  }

  const icons = doc.querySelectorAll('link[rel~="icon"], link[rel="apple-touch-icon"], link[rel="shortcut icon"]');
  let favicon: string | null = null;
  let faviconSize = -1;
  for (let index = 0; index < icons.length; index += 1) {
    const icon = icons[index];
    const size = parseInt(icon.getAttribute('sizes') ?? '', 10) || 0;
    const href = absolute(icon.getAttribute('href'));
    if (href && size > faviconSize) {
      favicon = href;
      faviconSize = size;
    }
  }
  const ogImage = absolute(
    metaContent('meta[property="og:image"]') ||
      metaContent('meta[name="og:image"]') ||
      metaContent('meta[name="twitter:image"]') ||
      null,
  );

  const weighted = (map: Map<string, number>): WeightedColor[] =>
    [...map.entries()].map(([color, weight]) => ({ color, weight })).sort((a, b) => b.weight - a.weight);
  const counted = (map: Map<number, number>): CountedValue[] =>
    [...map.entries()].map(([value, times]) => ({ value, count: times })).sort((a, b) => a.value - b.value);
  return {
    url: win.location.href,
    title: doc.title.trim().slice(0, 300),
    description: (metaContent('meta[name="description"]') || metaContent('meta[property="og:description"]')).slice(
      0,
      500,
    ),
    siteName: (metaContent('meta[property="og:site_name"]') || metaContent('meta[name="application-name"]')).slice(
      0,
      120,
    ),
    phrases: phrases.filter(Boolean),
    viewport: { width, height },
    backgrounds: weighted(backgroundCells),
    texts: [...texts.values()],
    buttons,
    inputs,
    logos,
    spacings: counted(spacings),
    radii: counted(radii),
    favicon,
    ogImage,
  };
}

/** Samples the branding of the page as Chromium rendered it. */
export function sampleBranding(page: Page, limits: SamplerLimits = DEFAULT_SAMPLER_LIMITS): Promise<BrandingSample> {
  return page.evaluate(samplePageBranding, limits);
}
