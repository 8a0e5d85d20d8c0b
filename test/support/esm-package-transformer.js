'use strict';
// Node 20's require(esm) is not available inside Jest's module runtime (Jest needs Node 24.9+
// for that), while NestJS 12 and a few of its dependencies ship as ES modules only. This
// transformer turns those packages into CommonJS for the test runtime only; production code
// loads them natively through require(esm). SWC does it, as it compiles the project's own
// TypeScript (`@swc/jest`). It used to be TypeScript's `transpileModule`: the 2,944 files of these
// packages took 27.5-28.7 CPU-seconds through it and 1.3 through SWC, and one e2e spec file on a
// cold Jest cache (test/platform/health) 18.9-20.5 CPU-seconds of Jest's own against 10.9-11.9.
const crypto = require('node:crypto');
const { transformSync, version } = require('@swc/core');

const REWRITES = [
  // CommonJS already has `require`; redeclaring it would be a syntax error.
  [/^\s*const\s+require\s*=\s*createRequire\(import\.meta\.url\);?\s*$/gm, ''],
  [/\bimport\.meta\.url\b/g, "require('node:url').pathToFileURL(__filename).href"],
  [/\bimport\.meta\.resolve\(/g, 'require.resolve('],
  [/\bimport\.meta\.dirname\b/g, '__dirname'],
  [/\bimport\.meta\.filename\b/g, '__filename'],
];

/** ES2022 in, ES2022 out: only the module syntax changes (`import()` becomes `require` too). */
const OPTIONS = {
  swcrc: false,
  configFile: false,
  sourceMaps: false,
  jsc: { parser: { syntax: 'ecmascript' }, target: 'es2022' },
  module: { type: 'commonjs' },
};

/** What the output depends on besides the file: a change to any of it misses the cached output. */
const RECIPE = JSON.stringify({
  swc: version,
  options: OPTIONS,
  rewrites: REWRITES.map(([from, to]) => [String(from), to]),
});

module.exports = {
  getCacheKey(source, filename) {
    return crypto.createHash('sha1').update(RECIPE).update(filename).update(source).digest('hex');
  },
  process(source, filename) {
    let code = source;
    for (const [pattern, replacement] of REWRITES) code = code.replace(pattern, replacement);
    return { code: transformSync(code, { ...OPTIONS, filename }).code };
  },
};
