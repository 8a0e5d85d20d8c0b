// Lints planted sources with the project's ESLint config as `npm test` lints the tree
// (scripts/types-and-lint.mjs): the type-aware rules read a TypeScript program with tsconfig.json's
// options, handed to ESLint (typescript-eslint's `parserOptions.programs`). Each probe's program is
// rooted at its own file (the planted source in place of the file on disk) and holds what that
// file imports, not the whole tree: a probe reads the types of its own code and its imports
// only. A file outside tsconfig.json's files is left out of its program, so ESLint refuses it as
// it would refuse the file in the tree. Source files read from disk are parsed once for all the
// probes (see lint-probe.ts).
// stdin: [{ filePath, source }]; stdout: for each, the ids of the rules it breaks, in line order.
import { ESLint } from 'eslint';
import { resolve } from 'node:path';
import ts from 'typescript';
import { readTsconfig } from '../../scripts/tsconfig.mjs';

const root = process.cwd();
const config = readTsconfig(root);
if (config.errors.length > 0) {
  throw new Error(ts.formatDiagnostics(config.errors, ts.createCompilerHost(config.options)));
}
const typed = new Set(config.fileNames.map((file) => resolve(file)));
const parsed = new Map();

/** A program of `filePath` (holding `source` in its place) and what it imports. */
function programOf(filePath, source) {
  const host = ts.createCompilerHost(config.options, true);
  const fromDisk = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, onError) => {
    if (resolve(fileName) === filePath) return ts.createSourceFile(fileName, source, languageVersion, true);
    let file = parsed.get(fileName);
    if (!file) {
      file = fromDisk(fileName, languageVersion, onError);
      parsed.set(fileName, file);
    }
    return file;
  };
  return ts.createProgram({ rootNames: typed.has(filePath) ? [filePath] : [], options: config.options, host });
}

let input = '';
for await (const chunk of process.stdin) input += chunk;
const answers = [];
for (const { filePath, source } of JSON.parse(input)) {
  const absolute = resolve(root, filePath);
  const eslint = new ESLint({
    cwd: root,
    overrideConfig: {
      files: ['**/*.ts'],
      languageOptions: { parserOptions: { projectService: false, programs: [programOf(absolute, source)] } },
    },
  });
  const [result] = await eslint.lintText(source, { filePath });
  answers.push(result.messages.map((message) => message.ruleId ?? `parse-error: ${message.message}`));
}
process.stdout.write(JSON.stringify(answers));
