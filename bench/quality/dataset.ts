import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';

/** What a good extraction of one page holds, as the dataset's reviewers wrote it down. */
export interface PageTruth {
  id: string;
  url: string;
  pageType: string;
  mainContent: string;
  /** Snippets a good extraction contains. */
  mustContain: string[];
  /** Boilerplate snippets a good extraction leaves out. */
  mustOmit: string[];
}

interface TruthFile {
  url: string;
  _internal: { page_type: { primary: string } };
  ground_truth: { main_content?: string; with?: string[]; without?: string[] };
}

/**
 * A main-content dataset laid out as WCXB is: `html/<id>.html.gz` next to `ground-truth/<id>.json`. Pages are read
 * one at a time so a run never holds the whole set in memory.
 */
export class QualityDataset {
  constructor(private readonly folder: string) {}

  /** Page ids in order, optionally only those of one page type. */
  truths(pageType?: string): PageTruth[] {
    const truthFolder = path.join(this.folder, 'ground-truth');
    return readdirSync(truthFolder)
      .filter((file) => file.endsWith('.json'))
      .sort()
      .map((file) => this.truth(path.join(truthFolder, file), path.basename(file, '.json')))
      .filter((truth) => pageType === undefined || truth.pageType === pageType);
  }

  html(id: string): string {
    return gunzipSync(readFileSync(path.join(this.folder, 'html', `${id}.html.gz`))).toString('utf8');
  }

  private truth(file: string, id: string): PageTruth {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as TruthFile;
    return {
      id,
      url: parsed.url,
      pageType: parsed._internal.page_type.primary,
      mainContent: parsed.ground_truth.main_content ?? '',
      mustContain: parsed.ground_truth.with ?? [],
      mustOmit: parsed.ground_truth.without ?? [],
    };
  }
}
