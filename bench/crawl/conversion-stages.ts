import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { conversionThreadOptions } from '@wh/scraping/core';

/** A page to convert: its URL and its HTML as fetched. */
export interface FetchedPage {
  url: string;
  html: string;
}

/** Where one page's conversion spends its time, from a CPU profile of `convertHtml` in a conversion thread. */
export interface ConversionStages {
  pages: number;
  /** Sampled wall-clock ms per page by stage, in the order of {@link STAGES}: more than CPU when the thread waited for a core. */
  msPerPage: Record<string, number>;
  /** Thread CPU ms per page over the whole profiled loop (what the samples add up to, roughly). */
  totalMsPerPage: number;
  /** Mean characters of markdown per page, to size the queue-and-storage floor's documents. */
  markdownChars: number;
}

/** A stage and the code it is charged with. A sample goes to the innermost frame that any rule claims. */
interface StageRule {
  stage: string;
  matches: (url: string, functionName: string) => boolean;
}

const CORE = '/libs/scraping/core/src/';

const RULES: StageRule[] = [
  // What the page declares itself (article, thread, product), read from the raw HTML before anything else.
  { stage: 'page type', matches: (_url, name) => /^declares(Article|Discussion|Product)$/.test(name) },
  { stage: 'Readability', matches: (url) => url.includes('/@mozilla/readability/') },
  { stage: 'markdown', matches: (url) => url.includes('/node_modules/turndown/') || url.includes(`${CORE}markdown/`) },
  // jsdom's innerHTML/outerHTML go through parse5's serializer: the DOM turned back into HTML for the next step.
  { stage: 'serialise', matches: (url) => url.includes('/parse5/dist/serializer/') },
  {
    stage: 'parse',
    matches: (url) =>
      url.includes('/parse5/') ||
      url.includes(`${CORE}dom/dom-document`) ||
      url.includes(`${CORE}dom/jsdom-tree-adapter`),
  },
  { stage: 'links', matches: (url) => url.includes(`${CORE}metadata/extract-links`) },
  { stage: 'metadata', matches: (url) => url.includes(`${CORE}metadata/`) },
  { stage: 'strip', matches: (url) => url.includes(`${CORE}strip/`) },
  // The one streaming tokenizer every visitor (strip, links, metadata, images) listens to.
  { stage: 'scan', matches: (url) => url.includes(`${CORE}scan/`) },
  { stage: 'region', matches: (url) => url.includes(`${CORE}main-content/`) },
  { stage: 'select', matches: (url) => url.includes(`${CORE}convert/`) || url.includes(`${CORE}dom/`) },
];

/** Every stage a sample can land in, in pipeline order; `gc` and `other` take what no rule claims. */
export const STAGES = [
  'page type',
  'scan',
  'strip',
  'links',
  'metadata',
  'parse',
  'region',
  'Readability',
  'select',
  'serialise',
  'markdown',
  'gc',
  'other',
];

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}

/** What the profiling thread sends back. */
export interface StageProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  cpuMs: number;
  pages: number;
  markdownChars: number;
}

/** Charges each sample of a profile to its stage. */
export function stagesOf(profile: StageProfile): ConversionStages {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const stageOfNode = new Map<number, string | undefined>();
  const stageOf = (id: number | undefined): string | undefined => {
    if (id === undefined) return undefined;
    if (stageOfNode.has(id)) return stageOfNode.get(id);
    const { url, functionName } = byId.get(id)?.callFrame ?? { url: '', functionName: '' };
    const stage = RULES.find((rule) => rule.matches(url, functionName))?.stage ?? stageOf(parentOf.get(id));
    stageOfNode.set(id, stage);
    return stage;
  };
  const ms = new Map<string, number>(STAGES.map((stage) => [stage, 0]));
  profile.samples.forEach((id, index) => {
    const name = byId.get(id)?.callFrame.functionName ?? '';
    if (name === '(idle)' || name === '(program)' || name === '(root)') return;
    const stage = name === '(garbage collector)' ? 'gc' : (stageOf(id) ?? 'other');
    ms.set(stage, (ms.get(stage) ?? 0) + (profile.timeDeltas[index + 1] ?? 0) / 1000);
  });
  return {
    pages: profile.pages,
    msPerPage: Object.fromEntries([...ms].map(([stage, total]) => [stage, total / profile.pages])),
    totalMsPerPage: profile.cpuMs / profile.pages,
    markdownChars: profile.markdownChars,
  };
}

/**
 * Profiles `convertHtml` over `pages` in one thread set up as the scrape-worker's conversion threads (same young
 * generation), after converting `warmUp` of them unprofiled, and says per stage where the time went.
 */
export async function profileConversionStages(
  pages: readonly FetchedPage[],
  warmUp: number,
): Promise<ConversionStages> {
  const worker = new Worker(path.join(__dirname, 'conversion-stages.thread.js'), {
    workerData: { pages, warmUp },
    resourceLimits: conversionThreadOptions().resourceLimits,
  });
  const profile = await new Promise<StageProfile>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  await worker.terminate();
  return stagesOf(profile);
}
