import { randomUUID } from 'node:crypto';
import {
  AckPolicy,
  connect,
  type Consumer,
  type JetStreamClient,
  type JetStreamManager,
  RetentionPolicy,
  StorageType,
} from 'nats';
import { Client } from 'pg';
import { cpuSeconds, DatabaseBackendsCpu } from './process-readings';

/** CPU milliseconds per page each party spent moving pages through the queue and the database, nothing else. */
export interface QueueStorageFloor {
  pages: number;
  natsServerMs: number;
  postgresMs: number;
  clientsMs: number;
}

const LINKS_PER_PAGE = 10;

/**
 * The least a crawl built as the design prescribes must spend per page outside fetching and converting: the page's
 * job through a JetStream work queue and its result back (published with acknowledgement, pulled, acknowledged), its
 * document stored in Postgres, its links checked against the frontier, its next pages claimed, and its credit sent
 * to billing's own table through the queue. Every step runs `batch` pages at a time with no validation, webhooks or
 * status reads, so the figure is a lower bound for any implementation of that design, ours included.
 */
export async function measureQueueStorageFloor(options: {
  natsUrl: string;
  natsPid: number;
  postgresAdminUrl: string;
  pages: number;
  batch: number;
  documentBytes: number;
}): Promise<QueueStorageFloor> {
  const database = `wh_bench_floor_${process.pid}_${Date.now()}`;
  const admin = new Client({ connectionString: options.postgresAdminUrl });
  await admin.connect();
  await admin.query(`create database ${database}`);
  const databaseUrl = new URL(options.postgresAdminUrl);
  databaseUrl.pathname = `/${database}`;
  const db = new Client({ connectionString: databaseUrl.href });
  await db.connect();
  const nats = await connect({ servers: options.natsUrl, noAsyncTraces: true });
  const prefix = `floor${process.pid}x${Date.now()}`;
  try {
    const manager = await nats.jetstreamManager();
    await provision(manager, prefix);
    await db.query(`create table pages (
      id uuid primary key, job_id uuid not null, url_key text not null, state text not null,
      seq bigserial, document text, unique (job_id, url_key))`);
    await db.query('create index pages_queue on pages (job_id, state, seq)');
    await db.query(
      'create table usage (event_id text primary key, credits int not null default 1, recorded_at timestamptz not null default now())',
    );
    const jobId = randomUUID();
    await insertLinks(db, jobId, [0]);

    const backends = new DatabaseBackendsCpu(options.postgresAdminUrl, database);
    await backends.start();
    const natsBefore = cpuSeconds(options.natsPid);
    const clientsBefore = process.cpuUsage();
    const js = nats.jetstream();
    const [jobsConsumer, resultsConsumer, usageConsumer] = await Promise.all(
      ['jobs', 'results', 'usage'].map((name) => js.consumers.get(`${prefix}-${name}`, `${prefix}-${name}`)),
    );
    const document = 'x'.repeat(options.documentBytes);
    let done = 0;
    while (done < options.pages) {
      const claimed = await claim(db, jobId, options.batch);
      if (claimed.length === 0) break;
      const jobs = await roundTrip(
        js,
        `${prefix}.jobs`,
        jobsConsumer,
        claimed.map((page) => JSON.stringify({ jobId: page.id, url: page.url_key })),
      );
      const results = await roundTrip(
        js,
        `${prefix}.results`,
        resultsConsumer,
        jobs.map((job) => JSON.stringify({ ...JSON.parse(job), document })),
      );
      const kept = results.map((result) => JSON.parse(result) as { jobId: string; document: string });
      await db.query('begin');
      await db.query(
        `update pages set state = 'completed', document = kept.document
         from unnest($1::uuid[], $2::text[]) as kept(id, document) where pages.id = kept.id`,
        [kept.map((page) => page.jobId), kept.map((page) => page.document)],
      );
      // Each page links to the next ten by number, as the bench site's pages do: most are known already.
      const links = claimed.flatMap((page) =>
        Array.from({ length: LINKS_PER_PAGE }, (_, step) => Number(page.url_key) + step + 1),
      );
      await insertLinks(
        db,
        jobId,
        links.filter((link) => link < options.pages),
      );
      await db.query('commit');
      const [charges] = await roundTrip(js, `${prefix}.usage`, usageConsumer, [
        JSON.stringify(kept.map((page) => `crawl:${page.jobId}`)),
      ]);
      await db.query('insert into usage (event_id) select unnest($1::text[]) on conflict do nothing', [
        JSON.parse(charges ?? '[]'),
      ]);
      done += kept.length;
      await backends.sample();
    }
    const clients = process.cpuUsage(clientsBefore);
    const perPage = (seconds: number): number => (seconds * 1000) / done;
    return {
      pages: done,
      natsServerMs: perPage(cpuSeconds(options.natsPid) - natsBefore),
      postgresMs: perPage(await backends.stop()),
      clientsMs: perPage((clients.user + clients.system) / 1e6),
    };
  } finally {
    await nats.close();
    await db.end();
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
  }
}

async function provision(manager: JetStreamManager, prefix: string): Promise<void> {
  for (const name of ['jobs', 'results', 'usage']) {
    await manager.streams.add({
      name: `${prefix}-${name}`,
      subjects: [`${prefix}.${name}`],
      retention: RetentionPolicy.Workqueue,
      storage: StorageType.File,
    });
    await manager.consumers.add(`${prefix}-${name}`, {
      durable_name: `${prefix}-${name}`,
      ack_policy: AckPolicy.Explicit,
    });
  }
}

/** Publishes the bodies with acknowledgement, pulls them from the durable consumer, acknowledges each, returns them. */
async function roundTrip(
  js: JetStreamClient,
  subject: string,
  consumer: Consumer,
  bodies: readonly string[],
): Promise<string[]> {
  await Promise.all(
    bodies.map((body, index) => js.publish(subject, body, { msgID: `${subject}-${randomUUID()}-${index}` })),
  );
  const received: string[] = [];
  while (received.length < bodies.length) {
    const messages = await consumer.fetch({ max_messages: bodies.length - received.length, expires: 5_000 });
    for await (const message of messages) {
      received.push(message.string());
      message.ack();
    }
  }
  return received;
}

async function claim(db: Client, jobId: string, batch: number): Promise<{ id: string; url_key: string }[]> {
  const result = await db.query<{ id: string; url_key: string }>(
    `update pages set state = 'dispatched' where id in (
       select id from pages where job_id = $1 and state = 'queued' order by seq limit $2 for update skip locked)
     returning id, url_key`,
    [jobId, batch],
  );
  return result.rows;
}

async function insertLinks(db: Client, jobId: string, numbers: readonly number[]): Promise<void> {
  if (numbers.length === 0) return;
  await db.query(
    `insert into pages (id, job_id, url_key, state)
     select gen_random_uuid(), $1, key, 'queued' from unnest($2::text[]) as key
     on conflict (job_id, url_key) do nothing`,
    [jobId, numbers.map(String)],
  );
}
