import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import path from 'node:path';

/**
 * Loaded with `node -r` (NODE_OPTIONS refuses --cpu-prof): profiles the process from its start and writes a
 * .cpuprofile to WH_CPU_PROFILE_DIR when it exits. An in-process inspector session answers synchronously, which is
 * what lets the profile be taken in an 'exit' listener.
 */
const directory = process.env.WH_CPU_PROFILE_DIR;
if (directory) {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.start');
  process.on('exit', () => {
    session.post('Profiler.stop', (error, result) => {
      if (error) return;
      const name = path.basename(path.dirname(path.dirname(process.argv[1] ?? 'node')));
      writeFileSync(path.join(directory, `${name}-${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    });
  });
}
