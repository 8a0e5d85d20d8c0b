#!/usr/bin/env node
'use strict';
/**
 * `npm run dev`: from a fresh clone to a running service. Writes .env from .env.example when
 * missing, builds, creates the database when missing, migrates, seeds the demo data, then
 * runs the API and the worker (and the simulators, once they exist) until Ctrl-C, and prints
 * where Swagger UI is once the API is ready.
 */
const { spawn, spawnSync } = require('node:child_process');
const { copyFileSync, existsSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '..');
const envFile = join(root, '.env');
if (!existsSync(envFile)) {
  copyFileSync(join(root, '.env.example'), envFile);
  console.log('dev: wrote .env from .env.example');
}
process.loadEnvFile(envFile);

function step(title, command, args) {
  console.log(`dev: ${title}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  if (result.status !== 0) {
    console.error(`dev: ${title} failed`);
    process.exit(result.status ?? 1);
  }
}

step('building', 'npx', ['nest', 'build']);
step('creating the database if missing', process.execPath, ['dist/src/cli/create-database.js']);
step('migrating', process.execPath, ['dist/src/cli/migrate.js']);
step('seeding demo data', process.execPath, ['dist/src/cli/seed.js']);

const processes = [
  ['api', 'dist/src/main.js'],
  ['worker', 'dist/src/worker.js'],
  ...(existsSync(join(root, 'dist/src/simulators/main.js')) ? [['simulators', 'dist/src/simulators/main.js']] : []),
];
const children = processes.map(([name, entry]) => {
  const child = spawn(process.execPath, [entry], {
    cwd: root,
    env: process.env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  child.on('exit', (code, signal) => {
    console.log(`dev: ${name} exited (${signal ?? code})`);
    if (!stopping) shutdown(code ?? 1);
  });
  return child;
});

let stopping = false;
function shutdown(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
  Promise.all(
    children.map(
      (child) => new Promise((resolve) => (child.exitCode !== null ? resolve() : child.on('exit', resolve))),
    ),
  ).then(() => process.exit(code));
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));

const port = process.env.PORT ?? '3000';
const readyUrl = `http://127.0.0.1:${port}/api/v1/health/ready`;
const started = Date.now();
(async function waitForReady() {
  while (!stopping && Date.now() - started < 60000) {
    try {
      const response = await fetch(readyUrl);
      if (response.ok) {
        console.log(
          `\ndev: ready. Swagger UI: http://localhost:${port}/api/v1/docs  (OpenAPI: /api/v1/openapi.json)\n`,
        );
        return;
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  if (!stopping) console.error(`dev: the API did not become ready at ${readyUrl} within 60 s`);
})();
