import { getMetadataStorage } from 'class-validator';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseEnv } from 'node:util';
import { AppConfig, loadConfig } from './app-config';

/**
 * Keeps `.env.example` and the README's `## Configuration` table in step with AppConfig: every
 * variable the service reads is documented in both, nothing else is, and the table's defaults
 * are the class's.
 */
const root = join(__dirname, '../../..');
const envExample = readFileSync(join(root, '.env.example'), 'utf8');
const readme = readFileSync(join(root, 'README.md'), 'utf8');

/** The variables loadConfig reads, found the same way it finds them. */
const known = [
  ...new Set(
    getMetadataStorage()
      .getTargetValidationMetadatas(AppConfig, '', true, false)
      .map((metadata) => metadata.propertyName),
  ),
];

const envExampleNames = [...envExample.matchAll(/^([A-Za-z_][A-Za-z0-9_]*)=/gm)].map((match) => match[1]);

/** The rows of the README's configuration table, as [name, Default cell]. */
function configurationTable(): [string, string][] {
  const start = readme.search(/^## Configuration\s*$/m);
  if (start < 0) throw new Error('README.md has no "## Configuration" section');
  const rest = readme.slice(start + 1);
  const end = rest.search(/^## /m);
  const section = end < 0 ? rest : rest.slice(0, end);
  return [...section.matchAll(/^\| `([A-Za-z_][A-Za-z0-9_]*)` \|([^|\n]*)\|/gm)].map(([, name, cell]) => [
    name,
    cell.trim(),
  ]);
}
const tableRows = configurationTable();

/** The README's "### Running a second copy" subsection of `## Configuration`. */
function secondCopySection(): string {
  const start = readme.search(/^### Running a second copy/m);
  if (start < 0) return '';
  const rest = readme.slice(readme.indexOf('\n', start) + 1);
  const end = rest.search(/^##/m);
  return end < 0 ? rest : rest.slice(0, end);
}

/**
 * The settings two copies on one machine cannot share: ports, addresses, the Redis prefix and
 * directories. A new one (a rail simulator's port, say) must be added to the README's list.
 */
const PER_COPY = /^(PORT|\w+_PORT|\w+_URL|\w+_PREFIX|\w+_DIR)$/;
const tableNames = tableRows.map(([name]) => name);
const tableDefaults = new Map(tableRows);

function duplicates(names: string[]): string[] {
  return names.filter((name, index) => names.indexOf(name) !== index);
}

describe('configuration documentation', () => {
  it('finds the variables AppConfig reads', () => {
    expect(known).toEqual(expect.arrayContaining(['NODE_ENV', 'DATABASE_URL', 'OUTBOX_CLAIM_TTL_MS']));
  });

  it('lists every AppConfig variable in .env.example', () => {
    expect(known.filter((name) => !envExampleNames.includes(name))).toEqual([]);
  });

  it('lists nothing in .env.example that AppConfig does not read, and nothing twice', () => {
    expect(envExampleNames.filter((name) => !known.includes(name))).toEqual([]);
    expect(duplicates(envExampleNames)).toEqual([]);
  });

  it('gives .env.example values that AppConfig accepts', () => {
    expect(() => loadConfig(parseEnv(envExample))).not.toThrow();
  });

  it("lists every AppConfig variable in the README's configuration table", () => {
    expect(known.filter((name) => !tableNames.includes(name))).toEqual([]);
  });

  it("lists nothing in the README's configuration table that AppConfig does not read, and nothing twice", () => {
    expect(tableNames.filter((name) => !known.includes(name))).toEqual([]);
    expect(duplicates(tableNames)).toEqual([]);
  });

  it('names, under "Running a second copy", every port, address, prefix and directory setting', () => {
    const section = secondCopySection();
    const named = new Set([...section.matchAll(/`([A-Z][A-Z0-9_]*)[`=]/g)].map((match) => match[1]));
    const example = [...section.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]);
    expect(known.filter((name) => PER_COPY.test(name) && !named.has(name) && !example.includes(name))).toEqual([]);
    // The example .env lines and the names in the text are variables AppConfig reads.
    expect([...named, ...example].filter((name) => !known.includes(name))).toEqual([]);
    expect(example.length).toBeGreaterThan(0);
  });

  it("gives AppConfig's defaults in the README's configuration table", () => {
    const defaults = new AppConfig() as unknown as Record<string, unknown>;
    const wrong = known
      .filter((name) => tableDefaults.has(name))
      .flatMap((name) => {
        const value = defaults[name];
        const cell = tableDefaults.get(name) ?? '';
        const expected =
          value === undefined ? '(required' : value === '' ? 'empty' : `\`${String(value as string | number)}\``;
        const ok = value === undefined ? cell.startsWith(expected) : cell === expected;
        return ok ? [] : [`${name}: README says ${cell}, AppConfig has ${expected}`];
      });
    expect(wrong).toEqual([]);
  });
});
