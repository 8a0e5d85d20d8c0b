import { spawn } from 'node:child_process';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');
const SCRIPT = join(root, 'scripts', 'swagger-plugin-metadata.js');

/**
 * The Swagger plugin's metadata (src/generated/swagger-plugin-metadata.ts), which the app loads
 * before it builds the OpenAPI document (src/platform/openapi/swagger-plugin-metadata.ts). `npm
 * run build` writes it; global setup runs the script again, so that a spec run without a build
 * finds it and one after a change to src/ finds it current (the script returns at once while its
 * fingerprint of src/ matches).
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
