import { readFile } from 'node:fs/promises';
import { FiltersEngine, Request } from '@ghostery/adblocker';

/** The resource kinds Chromium reports, as the filter engine names them. */
type ResourceType = Parameters<typeof Request.fromRawDetails>[0]['type'];

/** What generic cosmetic rules are matched against. */
export interface PageSelectors {
  classes: string[];
  ids: string[];
  hrefs: string[];
}

/**
 * Network and cosmetic filtering with Ghostery's filter-list engine (the ABP/uBlock syntax of EasyList,
 * EasyPrivacy and the cookie-notice lists), loaded once from local list files.
 */
export class AdBlocker {
  private constructor(private readonly engine: FiltersEngine) {}

  /** Parses the given list files; an empty list gives a blocker that blocks nothing. */
  static async fromListFiles(files: string[]): Promise<AdBlocker> {
    const lists = await Promise.all(files.map((file) => readFile(file, 'utf8')));
    return new AdBlocker(
      FiltersEngine.parse(lists.join('\n'), { loadCosmeticFilters: true, loadNetworkFilters: true }),
    );
  }

  get isEmpty(): boolean {
    return (
      this.engine.getFilters().networkFilters.length === 0 && this.engine.getFilters().cosmeticFilters.length === 0
    );
  }

  shouldBlock(url: string, sourceUrl: string, type: string): boolean {
    const request = Request.fromRawDetails({ url, sourceUrl, type: type as ResourceType });
    return this.engine.match(request).match;
  }

  /**
   * CSS hiding the page's ads and cookie notices ('' when the lists have nothing for it). Generic rules are
   * picked by the class names, ids and links the page actually has.
   */
  hidingStyles(url: string, dom: PageSelectors): string {
    const { hostname } = new URL(url);
    const { styles } = this.engine.getCosmeticsFilters({
      url,
      hostname,
      domain: hostname,
      ...dom,
      getBaseRules: true,
      getInjectionRules: false,
      getExtendedRules: false,
      getRulesFromDOM: true,
      getRulesFromHostname: true,
    });
    return styles;
  }
}
