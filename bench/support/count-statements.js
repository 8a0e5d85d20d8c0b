'use strict';
/**
 * Counts the statements a process sends PostgreSQL, client side, for a server without
 * `pg_stat_statements` (the development server): preload it into the API or the worker,
 *
 *   BENCH_API_NODE_ARGS="-r $PWD/bench/support/count-statements.js" npm run bench:reads
 *
 * (an absolute path: the bench starts its processes in the system's temporary directory),
 * and when the process exits (the bench stops it with SIGTERM, an orderly exit) it writes
 * `count<TAB>statement` lines, most sent first, to COUNT_STATEMENTS_FILE (default
 * `/tmp/statements.<pid>.tsv`). A named statement is listed under its name
 * (`NAMED merchants.merchant-payments-page ...`), transaction control as sent (`START
 * TRANSACTION`, `COMMIT`). Divide by the requests the bench reports to get statements per
 * request. It wraps `pg`'s `Client.prototype.query` the first time a module requires `pg`; the
 * wrapping costs a little CPU, so read the phase's ratio from a run without it.
 */
const Module = require('node:module');
const { writeFileSync } = require('node:fs');

const counts = new Map();
const load = Module._load;
let wrapped = false;

Module._load = function loadCounting(request, ...rest) {
  const exported = load.call(this, request, ...rest);
  if (!wrapped && request === 'pg' && exported && exported.Client) {
    wrapped = true;
    const query = exported.Client.prototype.query;
    exported.Client.prototype.query = function countedQuery(config, ...args) {
      counts.set(describe(config), (counts.get(describe(config)) ?? 0) + 1);
      return query.call(this, config, ...args);
    };
  }
  return exported;
};

/** One line for a statement: its name and the start of its text, whitespace folded. */
function describe(config) {
  const text = typeof config === 'string' ? config : config && config.text;
  const folded = String(text ?? '')
    .replace(/\s+/g, ' ')
    .slice(0, 120);
  return config && typeof config === 'object' && config.name ? `NAMED ${config.name} ${folded}` : folded;
}

process.on('exit', () => {
  const file = process.env.COUNT_STATEMENTS_FILE || `/tmp/statements.${process.pid}.tsv`;
  const lines = [...counts].sort((a, b) => b[1] - a[1]).map(([statement, count]) => `${count}\t${statement}`);
  writeFileSync(file, `${lines.join('\n')}\n`);
});
