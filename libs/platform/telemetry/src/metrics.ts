import {
  Counter,
  type CounterConfiguration,
  Gauge,
  type GaugeConfiguration,
  Histogram,
  type HistogramConfiguration,
} from 'prom-client';
import { metricsEnabled } from './metrics.config';
import { metricsRegistry } from './metrics-registry';
import { inSpan, SpanKind } from './tracing/spans';

// The catalogue of the platform's own metrics. Labels take values from small fixed sets only (route patterns,
// consumer names, engines, error codes, stages): never URLs, team ids or job ids, so a series count stays bounded.

const registers = [metricsRegistry];

/** What callers may do with a metric: record into it. Reading belongs to the registry and its /metrics answer. */
export type CounterMetric<L extends string> = Pick<Counter<L>, 'inc'>;
export type GaugeMetric<L extends string> = Pick<Gauge<L>, 'set'>;
export type HistogramMetric<L extends string> = Pick<Histogram<L>, 'observe'>;

const doNothing = (): void => undefined;

// With metrics off a recording call does nothing at all: no label hashing, no series lookup, no bucket search.
function counter<L extends string>(configuration: CounterConfiguration<L>): CounterMetric<L> {
  return metricsEnabled ? new Counter(configuration) : { inc: doNothing };
}

function gauge<L extends string>(configuration: GaugeConfiguration<L>): GaugeMetric<L> {
  return metricsEnabled ? new Gauge(configuration) : { set: doNothing };
}

function histogram<L extends string>(configuration: HistogramConfiguration<L>): HistogramMetric<L> {
  return metricsEnabled ? new Histogram(configuration) : { observe: doNothing };
}

/** Seconds, from a millisecond to two minutes: HTTP requests, NATS handlers, pipeline stages. */
const LATENCY_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120];

export const httpRequests = counter({
  name: 'wh_http_requests_total',
  help: 'HTTP requests answered, by method, route pattern and status code',
  labelNames: ['method', 'route', 'status'] as const,
  registers,
});

export const httpRequestDuration = histogram({
  name: 'wh_http_request_duration_seconds',
  help: 'Time from a request arriving to its response being sent, by method, route pattern and status code',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: LATENCY_BUCKETS,
  registers,
});

export const jetStreamHandlerDuration = histogram({
  name: 'wh_jetstream_handler_duration_seconds',
  help: 'Time a durable consumer handler took for one delivery, by consumer and outcome (ack, retry, dead_letter)',
  labelNames: ['consumer', 'outcome'] as const,
  buckets: LATENCY_BUCKETS,
  registers,
});

export const jetStreamRedeliveries = counter({
  name: 'wh_jetstream_redeliveries_total',
  help: 'Deliveries of a message that had been delivered before, by consumer',
  labelNames: ['consumer'] as const,
  registers,
});

export const jetStreamDeadLetters = counter({
  name: 'wh_jetstream_dead_letters_total',
  help: 'Messages given up on and recorded on the dead-letter stream, by consumer',
  labelNames: ['consumer'] as const,
  registers,
});

export const jetStreamConsumerPending = gauge({
  name: 'wh_jetstream_consumer_pending_messages',
  help: 'Messages in the stream the consumer has not been delivered yet (its lag), read from the server at scrape',
  labelNames: ['consumer'] as const,
  registers,
});

export const jetStreamConsumerAckPending = gauge({
  name: 'wh_jetstream_consumer_ack_pending_messages',
  help: 'Messages delivered to the consumer and not acknowledged yet, read from the server at scrape',
  labelNames: ['consumer'] as const,
  registers,
});

export const pagesScraped = counter({
  name: 'wh_pages_scraped_total',
  help: 'Scrape jobs finished by the scrape-worker, by engine (http, chromium, cache, none) and outcome (completed or an error code)',
  labelNames: ['engine', 'outcome'] as const,
  registers,
});

export const scrapeStageDuration = histogram({
  name: 'wh_scrape_stage_duration_seconds',
  help: 'Time of one stage of a scrape, by stage: fetch (HTTP engine), render (Chromium), pdf, convert (HTML to the requested formats), extract (json/summary through extract-service)',
  labelNames: ['stage'] as const,
  buckets: LATENCY_BUCKETS,
  registers,
});

export const browserPoolBrowsers = gauge({
  name: 'wh_browser_pool_browsers',
  help: 'Chromium processes the scrape-worker pool has running',
  registers,
});

export const browserPoolEvents = counter({
  name: 'wh_browser_pool_events_total',
  help: 'Browser pool events: launched, crashed (an unexpected exit, followed by a restart), recycled',
  labelNames: ['event'] as const,
  registers,
});

export const browserSessions = gauge({
  name: 'wh_browser_sessions',
  help: 'Interactive browser sessions open on this browser-session-manager replica',
  registers,
});

export const crawlPagesAdmitted = counter({
  name: 'wh_crawl_pages_admitted_total',
  help: 'URLs added to crawl frontiers (queued to be scraped)',
  registers,
});

export const crawlFrontierPages = gauge({
  name: 'wh_crawl_frontier_pages',
  help: 'Pages queued and not dispatched yet, over every crawl and batch still scraping (read from Postgres at scrape; every scheduler replica reports the same total)',
  registers,
});

export const creditsCharged = counter({
  name: 'wh_credits_charged_total',
  help: 'Credits written to the ledger as charges, each charge once, by kind of work',
  labelNames: ['kind'] as const,
  registers,
});

export const llmCalls = counter({
  name: 'wh_llm_calls_total',
  help: 'Calls to the LLM server, by outcome (ok or an error code)',
  labelNames: ['outcome'] as const,
  registers,
});

export const llmTokens = counter({
  name: 'wh_llm_tokens_total',
  help: 'LLM tokens used, by direction (prompt, completion)',
  labelNames: ['direction'] as const,
  registers,
});

export const llmCallDuration = histogram({
  name: 'wh_llm_call_duration_seconds',
  help: 'Time of one call to the LLM server',
  buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30, 60, 120, 300],
  registers,
});

/** Seconds since `startedAt` (a `performance.now()` reading), for observing a histogram. */
export function secondsSince(startedAt: number): number {
  return (performance.now() - startedAt) / 1000;
}

/** One call to the LLM server as the metrics see it: its outcome, its time and, when it answered, its tokens. */
export function recordLlmCall(
  outcome: string,
  startedAt: number,
  usage?: { promptTokens: number; completionTokens: number },
): void {
  llmCalls.inc({ outcome });
  llmCallDuration.observe(secondsSince(startedAt));
  if (!usage) return;
  llmTokens.inc({ direction: 'prompt' }, usage.promptTokens);
  llmTokens.inc({ direction: 'completion' }, usage.completionTokens);
}

/** A browser pool event with the pool's running totals (launched, crashes, recycled since the process started). */
export function recordBrowserPoolEvent(
  event: string,
  totals: { launched: number; crashes: number; recycled: number },
): void {
  browserPoolEvents.inc({ event });
  // Recycled browsers finish their open pages before closing; the gauge counts them gone from the moment they retire.
  browserPoolBrowsers.set(totals.launched - totals.crashes - totals.recycled);
}

/** Runs one stage of the page pipeline in a span and observes its time, whether it succeeded or not. */
export async function measureStage<T>(stage: string, work: () => Promise<T>): Promise<T> {
  const startedAt = performance.now();
  try {
    return await inSpan(stage, { kind: SpanKind.INTERNAL }, work);
  } finally {
    scrapeStageDuration.observe({ stage }, secondsSince(startedAt));
  }
}
