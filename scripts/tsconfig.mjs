/**
 * tsconfig.json as TypeScript's command line reads it (`noEmit` on): its options, its files (the
 * program's root names) and its errors. A file it cannot read at all throws. Shared by
 * `types-and-lint.mjs` and the lint-rules spec's probes (`test/support/lint-probes.mjs`), which
 * both hand ESLint programs built from it.
 */
import { join } from 'node:path';
import ts from 'typescript';

export function readTsconfig(root) {
  return ts.getParsedCommandLineOfConfigFile(
    join(root, 'tsconfig.json'),
    { noEmit: true },
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
}
