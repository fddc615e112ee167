import { RecyclingLanes } from './recycling-lanes';

/** Workers that are numbers, with a record of which were started and stopped, and tasks the test settles by hand. */
function setUp(count: number, tasksPerWorker: number) {
  let next = 0;
  const started: number[] = [];
  const stopped: number[] = [];
  const lanes = new RecyclingLanes(count, tasksPerWorker, {
    start: () => {
      next += 1;
      started.push(next);
      return next;
    },
    stop: async (worker) => void stopped.push(worker),
  });
  const pending: Array<{ worker: number; finish: () => void }> = [];
  const submit = (): Promise<number> =>
    lanes.run(
      (worker) =>
        new Promise<number>((resolve) => {
          pending.push({ worker, finish: () => resolve(worker) });
        }),
    );
  return { lanes, started, stopped, pending, submit };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('RecyclingLanes', () => {
  it('hands each task to the worker with the fewest tasks in flight', async () => {
    const { started, pending, submit } = setUp(2, 100);
    void submit();
    void submit();
    void submit();
    expect(started).toEqual([1, 2]);
    expect(pending.map((task) => task.worker)).toEqual([1, 2, 1]);
    pending[0]?.finish();
    pending[2]?.finish();
    await settle();
    void submit();
    expect(pending[3]?.worker).toBe(1);
  });

  it('replaces a worker after its tasks, and stops it only once the tasks it holds have finished', async () => {
    const { started, stopped, pending, submit } = setUp(1, 2);
    const first = submit();
    const second = submit();
    const third = submit();
    expect(started).toEqual([1, 2]);
    expect(pending.map((task) => task.worker)).toEqual([1, 1, 2]);
    pending[0]?.finish();
    await settle();
    expect(stopped).toEqual([]);
    pending[1]?.finish();
    await settle();
    expect(stopped).toEqual([1]);
    pending[2]?.finish();
    await expect(Promise.all([first, second, third])).resolves.toEqual([1, 1, 2]);
    expect(stopped).toEqual([1]);
  });

  it('stops every worker at once at the end, a replaced one still busy included, and takes no task after', async () => {
    const { lanes, stopped, submit } = setUp(1, 1);
    void submit();
    void submit();
    await lanes.stop();
    expect(stopped.sort()).toEqual([1, 2]);
    await expect(submit()).rejects.toThrow('stopped');
  });
});
