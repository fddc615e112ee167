import { provideInfrastructure, type ProvidedInfrastructure } from '../stack/infrastructure';
import { publishMediumInfrastructure } from './medium-infrastructure';

/** Jest global setup of the integration tier: the machine's NATS and Postgres, or private ones started for the run. */
export default async function globalSetup(): Promise<void> {
  const infrastructure = await provideInfrastructure();
  publishMediumInfrastructure(infrastructure);
  (globalThis as { __WH_INTEGRATION__?: ProvidedInfrastructure }).__WH_INTEGRATION__ = infrastructure;
}
