import 'reflect-metadata';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONFIG_SLICES } from '../configuration';
import {
  configurationTables,
  undocumentedVariables,
  withConfigurationTables,
} from '../platform/config/config-documentation';

/**
 * `npm run config:docs`: rewrites the README's configuration tables from every slice's
 * `@Setting` descriptions and defaults. `src/config-documentation.spec.ts` fails while they differ.
 */
function main(): void {
  const undocumented = undocumentedVariables(CONFIG_SLICES);
  if (undocumented.length > 0) throw new Error(`no @Setting description for ${undocumented.join(', ')}`);
  const path = join(__dirname, '../../README.md');
  const readme = readFileSync(path, 'utf8');
  const updated = withConfigurationTables(readme, configurationTables(CONFIG_SLICES));
  writeFileSync(path, updated);
  process.stdout.write(
    updated === readme ? 'README.md configuration tables: up to date\n' : 'README.md configuration tables: rewritten\n',
  );
}

try {
  main();
} catch (error: unknown) {
  process.stderr.write(`config:docs failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
