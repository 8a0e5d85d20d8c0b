import { readFileSync } from 'node:fs';
import { Clock } from '../../src/platform/clock/clock';

/**
 * A clock that several processes share: it reads the current time from a file (an ISO 8601
 * instant, or epoch milliseconds) that a spec writes (`schedules/support/clock-file.ts`) to
 * move time for every worker and API process at once. The time stands still between writes,
 * like the in-process `FakeClock`. The file is read again at most every `cacheMs`. Spawned
 * processes get it from the test entry points (`entry/`, `--clock-file`); an in-process app
 * through the harness's `clock`.
 */
export class FileClock extends Clock {
  private current = Date.now();
  private checkedAt = 0;

  constructor(
    private readonly path: string,
    private readonly cacheMs = 20,
  ) {
    super();
    this.refresh(true);
  }

  now(): Date {
    this.refresh(false);
    return new Date(this.current);
  }

  private refresh(force: boolean): void {
    const realNow = Date.now();
    if (!force && realNow - this.checkedAt < this.cacheMs) return;
    this.checkedAt = realNow;
    let text: string;
    try {
      text = readFileSync(this.path, 'utf8');
    } catch {
      if (force) throw new Error(`clock file ${this.path} cannot be read`);
      return;
    }
    const parsed = parseInstant(text);
    // A file caught half-written keeps the last good time; the next read sees the whole one.
    if (parsed === null) {
      if (force) throw new Error(`clock file ${this.path} holds no instant`);
      return;
    }
    this.current = parsed;
  }
}

/** Epoch milliseconds of an ISO 8601 instant or of a number of milliseconds; null when neither. */
export function parseInstant(text: string): number | null {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(trimmed)) return null;
  const parsed = Date.parse(trimmed);
  return Number.isNaN(parsed) ? null : parsed;
}
