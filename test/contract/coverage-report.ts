import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { OperationModel } from './openapi-model';

const ENDPOINTS_FILE = resolve(__dirname, '../../../shared/spec/endpoints.tsv');

/** Which rows of the spec's endpoint list the document implements, as printable lines. */
export function coverageReport(operations: OperationModel[]): string[] {
  if (!existsSync(ENDPOINTS_FILE)) return [`coverage: ${ENDPOINTS_FILE} not found; no report`];
  const documented = new Set(operations.map((operation) => key(operation.method, operation.path)));
  const rows = readFileSync(ENDPOINTS_FILE, 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split('\t'))
    .map(([section, method, path, base]) => ({ section, method, path: base === 'root' ? path : `/api/v1${path}` }));
  const missing = rows.filter((row) => !documented.has(key(row.method, row.path)));
  const implemented = rows.length - missing.length;
  const bySection = new Map<string, { total: number; done: number }>();
  for (const row of rows) {
    const entry = bySection.get(row.section) ?? { total: 0, done: 0 };
    entry.total += 1;
    if (documented.has(key(row.method, row.path))) entry.done += 1;
    bySection.set(row.section, entry);
  }
  return [
    `coverage: ${implemented} / ${rows.length} spec endpoints implemented and documented`,
    ...[...bySection.entries()].map(([section, entry]) => `  section ${section}: ${entry.done} / ${entry.total}`),
  ];
}

/** Path parameters match whatever their names: `/billers/{id}` is `/billers/{billerIdOrSlug}`. */
function key(method: string, path: string): string {
  return `${method.toUpperCase()} ${path.replace(/\{[^}]+\}/g, '{}')}`;
}
