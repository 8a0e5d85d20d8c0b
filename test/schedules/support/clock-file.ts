import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A clock file that every process of a spec reads (`FileClock`, `--clock-file`), and the spec moves. */
export class ClockFile {
  readonly path: string;
  private readonly directory: string;
  private current: number;

  constructor(start = Date.now()) {
    this.directory = mkdtempSync(join(tmpdir(), 'schedule-clock-'));
    this.path = join(this.directory, 'now');
    this.current = start;
    this.write();
  }

  now(): Date {
    return new Date(this.current);
  }

  advance(milliseconds: number): void {
    this.current += milliseconds;
    this.write();
  }

  remove(): void {
    rmSync(this.directory, { recursive: true, force: true });
  }

  private write(): void {
    // Written whole, then renamed, so a reader never sees half a time.
    const temporary = `${this.path}.tmp`;
    writeFileSync(temporary, new Date(this.current).toISOString());
    renameSync(temporary, this.path);
  }
}
