import { readdirSync } from 'node:fs';
import path from 'node:path';
import { PreparedQuery, QueryIR, sqlStatements } from './sql-query';

/** An IR as pgtyped writes it: `locs` are the first and last character of each use. */
function ir(statement: string, params: QueryIR['params']): QueryIR {
  return { statement, params, usedParamSet: Object.fromEntries(params.map((param) => [param.name, true])) };
}

function at(statement: string, text: string, from = 0): { a: number; b: number } {
  const a = statement.indexOf(text, from);
  return { a, b: a + text.length - 1 };
}

describe('sqlStatements', () => {
  it('names each query <context>.<kebab name> and numbers its parameters in order of first use', () => {
    const text = 'SELECT id FROM users WHERE phone = :phone! AND locked_until > :now! OR created_at > :now!';
    const query = new PreparedQuery<{ phone: string; now: Date }, { id: string }>(
      ir(text, [
        { name: 'phone', required: true, transform: { type: 'scalar' }, locs: [at(text, ':phone!')] },
        {
          name: 'now',
          required: true,
          transform: { type: 'scalar' },
          locs: [at(text, ':now!'), at(text, ':now!', text.indexOf(':now!') + 1)],
        },
      ]),
    );
    const { lockedUsersByPhone } = sqlStatements('spec-a', { lockedUsersByPhone: query });
    const now = new Date();

    expect(lockedUsersByPhone.name).toBe('spec-a.locked-users-by-phone');
    expect(lockedUsersByPhone.text).toBe(
      'SELECT id FROM users WHERE phone = $1 AND locked_until > $2 OR created_at > $2',
    );
    expect(lockedUsersByPhone.valuesOf({ phone: '+2348000000000', now })).toEqual(['+2348000000000', now]);
  });

  it('binds a tuple expansion one value per key', () => {
    const text = 'INSERT INTO points (x, y) VALUES :point';
    const query = new PreparedQuery<{ point: { x: number; y: number } }, void>(
      ir(text, [
        {
          name: 'point',
          required: true,
          transform: {
            type: 'pick_tuple',
            keys: [
              { name: 'x', required: true },
              { name: 'y', required: true },
            ],
          },
          locs: [at(text, ':point')],
        },
      ]),
    );
    const { insertPoint } = sqlStatements('spec-b', { insertPoint: query });

    expect(insertPoint.text).toBe('INSERT INTO points (x, y) VALUES ($1, $2)');
    expect(insertPoint.valuesOf({ point: { x: 1, y: 2 } })).toEqual([1, 2]);
  });

  it('refuses a list expansion, whose text would change with the length of the list', () => {
    const text = 'SELECT id FROM users WHERE id IN :ids';
    const query = new PreparedQuery<{ ids: string[] }, { id: string }>(
      ir(text, [{ name: 'ids', required: true, transform: { type: 'array_spread' }, locs: [at(text, ':ids')] }]),
    );

    expect(() => sqlStatements('spec-c', { usersById: query })).toThrow('use = ANY(:ids)');
  });

  it('refuses a * projection', () => {
    const query = new PreparedQuery<void, object>(ir('SELECT * FROM users', []));

    expect(() => sqlStatements('spec-d', { everyUser: query })).toThrow('selects *');
  });

  it('makes a module’s statements once, for one context only', () => {
    const queries = { countUsers: new PreparedQuery<void, { n: string }>(ir('SELECT count(*) AS n FROM users', [])) };

    expect(sqlStatements('spec-e', queries)).toBe(sqlStatements('spec-e', queries));
    expect(() => sqlStatements('spec-f', queries)).toThrow("asked for as spec-f's");
  });

  it('runs hinted names ("name!", "name?") under their plain names, so rows come as the generated types name them', () => {
    const query = new PreparedQuery<void, { id: string; total: string; name: string | null; kind: string }>(
      ir(
        'SELECT t.id, t."total!", t."name?", t.kind FROM (SELECT id, count(*) AS "total!", max(name) AS "name?", kind FROM users GROUP BY id, kind) t',
        [],
      ),
    );
    const { countNamed } = sqlStatements('spec-g', { countNamed: query });

    expect(countNamed.text).toBe(
      'SELECT t.id, t."total", t."name", t.kind FROM (SELECT id, count(*) AS "total", max(name) AS "name", kind FROM users GROUP BY id, kind) t',
    );
  });

  it("leaves no hint in any statement of the project's SQL, and changes nothing but the hinted aliases", () => {
    const modules = queryModules(path.join(__dirname, '..', '..'));
    expect(modules.length).toBeGreaterThan(20);
    let hinted = 0;
    for (const [moduleIndex, file] of modules.entries()) {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- every generated module, found on disk
      const queries = require(file) as Record<string, unknown>;
      const context = `spec-all-${moduleIndex}`;
      // A copy: the module itself is its context's, and may already be registered under that name
      // (the unit project's spec files share their modules: jest.config.js).
      const statements: Record<string, { text: string }> = sqlStatements(context, { ...queries });
      for (const [exported, statement] of Object.entries(statements)) {
        const ir = (queries[exported] as PreparedQuery<unknown, unknown>).ir;
        const aliases = ir.statement.match(/\bAS\s+"[^"]+[!?]"/gi) ?? [];
        const plainAliases = aliases.map((alias) => alias.replace(/[!?]"$/, '"'));
        hinted += aliases.length;
        expect([exported, /"[^"]+[!?]"/.test(statement.text)]).toEqual([exported, false]);
        // Only the aliases changed: the text is the same with every plain alias hinted again.
        let restored = statement.text;
        for (const [index, plain] of plainAliases.entries()) restored = restored.replace(plain, aliases[index]);
        expect(restored.replace(/\$\d+/g, '?')).toBe(withParametersAsMarks(ir));
      }
    }
    expect(hinted).toBeGreaterThan(100);
  });
});

/** Every generated `*.queries.ts` under `src/`. */
function queryModules(root: string): string[] {
  return readdirSync(root, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(root, entry.name);
    if (entry.isDirectory()) return queryModules(file);
    return entry.name.endsWith('.queries.ts') ? [file] : [];
  });
}

/** The IR's text with each parameter's place as `?` (tuples as `(?, ?)`), to compare texts whatever the numbering. */
function withParametersAsMarks(ir: QueryIR): string {
  const places = ir.params
    .filter((param) => param.name in ir.usedParamSet)
    .flatMap((param) =>
      param.locs.map((loc) => ({
        ...loc,
        sub: param.transform.type === 'pick_tuple' ? `(${param.transform.keys.map(() => '?').join(', ')})` : '?',
      })),
    )
    .sort((x, y) => x.a - y.a);
  let result = '';
  let from = 0;
  for (const { a, b, sub } of places) {
    result += ir.statement.slice(from, a) + sub;
    from = b + 1;
  }
  return result + ir.statement.slice(from);
}
