import { readdirSync } from 'node:fs';
import { MIGRATIONS } from './index';

describe('migrations/index.ts', () => {
  it('lists every migration file, oldest first', () => {
    const files = readdirSync(__dirname)
      .filter((file) => /^\d{13}-.+\.ts$/.test(file))
      .sort();
    const listed = MIGRATIONS.map((migration) => new migration().name ?? migration.name);
    expect(listed).toHaveLength(files.length);
    const timestamps = listed.map((name) => name.slice(-13));
    expect(timestamps).toEqual(files.map((file) => file.slice(0, 13)));
  });
});
