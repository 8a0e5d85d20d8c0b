import type { ValueTransformer } from 'typeorm';

/**
 * Maps a `bigint` money column (integer minor units) to a JavaScript number. The pg driver
 * returns bigint as a string; every amount the service handles stays below
 * Number.MAX_SAFE_INTEGER (2^53 - 1, about 90 trillion major units of a two-decimal currency),
 * which DTOs enforce on the way in. A stored value beyond it is refused here rather than
 * silently rounded.
 */
export const minorUnits: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | number | null) => {
    if (value === null || value === undefined) return value;
    const amount = typeof value === 'number' ? value : Number(value);
    if (!Number.isSafeInteger(amount)) throw new Error(`amount ${String(value)} is not a safe integer`);
    return amount;
  },
};

/** `minorUnits.from` for rows read with raw SQL. */
export function toMinorUnits(value: string | number): number {
  return minorUnits.from(value) as number;
}
