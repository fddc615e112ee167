import { type HostileCase, hostileCases } from './support/hostile/hostile-cases';
import { type RawAnswer, sendRaw } from './support/hostile/raw-request';
import { stackProcesses } from './support/hostile/stack-processes';
import { faultOf } from './support/hostile/verdict';
import { sharedStack } from './support/stack-env';

const stack = sharedStack();
/** The cases are the same on every run; another seed explores others (HOSTILE_SEED=7 npx jest ...). */
const SEED = Number(process.env.HOSTILE_SEED ?? 24);
/** Requests in flight at once: enough to overlap waits, few enough for two cores. */
const CONCURRENCY = 8;
/** Longer than any refusal takes, even of a 10 MB body on a busy machine; an answer still missing is a hang. */
const DEADLINE_MS = 20_000;

interface Outcome {
  hostile: HostileCase;
  answer: RawAnswer;
}

async function runAll(cases: HostileCase[], port: number): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < cases.length) {
      const hostile = cases[next++];
      outcomes.push({ hostile, answer: await sendRaw(port, hostile.request, DEADLINE_MS) });
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return outcomes;
}

describe('hostile and malformed requests on every route', () => {
  const cases = hostileCases(stack.apiKey, SEED);
  const families = [...new Set(cases.map((hostile) => hostile.family))];
  let outcomes: Outcome[] = [];
  let processesBefore: Record<string, number> = {};

  beforeAll(async () => {
    processesBefore = stackProcesses(stack);
    outcomes = await runAll(cases, Number(new URL(stack.baseUrl).port));
  }, 300_000);

  it('generates over a thousand cases, the same ones for the same seed', () => {
    expect(cases.length).toBeGreaterThan(1_000);
    const again = hostileCases(stack.apiKey, SEED);
    expect(again.map((hostile) => hostile.name)).toEqual(cases.map((hostile) => hostile.name));
    expect(outcomes).toHaveLength(cases.length);
  });

  it.each(families)(
    '%s: every answer is a 4xx with {success: false, error}, in time and without internal text',
    (family) => {
      const faults = outcomes
        .filter(({ hostile }) => hostile.family === family)
        .map(({ hostile, answer }) => ({ name: hostile.name, fault: faultOf(hostile, answer) }))
        .filter(({ fault }) => fault !== undefined);
      expect(faults).toEqual([]);
    },
  );

  it('leaves every service running as the same process, ready', async () => {
    expect(Object.keys(processesBefore).sort()).toEqual(Object.keys(stack.healthUrls).sort());
    expect(stackProcesses(stack)).toEqual(processesBefore);
    for (const [service, url] of Object.entries(stack.healthUrls)) {
      const ready = await fetch(`${url}/readyz`);
      expect({ service, status: ready.status }).toEqual({ service, status: 200 });
    }
  });
});
