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

  it('replaces the first workers one at a time, the first after its share of the tasks, the last after all of them', async () => {
    const { started, stopped, pending, submit } = setUp(2, 4);
    for (let task = 0; task < 4; task += 1) void submit();
    expect(pending.map((task) => task.worker)).toEqual([1, 2, 1, 2]);
    for (const task of pending) task.finish();
    await settle();
    void submit();
    expect(started).toEqual([1, 2, 3]);
    expect(pending[4]?.worker).toBe(3);
    await settle();
    expect(stopped).toEqual([1]);
    // Worker 2 takes its last two tasks and is replaced only when handed one more.
    for (let task = 0; task < 4; task += 1) void submit();
    expect(pending.slice(5).map((task) => task.worker)).toEqual([2, 3, 2, 3]);
    expect(started).toEqual([1, 2, 3]);
    void submit();
    expect(pending[9]?.worker).toBe(4);
    expect(started).toEqual([1, 2, 3, 4]);
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
