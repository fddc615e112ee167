import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import path from 'node:path';
import { isMainThread } from 'node:worker_threads';

/**
 * What `--cpu-prof` does, for processes started through NODE_OPTIONS (where Node 20 refuses `--cpu-prof`), and only
 * over the window the benchmark chooses rather than from boot: loaded with `--require`, the main thread starts
 * profiling at the first SIGUSR2 and writes `<pid>.cpuprofile` into BENCH_CPU_PROFILE_DIR at the second.
 */
const directory = process.env.BENCH_CPU_PROFILE_DIR;
if (directory && isMainThread) {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  let profiling = false;
  process.on('SIGUSR2', () => {
    if (!profiling) {
      session.post('Profiler.start');
      profiling = true;
      return;
    }
    profiling = false;
    session.post('Profiler.stop', (error, result) => {
      if (!error) writeFileSync(path.join(directory, `${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    });
  });
}
