import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileClock, parseInstant } from './file-clock';

describe('FileClock', () => {
  it('reads the instant a test writes, and follows a new one', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'clock-')), 'now');
    writeFileSync(path, '2026-03-02T08:00:00.000Z');
    const clock = new FileClock(path, 0);
    expect(clock.now().toISOString()).toBe('2026-03-02T08:00:00.000Z');
    await new Promise((resolve) => setTimeout(resolve, 15));
    writeFileSync(path, String(Date.parse('2026-04-01T00:00:00.000Z')));
    expect(clock.now().toISOString()).toBe('2026-04-01T00:00:00.000Z');
  });

  it('refuses a file without an instant', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'clock-')), 'now');
    writeFileSync(path, 'tomorrow');
    expect(() => new FileClock(path)).toThrow(/holds no instant/);
    expect(parseInstant('')).toBeNull();
  });
});
