import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface FrameCost {
  frame: string;
  /** CPU ms sampled in this frame itself / in it and everything it called. */
  ms: number;
}

export interface ProfileSummary {
  /** CPU ms sampled outside the idle loop. */
  busyMs: number;
  /** Self time by where the code comes from: a package, Node's internals, our own code, GC. */
  byOrigin: FrameCost[];
  topSelf: FrameCost[];
  topInclusive: FrameCost[];
}

const NOT_WORK = new Set(['(idle)', '(program)']);

/** Where a frame's code lives: `pkg` for node_modules/pkg, `node:*` for Node's own, `ours` for dist/. */
export function originOf(url: string, functionName: string): string {
  if (functionName.startsWith('(')) return functionName;
  const fromPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (fromPackage?.[1]) return fromPackage[1];
  if (url.startsWith('node:') || url === '') return 'node (internals, JSON, natives)';
  if (url.includes('/dist/')) return `ours: ${/\/dist\/((?:apps|libs)\/[^/]+(?:\/[^/]+)?)/.exec(url)?.[1] ?? 'other'}`;
  return url;
}

function frameName(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  const file = url
    ? `${url.replace(/^.*\/(node_modules|dist)\//, '').replace(/^file:\/\//, '')}:${lineNumber + 1}`
    : '';
  return `${functionName || '(anonymous)'} ${file}`.trim();
}

function top(costs: Map<string, number>, count: number): FrameCost[] {
  return [...costs.entries()]
    .sort(([, a], [, b]) => b - a)
    .slice(0, count)
    .map(([frame, ms]) => ({ frame, ms }));
}

/** Reads a `--cpu-prof` file and says where its busy time went. */
export function summarizeProfile(file: string, count = 15): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const origins = new Map<string, number>();
  let busyMs = 0;
  profile.samples.forEach((id, index) => {
    // A sample's delta is the time since the previous one: it is charged to the frame the previous sample found.
    const ms = (profile.timeDeltas[index + 1] ?? 0) / 1000;
    const node = byId.get(id);
    if (!node || NOT_WORK.has(node.callFrame.functionName)) return;
    busyMs += ms;
    const name = frameName(node);
    self.set(name, (self.get(name) ?? 0) + ms);
    const origin = originOf(node.callFrame.url, node.callFrame.functionName);
    origins.set(origin, (origins.get(origin) ?? 0) + ms);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
      const frame = byId.get(at);
      if (!frame || frame.callFrame.functionName === '(root)') continue;
      const key = frameName(frame);
      if (seen.has(key)) continue;
      seen.add(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + ms);
    }
  });
  return { busyMs, byOrigin: top(origins, count), topSelf: top(self, count), topInclusive: top(inclusive, count) };
}
