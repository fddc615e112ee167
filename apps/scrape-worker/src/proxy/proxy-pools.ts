/** One configured proxy: the URL for HTTP clients, and its parts as Chromium takes them. */
export interface ProxyEndpoint {
  url: string;
  /** `host:port`, for Chromium's per-context proxy. */
  server: string;
  username?: string;
  password?: string;
}

export interface ProxyPoolSettings {
  /** Comma-separated proxy URLs for `basic` and `auto` requests. */
  basic: string;
  /** Comma-separated proxy URLs for `enhanced` requests and auto's retries. */
  enhanced: string;
  /** `CC=url|url,CC=url`: proxies used for requests with `location.country` CC. */
  byCountry: string;
}

function endpoint(raw: string): ProxyEndpoint {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`proxy ${raw} is not a URL`);
  }
  if (url.protocol !== 'http:' || !url.port) throw new Error(`proxy ${url.host} must be an http:// URL with a port`);
  return {
    url: url.href,
    server: url.host,
    ...(url.username ? { username: decodeURIComponent(url.username), password: decodeURIComponent(url.password) } : {}),
  };
}

function list(value: string): ProxyEndpoint[] {
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map(endpoint);
}

/** Round-robin over one pool. */
class Rotation {
  private next = 0;

  constructor(readonly endpoints: ProxyEndpoint[]) {}

  take(): ProxyEndpoint | undefined {
    const chosen = this.endpoints[this.next % Math.max(1, this.endpoints.length)];
    this.next += 1;
    return chosen;
  }
}

/** The proxy pools of the configuration; an empty pool means going direct (basic) or refusing (enhanced). */
export class ProxyPools {
  private readonly basic: Rotation;
  private readonly enhanced: Rotation;
  private readonly countries = new Map<string, Rotation>();

  constructor(settings: ProxyPoolSettings) {
    this.basic = new Rotation(list(settings.basic));
    this.enhanced = new Rotation(list(settings.enhanced));
    for (const entry of settings.byCountry
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)) {
      const [country, urls] = entry.split('=');
      if (!country || !/^[A-Za-z]{2}$/.test(country.trim()) || !urls)
        throw new Error(`proxy country entry ${entry} must look like DE=http://host:port`);
      this.countries.set(
        country.trim().toUpperCase(),
        new Rotation(urls.split('|').map((url) => endpoint(url.trim()))),
      );
    }
  }

  get hasEnhanced(): boolean {
    return this.enhanced.endpoints.length > 0;
  }

  /** The proxy of a basic attempt: the country's when one is configured, else the basic pool's, else none. */
  basicFor(country: string | undefined): ProxyEndpoint | undefined {
    return (country ? this.countries.get(country.toUpperCase())?.take() : undefined) ?? this.basic.take();
  }

  enhancedProxy(): ProxyEndpoint | undefined {
    return this.enhanced.take();
  }
}
