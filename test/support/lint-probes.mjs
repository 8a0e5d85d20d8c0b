// Lints planted sources with the project's ESLint config, in one process (see lint-probe.ts).
// stdin: [{ filePath, source }]; stdout: for each, the ids of the rules it breaks, in line order.
//
// The type-aware rules read a TypeScript program. `eslint .` gets it from tsconfig.json through
// the project service, which builds the program of every file tsconfig.json holds (about ten
// seconds of CPU). A probe needs only its own file and what that file imports, so the probes are
// linted against a program of just their files: a throwaway tsconfig that extends tsconfig.json
// (same compiler options) and lists them. That each probe's file is one tsconfig.json holds, as
// `eslint .` needs, is still checked: a TypeScript file outside it is answered `not-in-tsconfig`.
// JavaScript files keep the config's untyped linting.
import { ESLint } from 'eslint';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import ts from 'typescript';

let input = '';
for await (const chunk of process.stdin) input += chunk;
const probes = JSON.parse(input);

const root = process.cwd();
const projectConfig = resolve(root, 'tsconfig.json');
const { config } = ts.readConfigFile(projectConfig, ts.sys.readFile);
const projectFiles = new Set(
  ts.parseJsonConfigFileContent(config, ts.sys, root).fileNames.map((file) => resolve(file)),
);

const scratch = mkdtempSync(join(tmpdir(), 'lint-probes-'));
try {
  const probeConfig = join(scratch, 'tsconfig.json');
  writeFileSync(
    probeConfig,
    JSON.stringify({
      extends: projectConfig,
      // Paths the project's tsconfig leaves to their defaults, which would resolve from here.
      compilerOptions: { rootDir: root, typeRoots: [resolve(root, 'node_modules/@types')] },
      include: [],
      files: [...new Set(probes.map(({ filePath }) => resolve(root, filePath)).filter((file) => file.endsWith('.ts')))],
    }),
  );
  const eslint = new ESLint({
    cwd: root,
    overrideConfig: {
      files: ['**/*.ts'],
      languageOptions: { parserOptions: { projectService: false, project: probeConfig } },
    },
  });
  const answers = [];
  for (const { filePath, source } of probes) {
    if (filePath.endsWith('.ts') && !projectFiles.has(resolve(root, filePath))) {
      answers.push(['not-in-tsconfig']);
      continue;
    }
    const [result] = await eslint.lintText(source, { filePath });
    answers.push(result.messages.map((message) => message.ruleId ?? `parse-error: ${message.message}`));
  }
  process.stdout.write(JSON.stringify(answers));
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
