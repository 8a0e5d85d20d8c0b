import type { EntityManager } from 'typeorm';

/**
 * Loads a context's demo data. `run` is idempotent: it looks rows up by their natural key and
 * inserts only what is missing, so running the seed twice changes nothing.
 */
export interface Seeder {
  readonly name: string;
  run(manager: EntityManager): Promise<SeedReport>;
}

export interface SeedReport {
  created: number;
  existing: number;
  /** Rows already there that the run completed (a field an older seed left empty); counted in `existing` too. */
  updated?: number;
}
