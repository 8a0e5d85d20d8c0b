'use strict';
// Node 20's require(esm) is not available inside Jest's module runtime (Jest needs Node 24.9+
// for that), while NestJS 12 and a few of its dependencies ship as ES modules only. This
// transformer turns those packages into CommonJS for the test runtime only; production code
// loads them natively through require(esm).
const crypto = require('node:crypto');
const ts = require('typescript');

const REWRITES = [
  // CommonJS already has `require`; redeclaring it would be a syntax error.
  [/^\s*const\s+require\s*=\s*createRequire\(import\.meta\.url\);?\s*$/gm, ''],
  [/\bimport\.meta\.url\b/g, "require('node:url').pathToFileURL(__filename).href"],
  [/\bimport\.meta\.resolve\(/g, 'require.resolve('],
  [/\bimport\.meta\.dirname\b/g, '__dirname'],
  [/\bimport\.meta\.filename\b/g, '__filename'],
];

module.exports = {
  getCacheKey(source, filename) {
    return crypto.createHash('sha1').update('v1').update(filename).update(source).digest('hex');
  },
  process(source, filename) {
    let code = source;
    for (const [pattern, replacement] of REWRITES) code = code.replace(pattern, replacement);
    const out = ts.transpileModule(code, {
      fileName: filename,
      compilerOptions: {
        module: ts.ModuleKind.CommonJS,
        target: ts.ScriptTarget.ES2022,
        allowJs: true,
        esModuleInterop: true,
        sourceMap: false,
      },
    });
    return { code: out.outputText };
  },
};
