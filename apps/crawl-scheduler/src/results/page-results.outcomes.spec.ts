import type { ScrapeJobFinishedEvent } from '@wh/contracts';
import type { Transactions } from '../database/transactions';
import type { Job } from '../jobs/job';
import type { JobResultsKeeper } from './job-results-keeper';
import { PageResultsProcessor } from './page-results.processor';
import type { PreparedResult, ResultLoader } from './result-loader';
import type { AfterCommit, ResultOutcome, ResultOutcomeListener } from './result-outcomes';

const TRX = { name: 'the batch transaction' };

function jobOf(id: string): Job {
  return { id, kind: 'batch' } as Job;
}

function event(pageId: string): ScrapeJobFinishedEvent {
  return { jobId: pageId, teamId: 'team-1', status: 'completed' };
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** A listener that notes when each of its halves runs, and what it was given. */
function listener(name: string, log: string[], afterCommit: AfterCommit = async () => undefined) {
  const seen: { trx: unknown; outcomes: readonly ResultOutcome[] }[] = [];
  const instance: ResultOutcomeListener = {
    withinTransaction: async (trx, outcomes) => {
      log.push(`${name}: within`);
      seen.push({ trx, outcomes });
      return async () => {
        log.push(`${name}: after commit`);
        await afterCommit();
      };
    },
  };
  return { instance, seen };
}

function setUp(options: { commit?: 'succeeds' | 'fails' } = {}) {
  const log: string[] = [];
  const byJob = new Map<string, PreparedResult[]>([
    ['job-b', [{ page: { id: 'b1' } } as PreparedResult]],
    ['job-a', [{ page: { id: 'a1' } } as PreparedResult]],
  ]);
  const loader = { load: jest.fn(async () => byJob) };
  const keeper = {
    keep: jest.fn(async (_trx: unknown, jobId: string): Promise<ResultOutcome[]> => {
      log.push(`keep ${jobId}`);
      const job = jobOf(jobId);
      return [
        { type: 'page-kept-earlier', job, pageId: `${jobId}-page`, credits: 1, tokens: 0 },
        { type: 'job-settled', job },
      ];
    }),
  };
  const transactions = {
    run: jest.fn(async (work: (trx: unknown) => Promise<unknown>) => {
      log.push('begin');
      const result = await work(TRX);
      if (options.commit === 'fails') {
        log.push('rollback');
        throw new Error('could not serialize access');
      }
      log.push('commit');
      return result;
    }),
  };
  const build = (listeners: ResultOutcomeListener[]) =>
    new PageResultsProcessor(
      loader as unknown as ResultLoader,
      keeper as unknown as JobResultsKeeper,
      transactions as unknown as Transactions,
      listeners,
    );
  return { log, build, keeper };
}

describe('PageResultsProcessor outcomes', () => {
  it('gives every listener the outcomes inside the transaction, and runs their after-commit steps only after the commit, in order', async () => {
    const { log, build } = setUp();
    const billing = listener('billing', log);
    const webhooks = listener('webhooks', log);

    await build([billing.instance, webhooks.instance]).process([event('a1'), event('b1')]);

    expect(log).toEqual([
      'begin',
      'keep job-a',
      'keep job-b',
      'billing: within',
      'webhooks: within',
      'commit',
      'billing: after commit',
      'webhooks: after commit',
    ]);
    for (const { seen } of [billing, webhooks]) {
      expect(seen).toHaveLength(1);
      expect(seen[0]?.trx).toBe(TRX);
      expect(seen[0]?.outcomes.map((outcome) => `${outcome.type} ${outcome.job.id}`)).toEqual([
        'page-kept-earlier job-a',
        'job-settled job-a',
        'page-kept-earlier job-b',
        'job-settled job-b',
      ]);
    }
  });

  it('emits nothing when the commit fails: no after-commit step runs, the batch fails', async () => {
    const { log, build } = setUp({ commit: 'fails' });
    const billing = listener('billing', log);

    await expect(build([billing.instance]).process([event('a1')])).rejects.toThrow('could not serialize access');

    expect(log).not.toContain('billing: after commit');
    expect(log[log.length - 1]).toBe('rollback');
  });

  it('publishes nothing when a listener fails inside the transaction', async () => {
    const { log, build } = setUp();
    const billing = listener('billing', log);
    const failing: ResultOutcomeListener = {
      withinTransaction: async () => {
        throw new Error('webhook table unavailable');
      },
    };

    await expect(build([billing.instance, failing]).process([event('a1')])).rejects.toThrow(
      'webhook table unavailable',
    );

    expect(log).not.toContain('commit');
    expect(log).not.toContain('billing: after commit');
  });

  it('settles the batch (and so lets it be acknowledged) only once every after-commit step finished', async () => {
    const { log, build } = setUp();
    const charges = deferred();
    const billing = listener('billing', log, () => charges.promise);
    let settled = false;

    const processing = build([billing.instance])
      .process([event('a1')])
      .then(() => {
        settled = true;
      });
    await new Promise((resolve) => setImmediate(resolve));
    expect(log).toContain('billing: after commit');
    expect(settled).toBe(false);

    charges.resolve();
    await processing;
    expect(settled).toBe(true);
  });
});
