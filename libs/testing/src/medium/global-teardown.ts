import type { ProvidedInfrastructure } from '../stack/infrastructure';

/** Stops whatever the global setup started (nothing when the machine's servers were used). */
export default async function globalTeardown(): Promise<void> {
  await (globalThis as { __WH_INTEGRATION__?: ProvidedInfrastructure }).__WH_INTEGRATION__?.stop();
}
