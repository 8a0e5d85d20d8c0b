import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MAGIC_SUFFIXES } from './biller-simulator';

/** The README's "Biller simulator" table says exactly what MAGIC_SUFFIXES says. */
describe('biller simulator documentation', () => {
  it('lists every magic suffix in the README as MAGIC_SUFFIXES describes it', () => {
    const readme = readFileSync(join(__dirname, '../..', 'README.md'), 'utf8');
    const start = readme.search(/^## Biller simulator\s*$/m);
    expect(start).toBeGreaterThanOrEqual(0);
    const rest = readme.slice(start + 1);
    const end = rest.search(/^## /m);
    const section = end < 0 ? rest : rest.slice(0, end);
    const documented = Object.fromEntries(
      [...section.matchAll(/^\| `(\d{3})` \| (.+?) \|\s*$/gm)].map(([, suffix, outcome]) => [suffix, outcome]),
    );
    expect(documented).toEqual(MAGIC_SUFFIXES);
  });
});
