import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { eventually } from '@wh/testing';
import { useOwnStack } from './support/own-stack';

interface ReceivedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  links?: { traceId: string; spanId: string }[];
}

interface OtlpExport {
  resourceSpans?: {
    resource?: { attributes?: { key: string; value: { stringValue?: string } }[] };
    scopeSpans?: { spans?: Omit<ReceivedSpan, 'service'>[] }[];
  }[];
}

/** An OTLP/HTTP receiver (JSON encoding) that keeps every span it is sent. */
async function startOtlpReceiver(): Promise<{ url: string; spans: ReceivedSpan[]; server: Server }> {
  const spans: ReceivedSpan[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.url !== '/v1/traces' || request.headers['content-type'] !== 'application/json') {
        response.writeHead(415).end();
        return;
      }
      const exported = JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpExport;
      for (const resourceSpans of exported.resourceSpans ?? []) {
        const service =
          resourceSpans.resource?.attributes?.find((attribute) => attribute.key === 'service.name')?.value
            .stringValue ?? '';
        for (const scope of resourceSpans.scopeSpans ?? []) {
          for (const span of scope.spans ?? []) spans.push({ service, ...span });
        }
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, spans, server };
}

describe('traces across the gateway and NATS', () => {
  let receiver: Awaited<ReturnType<typeof startOtlpReceiver>>;
  beforeAll(async () => {
    receiver = await startOtlpReceiver();
  });
  afterAll(async () => {
    await new Promise((resolve) => receiver.server.close(resolve));
  });
  const own = useOwnStack('traces', ['api-gateway', 'scrape-worker', 'billing-service'], () => ({
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
    OTEL_BSP_SCHEDULE_DELAY: '100',
  }));

  it('make one trace of a scrape, with spans of the gateway, the worker and billing, and stamp it on logs', async () => {
    const stack = own.stack();
    const traceId = randomBytes(16).toString('hex');
    const response = await fetch(`${stack.baseUrl}/v2/scrape`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${stack.apiKey}`,
        'content-type': 'application/json',
        // The caller's own trace: the gateway continues it rather than starting another.
        traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01`,
      },
      body: JSON.stringify({ url: `${own.site().url}/article`, formats: ['markdown'], maxAge: 0 }),
    });
    expect(response.status).toBe(200);

    // The spans of the three hops: the HTTP request, the worker's job and the usage billing records.
    const awaited = [
      'api-gateway:POST /v2/scrape',
      'scrape-worker:process scrape-worker-direct-jobs',
      'scrape-worker:convert',
      'billing-service:process billing-service-usage-batches',
      'api-gateway:receive scrape.direct-job.finished',
    ];
    const spans = await eventually(() => {
      const ofTrace = receiver.spans.filter((span) => span.traceId === traceId);
      const seen = new Set(ofTrace.map((span) => `${span.service}:${span.name}`));
      const missing = awaited.filter((name) => !seen.has(name));
      if (missing.length > 0) throw new Error(`no span ${missing.join(', ')} yet`);
      return ofTrace;
    });
    const byId = new Map(spans.map((span) => [span.spanId, span]));
    const parentOf = (span: ReceivedSpan | undefined): ReceivedSpan | undefined =>
      span?.parentSpanId ? byId.get(span.parentSpanId) : undefined;

    const request = spans.find((span) => span.service === 'api-gateway' && span.name === 'POST /v2/scrape');
    expect(request).toBeDefined();
    const work = spans.find(
      (span) => span.service === 'scrape-worker' && span.name === 'process scrape-worker-direct-jobs',
    );
    // The worker's span hangs off the gateway's publish, which hangs off the HTTP request.
    expect(parentOf(work)?.service).toBe('api-gateway');
    expect(parentOf(work)?.name).toMatch(/^send scrape\.direct-job\.run/);
    const billing = spans.find(
      (span) => span.service === 'billing-service' && span.name === 'process billing-service-usage-batches',
    );
    expect(parentOf(billing)?.service).toBe('scrape-worker');
    // And back: the gateway reads the result in a span of the request, linked to the worker's publish of it.
    const back = spans.find((span) => span.name === 'receive scrape.direct-job.finished');
    expect(parentOf(back)).toBe(request);
    const sentBy = byId.get(back?.links?.[0]?.spanId ?? '');
    expect([sentBy?.service, sentBy?.name]).toEqual(['scrape-worker', 'send scrape.direct-job.finished']);
    // Every span of the trace descends from the gateway's request span.
    for (const span of spans) {
      let ancestor: ReceivedSpan | undefined = span;
      while (ancestor && ancestor !== request) ancestor = parentOf(ancestor);
      expect([span.name, ancestor?.spanId]).toEqual([span.name, request?.spanId]);
    }

    const workerLog = readdirSync(stack.logDir).find((file) => file.startsWith('scrape-worker'));
    const lines = readFileSync(path.join(stack.logDir, workerLog ?? ''), 'utf8').split('\n');
    const finished = lines.find((line) => line.includes('"scrape job finished"') && line.includes(traceId));
    expect(finished).toBeDefined();
  }, 60_000);
});
