#!/usr/bin/env node
'use strict';
/**
 * Writes src/generated/swagger-plugin-metadata.ts: what the Swagger CLI plugin
 * (`@nestjs/swagger/plugin`, configured in nest-cli.json) reads from the DTOs and controllers
 * (property types, optionality, enums, the class-validator shim, comments, response types), for
 * the app to load with `SwaggerModule.loadPluginMetadata` before it builds the OpenAPI document
 * (src/platform/openapi/swagger-plugin-metadata.ts). `npm run build` runs it before SWC compiles
 * src/ (SWC runs no TypeScript plugin), and the e2e runs' global setup runs it for the specs,
 * which SWC compiles too: the deployed service and the tests describe the API from one file.
 *
 * The file starts with a fingerprint of everything the metadata depends on (every file under
 * src/ but this output, the TypeScript configuration, the plugin's options and the versions of
 * the packages that compute it); while it matches, the file is left as it is and the script ends
 * at once.
 */
const { createHash } = require('node:crypto');
const { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } = require('node:fs');
const { join, relative } = require('node:path');

const root = join(__dirname, '..');
const outputDir = join(root, 'src', 'generated');
const outputFile = join(outputDir, 'swagger-plugin-metadata.ts');
const TSCONFIG = 'tsconfig.build.json';
const FINGERPRINT_PREFIX = '// fingerprint: ';

function swaggerPluginOptions() {
  const nestCli = JSON.parse(readFileSync(join(root, 'nest-cli.json'), 'utf8'));
  const plugin = (nestCli.compilerOptions?.plugins ?? []).find(
    (entry) => entry === '@nestjs/swagger' || entry.name === '@nestjs/swagger',
  );
  if (!plugin) throw new Error('nest-cli.json declares no @nestjs/swagger plugin');
  return typeof plugin === 'string' ? {} : (plugin.options ?? {});
}

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      if (path === outputDir) return [];
      if (entry.isDirectory()) return sourceFiles(path);
      return entry.name.endsWith('.ts') ? [path] : [];
    })
    .sort();
}

function packageVersion(name) {
  return JSON.parse(readFileSync(require.resolve(`${name}/package.json`, { paths: [root] }), 'utf8')).version;
}

function fingerprint(options) {
  const hash = createHash('sha256');
  hash.update(readFileSync(join(__dirname, 'swagger-plugin-metadata.js')));
  hash.update(JSON.stringify(options));
  for (const name of ['@nestjs/swagger', '@nestjs/cli', 'typescript']) hash.update(`${name}@${packageVersion(name)}\0`);
  for (const file of [
    'tsconfig.json',
    TSCONFIG,
    ...sourceFiles(join(root, 'src')).map((path) => relative(root, path)),
  ]) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

function currentFingerprint() {
  try {
    const firstLine = readFileSync(outputFile, 'utf8').split('\n', 1)[0];
    return firstLine.startsWith(FINGERPRINT_PREFIX) ? firstLine.slice(FINGERPRINT_PREFIX.length) : null;
  } catch {
    return null;
  }
}

function generate(options, print) {
  const ts = require('typescript');
  const { PluginMetadataGenerator } = require('@nestjs/cli/lib/compiler/plugins/plugin-metadata-generator');
  const { ReadonlyVisitor } = require('@nestjs/swagger/plugin');

  const config = ts.getParsedCommandLineOfConfigFile(
    join(root, TSCONFIG),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  // Types are checked by `npm run typecheck`; the program here only answers the visitors.
  const program = ts.createProgram({ rootNames: config.fileNames, options: config.options });
  const temporary = `swagger-plugin-metadata.${process.pid}.tmp.ts`;
  mkdirSync(outputDir, { recursive: true });
  new PluginMetadataGenerator().generate({
    visitors: [new ReadonlyVisitor({ ...options, pathToSource: outputDir })],
    outputDir,
    filename: temporary,
    tsProgramRef: program,
  });
  const printed = readFileSync(join(outputDir, temporary), 'utf8');
  rmSync(join(outputDir, temporary));
  // Written whole under another name, then renamed: a run reading it never sees half a file.
  writeFileSync(`${outputFile}.${process.pid}`, `${FINGERPRINT_PREFIX}${print}\n${printed}\n`);
  renameSync(`${outputFile}.${process.pid}`, outputFile);
}

function main() {
  const started = Date.now();
  const options = swaggerPluginOptions();
  const print = fingerprint(options);
  if (currentFingerprint() === print) return;
  generate(options, print);
  process.stdout.write(
    `swagger-plugin-metadata: ${relative(root, outputFile)} written in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
  );
}

main();
