#!/usr/bin/env node
/**
 * `npm test`'s TypeScript check and ESLint in one process, over one TypeScript program.
 *
 * `tsc --noEmit` and ESLint's type-aware rules each build a program of the same files from
 * tsconfig.json, and each is most of its command's cost. Here the program is built once: its
 * diagnostics are reported as `tsc` reports them, then ESLint lints the whole tree with the
 * project's own configuration (eslint.config.mjs), handed that program (typescript-eslint's
 * `parserOptions.programs`) instead of its project service. The verdicts are the same as
 * `npm run typecheck`'s TypeScript step and `npm run lint`'s ESLint step, which stay the commands
 * to run by hand (incremental, and with ESLint's own options).
 *
 * Exit code: 1 when the program has an error diagnostic or ESLint reports an error, else 0.
 */
import { ESLint } from 'eslint';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { readTsconfig } from './tsconfig.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function loadProgram() {
  const config = readTsconfig(root);
  if (config.errors.length > 0) return { program: undefined, diagnostics: config.errors };
  const program = ts.createProgram({
    rootNames: config.fileNames,
    options: config.options,
    projectReferences: config.projectReferences,
  });
  return { program, diagnostics: ts.getPreEmitDiagnostics(program) };
}

async function main() {
  const started = Date.now();
  const { program, diagnostics } = loadProgram();
  const host = {
    getCanonicalFileName: (name) => name,
    getCurrentDirectory: () => root,
    getNewLine: () => '\n',
  };
  if (diagnostics.length > 0) {
    // As tsc prints them: with colour and the source line on a terminal, one line each elsewhere.
    const format = process.stdout.isTTY ? ts.formatDiagnosticsWithColorAndContext : ts.formatDiagnostics;
    process.stdout.write(format(diagnostics, host));
  }
  const typeErrors = diagnostics.filter((diagnostic) => diagnostic.category === ts.DiagnosticCategory.Error).length;
  process.stdout.write(
    `types: ${program ? program.getRootFileNames().length : 0} files, ${typeErrors} error(s) in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
  );
  if (!program) return 1;

  const linting = Date.now();
  const eslint = new ESLint({
    cwd: root,
    overrideConfig: {
      files: ['**/*.ts'],
      languageOptions: { parserOptions: { projectService: false, programs: [program] } },
    },
  });
  const results = await eslint.lintFiles(['.']);
  const formatter = await eslint.loadFormatter('stylish');
  const report = await formatter.format(results);
  if (report) process.stdout.write(report);
  const lintErrors = results.reduce((sum, result) => sum + result.errorCount + result.fatalErrorCount, 0);
  process.stdout.write(
    `eslint: ${results.length} files, ${lintErrors} error(s) in ${((Date.now() - linting) / 1000).toFixed(1)} s\n`,
  );
  return typeErrors > 0 || lintErrors > 0 ? 1 : 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    process.stderr.write(`types-and-lint failed: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exitCode = 2;
  },
);
