import type { RunningStack, ProvidedInfrastructure } from '@wh/testing';

export default async function globalTeardown(): Promise<void> {
  const state = globalThis as { __WH_E2E__?: { stack: RunningStack; infrastructure: ProvidedInfrastructure } };
  if (!state.__WH_E2E__) return;
  await state.__WH_E2E__.stack.stop();
  await state.__WH_E2E__.infrastructure.stop();
}
