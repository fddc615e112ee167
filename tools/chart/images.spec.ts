import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chartDefaults, readValuesFile, type RenderedObject, renderChart } from './render-chart';

// What the chart assumes of the images in docker/Dockerfile, checked on the Dockerfile's text: no docker daemon runs
// here, so the images themselves are not built in npm test (see deploy/README.md).

const DOCKERFILE = readFileSync(path.resolve(__dirname, '../../docker/Dockerfile'), 'utf8');

/** Each stage's instructions (continuation lines joined), by stage name. */
function stages(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  let current: string[] = [];
  for (const line of DOCKERFILE.replace(/\\\n\s*/g, ' ').split('\n')) {
    const from = /^FROM\s+\S+\s+AS\s+(\S+)/i.exec(line);
    if (from?.[1]) {
      current = [];
      found.set(from[1], current);
    } else if (line.trim() && !line.startsWith('#')) current.push(line.trim());
  }
  return found;
}

function lastOf(instructions: string[], keyword: string): string | undefined {
  return instructions.filter((line) => line.startsWith(`${keyword} `)).at(-1);
}

describe('the images the chart runs', () => {
  const byStage = stages();
  const { podSecurityContext } = chartDefaults() as { podSecurityContext: { runAsUser: number; runAsGroup: number } };

  it.each(['runtime', 'browser-runtime'])('%s runs as the numeric user the chart expects', (stage) => {
    const instructions = byStage.get(stage) ?? [];
    expect(lastOf(instructions, 'USER')).toBe(`USER ${podSecurityContext.runAsUser}:${podSecurityContext.runAsGroup}`);
    expect(lastOf(instructions, 'ENTRYPOINT')).toBe('ENTRYPOINT ["/usr/bin/tini", "--"]');
  });

  it('builds the service image by default, the browser image as a target', () => {
    expect([...byStage.keys()].at(-1)).toBe('runtime');
  });

  it("puts Debian's Chromium, fonts and filter lists in the browser image, with HOME on the writable /tmp", () => {
    const instructions = (byStage.get('browser-runtime') ?? []).join('\n');
    for (const pkg of [
      'chromium',
      'fonts-liberation',
      'fonts-noto-color-emoji',
      'webext-ublock-origin-chromium',
      'tini',
    ])
      expect(instructions).toMatch(new RegExp(`apt-get install [^\\n]*\\s${pkg}(\\s|$)`));
    expect(instructions).toMatch(/CHROMIUM_PATH=\/usr\/bin\/chromium/);
    expect(instructions).toMatch(/HOME=\/tmp/);
    expect(instructions).toMatch(/compile-filter-lists\.cli\.js/);
  });

  it.each([
    ['the default values', { database: { existingSecret: 'db' } }],
    ['the production-like values', readValuesFile('ci/production-values.yaml')],
  ])('with %s, points every folder a service writes at the /tmp volume', (_name, values) => {
    const deployments = renderChart(values).objects.filter((object: RenderedObject) => object.kind === 'Deployment');
    const written = ['STORAGE_URL', 'BROWSER_PROFILE_DIR', 'BROWSER_DATA_DIR', 'ADBLOCK_CACHE_DIR', 'HOME'];
    for (const deployment of deployments) {
      const container = (
        deployment.spec as {
          template: { spec: { containers: Array<{ image: string; env: Array<{ name: string; value?: string }> }> } };
        }
      ).template.spec.containers[0];
      const service = container?.env.find((variable) => variable.name === 'SERVICE')?.value ?? '';
      for (const variable of container?.env ?? []) {
        if (!written.includes(variable.name) || variable.value === undefined) continue;
        if (variable.value.startsWith('s3://')) continue;
        expect(`${variable.name}=${variable.value}`).toMatch(/=(file:\/\/)?\/tmp(\/|$)/);
      }
      const browserImage = container?.image.includes('webharvest-browser') ?? false;
      expect([service, browserImage]).toEqual([
        service,
        service === 'scrape-worker' || service === 'browser-session-manager',
      ]);
    }
  });
});
