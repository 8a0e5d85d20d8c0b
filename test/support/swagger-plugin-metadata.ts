import { SwaggerModule } from '@nestjs/swagger';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');
const SCRIPT = join(root, 'scripts', 'swagger-plugin-metadata.js');
/** Written by the script, ignored by git, the type check and the linter. */
const METADATA_FILE = join(root, 'test', 'generated', 'swagger-plugin-metadata.ts');

/**
 * The Swagger CLI plugin runs in `nest build`, not in the tests, which SWC compiles file by file.
 * Global setup has scripts/swagger-plugin-metadata.js write what the plugin would add (again only
 * when src/ changed), and every test app loads it before Nest reads the controllers and DTOs.
 */
export function generateSwaggerPluginMetadata(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [SCRIPT], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${SCRIPT} failed (${signal ?? `exit ${code}`})`)),
    );
  });
}

let loaded: Promise<void> | undefined;

/** Gives the app's DTOs and controllers the plugin's metadata, once per spec file. */
export function loadSwaggerPluginMetadata(): Promise<void> {
  loaded ??= (async () => {
    if (!existsSync(METADATA_FILE)) {
      throw new Error(`${METADATA_FILE} is missing: the e2e global setup writes it (node ${SCRIPT})`);
    }
    // A path in a variable: the file exists only once generated, so the type check must not follow it.
    const metadata = (await import(METADATA_FILE)) as { default: () => Promise<Record<string, unknown>> };
    await SwaggerModule.loadPluginMetadata(metadata.default);
  })();
  return loaded;
}
