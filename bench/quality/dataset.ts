import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';

/**
 * The two halves of the set, split by site: rules are designed on one half and kept only when they gain on the other,
 * so that a rule fitted to a few sites' markup shows as a gap between the halves.
 */
export type Half = 'A' | 'B';

/**
 * A site's half: the first byte of the SHA-256 of its domain as metadata.json writes it (lower case), even in A, odd in
 * B. Fixed by the name alone, so every page of a site is in the same half, and a site added later falls where it falls.
 */
export function halfOf(site: string): Half {
  return createHash('sha256').update(site.toLowerCase()).digest()[0] % 2 === 0 ? 'A' : 'B';
}

/** What a good extraction of one page holds, as the dataset's reviewers wrote it down. */
export interface PageTruth {
  id: string;
  url: string;
  pageType: string;
  /** The page's site (metadata.json's domain, else the URL's host, else its id) and the half of the set it falls in. */
  site: string;
  half: Half;
  mainContent: string;
  /** Snippets a good extraction contains. */
  mustContain: string[];
  /** Boilerplate snippets a good extraction leaves out. */
  mustOmit: string[];
}

/** The URL's host without `www.`, as metadata.json writes domains; empty for a page without a usable URL. */
function hostOf(url: string): string {
  return URL.canParse(url) ? new URL(url).hostname.replace(/^www\./, '') : '';
}

interface Metadata {
  files?: Record<string, { domain?: string }>;
}

interface TruthFile {
  // A few pages were saved without their address.
  url?: string | null;
  _internal: { page_type: { primary: string } };
  ground_truth: { main_content?: string; with?: string[]; without?: string[] };
}

/**
 * A main-content dataset laid out as WCXB is: `html/<id>.html.gz` next to `ground-truth/<id>.json`. Pages are read
 * one at a time so a run never holds the whole set in memory.
 */
export class QualityDataset {
  private readonly domains: Record<string, { domain?: string }>;

  constructor(private readonly folder: string) {
    const metadataFile = path.join(folder, 'metadata.json');
    let metadata: Metadata = {};
    try {
      metadata = JSON.parse(readFileSync(metadataFile, 'utf8')) as Metadata;
    } catch {
      // A set without metadata.json splits by the URLs' hosts.
    }
    this.domains = metadata.files ?? {};
  }

  /** Page ids in order, optionally only those of one page type or one half. */
  truths(pageType?: string, half?: Half): PageTruth[] {
    const truthFolder = path.join(this.folder, 'ground-truth');
    return readdirSync(truthFolder)
      .filter((file) => file.endsWith('.json'))
      .sort()
      .map((file) => this.truth(path.join(truthFolder, file), path.basename(file, '.json')))
      .filter((truth) => pageType === undefined || truth.pageType === pageType)
      .filter((truth) => half === undefined || truth.half === half);
  }

  html(id: string): string {
    return gunzipSync(readFileSync(path.join(this.folder, 'html', `${id}.html.gz`))).toString('utf8');
  }

  private truth(file: string, id: string): PageTruth {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as TruthFile;
    const site = this.domains[id]?.domain || hostOf(parsed.url ?? '') || id;
    return {
      id,
      url: parsed.url ?? '',
      pageType: parsed._internal.page_type.primary,
      site,
      half: halfOf(site),
      mainContent: parsed.ground_truth.main_content ?? '',
      mustContain: parsed.ground_truth.with ?? [],
      mustOmit: parsed.ground_truth.without ?? [],
    };
  }
}
