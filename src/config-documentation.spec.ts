import { IsInt } from 'class-validator';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseEnv } from 'node:util';
import { CONFIG_SLICES, loadAllConfiguration } from './configuration';
import { ConfigSlice, Setting } from './platform/config/config-slice';
import {
  CONFIGURATION_TABLES_END,
  CONFIGURATION_TABLES_START,
  configurationTables,
  defaultCell,
  undocumentedVariables,
  withConfigurationTables,
} from './platform/config/config-documentation';
import { sliceVariables } from './platform/config/configuration';

/**
 * Keeps `.env.example` and the README's `## Configuration` tables in step with the slices: every
 * variable the service reads is documented (by its slice's `@Setting`) in both, nothing else is,
 * and the README's tables are the ones `npm run config:docs` generates.
 */
const root = join(__dirname, '..');
const envExample = readFileSync(join(root, '.env.example'), 'utf8');
const readme = readFileSync(join(root, 'README.md'), 'utf8');

/** The variables loadConfiguration reads, found the same way it finds them. */
const known = CONFIG_SLICES.flatMap((slice) => sliceVariables(slice));

const envExampleNames = [...envExample.matchAll(/^([A-Za-z_][A-Za-z0-9_]*)=/gm)].map((match) => match[1]);

/** The README's `## Configuration` section. */
function configurationSection(): string {
  const start = readme.search(/^## Configuration\s*$/m);
  if (start < 0) throw new Error('README.md has no "## Configuration" section');
  const rest = readme.slice(start + 1);
  const end = rest.search(/^## /m);
  return end < 0 ? rest : rest.slice(0, end);
}

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

function duplicates(names: string[]): string[] {
  return names.filter((name, index) => names.indexOf(name) !== index);
}

@ConfigSlice('Probe', 'src/probe.config.ts')
class ProbeConfig {
  @Setting('documented')
  @IsInt()
  PROBE_DOCUMENTED = 1;

  @IsInt()
  PROBE_UNDOCUMENTED = 2;
}

describe('configuration documentation', () => {
  it('finds the variables of every slice, each read by one slice only', () => {
    expect(known).toEqual(
      expect.arrayContaining([
        'NODE_ENV',
        'DATABASE_URL',
        'OUTBOX_CLAIM_TTL_MS',
        'POSTING_MAX_TRIES',
        'AML_NEW_ACCOUNT_DAYS',
      ]),
    );
    expect(duplicates(known)).toEqual([]);
  });

  it('documents every variable of every slice with @Setting', () => {
    expect(undocumentedVariables(CONFIG_SLICES)).toEqual([]);
  });

  it('catches a variable without @Setting', () => {
    expect(undocumentedVariables([ProbeConfig])).toEqual(['ProbeConfig.PROBE_UNDOCUMENTED']);
  });

  it('lists every variable in .env.example', () => {
    expect(known.filter((name) => !envExampleNames.includes(name))).toEqual([]);
  });

  it('lists nothing in .env.example that no slice reads, and nothing twice', () => {
    expect(envExampleNames.filter((name) => !known.includes(name))).toEqual([]);
    expect(duplicates(envExampleNames)).toEqual([]);
  });

  it('gives .env.example values that every slice accepts', () => {
    expect(() => loadAllConfiguration(parseEnv(envExample))).not.toThrow();
  });

  it("holds the generated tables in the README's configuration section (run `npm run config:docs` when this fails)", () => {
    const section = configurationSection();
    expect(section).toContain(CONFIGURATION_TABLES_START);
    expect(section).toContain(CONFIGURATION_TABLES_END);
    expect(withConfigurationTables(readme, configurationTables(CONFIG_SLICES))).toBe(readme);
  });

  it('generates a table per slice: name, default in code and description', () => {
    const tables = configurationTables([ProbeConfig]);
    expect(tables).toContain('### Probe\n\nDeclared in `src/probe.config.ts`.');
    expect(tables).toContain('| `PROBE_DOCUMENTED` | `1` | documented |');
    expect(tables).toContain('| `PROBE_UNDOCUMENTED` | `2` |  |');
    expect(defaultCell(ProbeConfig, 'PROBE_DOCUMENTED')).toBe('`1`');
  });

  it('tells a stale README from a current one', () => {
    const stale = readme.replace('| `POSTING_MAX_TRIES` | `6` |', '| `POSTING_MAX_TRIES` | `7` |');
    expect(stale).not.toBe(readme);
    expect(withConfigurationTables(stale, configurationTables(CONFIG_SLICES))).toBe(readme);
  });

  it('names, under "Running a second copy", every port, address, prefix and directory setting', () => {
    const section = secondCopySection();
    const named = new Set([...section.matchAll(/`([A-Z][A-Z0-9_]*)[`=]/g)].map((match) => match[1]));
    const example = [...section.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]);
    expect(known.filter((name) => PER_COPY.test(name) && !named.has(name) && !example.includes(name))).toEqual([]);
    // The example .env lines and the names in the text are variables a slice reads.
    expect([...named, ...example].filter((name) => !known.includes(name))).toEqual([]);
    expect(example.length).toBeGreaterThan(0);
  });
});
