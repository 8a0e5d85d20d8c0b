import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { TABLE_OWNERS } from '../../migrations/table-owners';
import {
  accessesInSql,
  accessesInTypeScript,
  contextSources,
  declaredReadModel,
  embeddedGroupsIn,
  entitiesIn,
  type EntityInfo,
  filesUnder,
  loadSqlParser,
  migrationTables,
  type SourceAccess,
  type SourceFile,
  usesOfConstant,
  usesOfQuery,
} from './table-access';

const ROOT = path.resolve(__dirname, '..', '..');

/**
 * Each table has one owner (README "Architecture"): the context whose migration creates it,
 * as `migrations/table-owners.ts` records. Only the owner's SQL and entities write the table;
 * another context reads it only when its README declares it a read model, listing the table.
 * The code is read, not run: the SQL of every string literal and `.sql` file under a context,
 * parsed by PostgreSQL's parser, and every entity class a context's code reaches.
 */
describe('table ownership', () => {
  const sources = contextSources(ROOT);
  const entities = entitiesIn(sources.ts);
  const entityByClass = new Map(entities.map((entity): [string, EntityInfo] => [entity.className, entity]));
  const tables = new Set(Object.keys(TABLE_OWNERS));
  const contexts = new Set(sources.ts.map((file) => file.context));
  let accesses: (SourceAccess & { context: string })[];

  beforeAll(async () => {
    await loadSqlParser();
    accesses = [
      ...sources.ts.flatMap((file) =>
        accessesInTypeScript(file, entityByClass, tables).map((access) => ({ ...access, context: file.context })),
      ),
      ...sources.sql.flatMap((file) =>
        accessesInSql(file, tables).map((access) => ({ ...access, context: file.context })),
      ),
    ];
  });

  const describeAccess = (access: SourceAccess & { context: string }) =>
    `${access.file}:${access.line} ${access.context} ${access.access}s ${access.table} ` +
    `(owner ${TABLE_OWNERS[access.table]}) by ${access.via} "${access.what}"`;

  it('gives every table a migration creates an owner, and lists no table the migrations do not create', async () => {
    await loadSqlParser();
    const live = new Set<string>();
    const migrations = filesUnder(path.join(ROOT, 'migrations'), (file) => /\/\d{13}-[^/]+\.ts$/.test(file));
    for (const file of migrations) {
      const { created, dropped } = migrationTables({
        path: file,
        context: 'migrations',
        text: readFileSync(file, 'utf8'),
      });
      dropped.forEach((table) => live.delete(table));
      created.forEach((table) => live.add(table));
    }
    expect(live.size).toBeGreaterThan(40);
    expect([...live].filter((table) => !(table in TABLE_OWNERS)).sort()).toEqual([]);
    expect(Object.keys(TABLE_OWNERS).filter((table) => !live.has(table))).toEqual([]);
  });

  it('names only contexts that exist as owners', () => {
    const owners = new Set(Object.values(TABLE_OWNERS));
    expect([...owners].filter((owner) => !contexts.has(owner))).toEqual([]);
  });

  it("declares each entity in its table owner's folder, one entity per table", () => {
    expect(entities.length).toBeGreaterThan(40);
    const misplaced = entities
      .filter((entity) => TABLE_OWNERS[entity.table] !== entity.context)
      .map(
        (entity) => `${entity.file}: ${entity.className} maps ${entity.table} (owner ${TABLE_OWNERS[entity.table]})`,
      );
    expect(misplaced).toEqual([]);
    const classes = entities.map((entity) => entity.className);
    expect(classes.filter((name, index) => classes.indexOf(name) !== index)).toEqual([]);
  });

  it('maps an embedded column group to the table of the entity that embeds it, whichever context declares the group', () => {
    const groups = embeddedGroupsIn(sources.ts, entities);
    // Billers' snapshot of a biller, kept by the rows that were made for it.
    expect(groups.map((group) => `${group.entity}.${group.group} in ${group.table}`)).toEqual(
      expect.arrayContaining([
        'Payment.BillerSnapshot in payments',
        'Bill.BillerSnapshot in bills',
        'Schedule.BillerSnapshot in schedules',
      ]),
    );
    // A group is no entity: it has no table of its own, so embedding it reads and writes no other context's table.
    expect(groups.filter((group) => entityByClass.has(group.group)).map((group) => group.group)).toEqual([]);
  });

  it("finds the SQL and entities the contexts use (the scan's own floor)", () => {
    const ownWrites = accesses.filter((access) => access.access === 'write' && access.via === 'sql');
    expect(new Set(ownWrites.map((access) => access.context)).size).toBeGreaterThan(10);
    expect(accesses.some((access) => access.via === 'entity' && access.table === 'payments')).toBe(true);
  });

  it("writes a table only from its owner's code", () => {
    const trespasses = accesses.filter(
      (access) =>
        access.access === 'write' && tables.has(access.table) && TABLE_OWNERS[access.table] !== access.context,
    );
    expect(trespasses.map(describeAccess)).toEqual([]);
  });

  it("reads another context's table only in a read model whose README lists that table", () => {
    const declared = readModels(contexts);
    const trespasses = accesses.filter(
      (access) =>
        access.access === 'read' &&
        tables.has(access.table) &&
        TABLE_OWNERS[access.table] !== access.context &&
        !(declared.get(access.context) ?? []).includes(access.table),
    );
    expect(trespasses.map(describeAccess)).toEqual([]);
  });

  it('keeps each read model declaration true: every table listed is read, none is its own', () => {
    const stale: string[] = [];
    for (const [context, listed] of readModels(contexts)) {
      for (const table of listed) {
        const read = accesses.some((access) => access.context === context && access.table === table);
        if (!read || TABLE_OWNERS[table] === context) stale.push(`${context} lists ${table}`);
      }
    }
    expect(stale).toEqual([]);
  });

  it("changes a payment's status only in PaymentRepository.transition", () => {
    const writers = accesses.filter(
      (access) =>
        access.table === 'payments' &&
        access.access === 'write' &&
        access.via === 'sql' &&
        (access.columns ?? []).includes('status'),
    );
    expect(writers.length).toBeGreaterThan(0);
    const places = writers.flatMap((access) => {
      if (access.query) {
        // A `.sql` query runs wherever its statement is named, in any file.
        const query = access.query;
        const uses = sources.ts.flatMap((file) =>
          usesOfQuery(file, query).map((use) => `${access.file} ${query} in ${file.path} ${use}`),
        );
        return uses.length === 0 ? [`${access.file} ${query} (unused)`] : uses;
      }
      if (!access.constant) return [`${access.file}:${access.line} ${access.enclosing ?? '(module)'}`];
      const file = sources.ts.find((source) => source.path === access.file)!;
      const uses = usesOfConstant(file, access.constant);
      // Exported or unused, a statement could be run from anywhere: only its uses in its file vouch for it.
      if (uses.length === 0 || /^export\s/m.test(exportLineOf(file.text, access.constant))) {
        return [`${access.file} ${access.constant} (exported or unused)`];
      }
      return uses.map((use) => `${access.file} ${access.constant} in ${use}`);
    });
    expect(places.filter((place) => !place.endsWith('PaymentRepository.transition'))).toEqual([]);
    expect(places.length).toBeGreaterThan(0);
    // Through TypeORM (`manager.update(Payment, ..., { status })`, a saved entity) nothing writes it either.
    const entityWriters = accesses.filter(
      (access) =>
        access.table === 'payments' &&
        access.access === 'write' &&
        access.via === 'entity' &&
        !/\.entities\.ts$/.test(access.file) &&
        /\bstatus\b/.test(lineOf(access)),
    );
    expect(entityWriters.map(describeAccess)).toEqual([]);
  });

  it("writes posting attempts only in posting-attempt.repository.ts, and the first cycle in the capture's transition", () => {
    const writers = accesses.filter((access) => access.table === 'posting_attempts' && access.access === 'write');
    expect(writers.length).toBeGreaterThan(0);
    const repository = (file: string) => file.endsWith('/posting-attempt.repository.ts');
    // The capture's move to PENDING opens the first cycle in its own statement (payments README,
    // "Posting"): TransitionPayment, run by PaymentRepository.transition alone.
    const firstCycle = (query: string, file: SourceFile) =>
      query === 'TransitionPayment' &&
      file.path.endsWith('/payment.repository.ts') &&
      usesOfQuery(file, query).every((use) => use === 'PaymentRepository.transition');
    const elsewhere = writers.filter((access) => {
      if (access.query) {
        // A `.sql` query writes wherever its statement is named.
        const query = access.query;
        const users = sources.ts.filter((file) => usesOfQuery(file, query).length > 0);
        return users.length === 0 || !users.every((file) => repository(file.path) || firstCycle(query, file));
      }
      return !repository(access.file) && !/\.entities\.ts$/.test(access.file);
    });
    expect(elsewhere.map(describeAccess)).toEqual([]);
    expect(writers.filter((access) => access.query === 'TransitionPayment')).toHaveLength(1);
  });
});

function readModels(contexts: ReadonlySet<string>): Map<string, string[]> {
  const models = new Map<string, string[]>();
  for (const context of contexts) {
    const readme = path.join(ROOT, context === 'platform' ? 'src/platform' : `src/modules/${context}`, 'README.md');
    if (!existsSync(readme)) continue;
    const tables = declaredReadModel(readFileSync(readme, 'utf8'));
    if (tables) models.set(context, tables);
  }
  return models;
}

function exportLineOf(text: string, constant: string): string {
  return text.split('\n').find((line) => new RegExp(`\\b(?:const|let)\\s+${constant}\\b`).test(line)) ?? '';
}

function lineOf(access: SourceAccess): string {
  return readFileSync(path.join(ROOT, access.file), 'utf8').split('\n')[access.line - 1] ?? '';
}
