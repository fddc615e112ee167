import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import { type RenderContext, TemplateSet } from './go-template';

export type Values = Record<string, unknown>;

/** A Kubernetes object as the chart renders it. */
export interface RenderedObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  [field: string]: unknown;
}

export interface RenderedChart {
  objects: RenderedObject[];
  /** The rendered text of each file, NOTES.txt included. */
  files: Record<string, string>;
}

export const CHART_DIR = path.resolve(__dirname, '../../deploy/helm/webharvest');

function filesUnder(folder: string, relative = ''): string[] {
  return readdirSync(path.join(folder, relative)).flatMap((entry) => {
    const entryPath = path.posix.join(relative, entry);
    return statSync(path.join(folder, entryPath)).isDirectory() ? filesUnder(folder, entryPath) : [entryPath];
  });
}

function isPlainObject(value: unknown): value is Values {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Helm's coalescing of -f / --set values over the chart's defaults: maps merge, anything else replaces. */
export function mergeValues(base: Values, override: Values): Values {
  const merged: Values = { ...base };
  for (const [key, value] of Object.entries(override)) {
    const current = merged[key];
    merged[key] = isPlainObject(current) && isPlainObject(value) ? mergeValues(current, value) : value;
  }
  return merged;
}

export function chartDefaults(): Values {
  return parse(readFileSync(path.join(CHART_DIR, 'values.yaml'), 'utf8')) as Values;
}

export function readValuesFile(relative: string): Values {
  return parse(readFileSync(path.join(CHART_DIR, relative), 'utf8')) as Values;
}

/**
 * Renders the chart as `helm template` would for these values (over the chart's defaults), with the subset of Go
 * templates and sprig in go-template.ts; each manifest is parsed as YAML, so a template that renders broken YAML
 * fails here.
 */
export function renderChart(
  values: Values,
  release: { name?: string; namespace?: string; isUpgrade?: boolean } = {},
  context: RenderContext = {},
): RenderedChart {
  const chart = parse(readFileSync(path.join(CHART_DIR, 'Chart.yaml'), 'utf8')) as Record<string, unknown>;
  const templateFiles = filesUnder(path.join(CHART_DIR, 'templates'));
  const sources = Object.fromEntries(
    templateFiles.map((file) => [file, readFileSync(path.join(CHART_DIR, 'templates', file), 'utf8')]),
  );
  const templates = new TemplateSet(sources, context);
  const dot = {
    Values: mergeValues(chartDefaults(), values),
    Release: {
      Name: release.name ?? 'webharvest',
      Namespace: release.namespace ?? 'webharvest',
      Service: 'Helm',
      IsInstall: !release.isUpgrade,
      IsUpgrade: release.isUpgrade === true,
      Revision: release.isUpgrade ? 2 : 1,
    },
    Chart: { Name: chart.name, Version: chart.version, AppVersion: chart.appVersion },
    Capabilities: { KubeVersion: { Version: 'v1.30.0' } },
  };
  const files: Record<string, string> = {};
  const objects: RenderedObject[] = [];
  for (const file of templateFiles) {
    if (path.posix.basename(file).startsWith('_')) continue;
    const rendered = templates.render(file, { ...dot, Template: { Name: `webharvest/templates/${file}` } });
    files[file] = rendered;
    if (!file.endsWith('.yaml')) continue;
    for (const document of parseAllDocuments(rendered)) {
      if (document.errors.length > 0) throw new Error(`${file}: ${document.errors.map(String).join('; ')}`);
      const object = document.toJSON() as RenderedObject | null;
      if (object) objects.push(object);
    }
  }
  return { objects, files };
}
