import { uniqueName } from './unique';

/** A `teams` row to insert, as billing-service stores it. */
export interface TeamRow {
  name: string;
  concurrency_limit: number;
}

/** A team with a unique name and the default concurrency limit, changed by `overrides`. */
export function teamRow(overrides: Partial<TeamRow> = {}): TeamRow {
  return { name: uniqueName('team'), concurrency_limit: 10, ...overrides };
}
