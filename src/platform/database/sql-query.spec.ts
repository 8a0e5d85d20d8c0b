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

  it('answers hinted columns ("name!") under their plain names, as the generated types name them', () => {
    const query = new PreparedQuery<void, { total: string }>(ir('SELECT count(*) AS "total!" FROM users', []));
    const { countAll } = sqlStatements('spec-g', { countAll: query });

    expect(countAll.rowOf?.({ 'total!': '3' })).toEqual({ total: '3' });
  });

  it("answers a new row for a hinted one, leaving the driver's row as it came, unhinted columns first", () => {
    const query = new PreparedQuery<void, { id: string; total: string; name: string | null; kind: string }>(
      ir('SELECT id, count(*) AS "total!", max(name) AS "name?", kind FROM users GROUP BY id, kind', []),
    );
    const { countNamed } = sqlStatements('spec-h', { countNamed: query });
    const driverRow = { id: 'u1', 'total!': '3', 'name?': null, kind: 'CUSTOMER' };

    const row = countNamed.rowOf?.(driverRow);

    expect(row).not.toBe(driverRow);
    expect(driverRow).toEqual({ id: 'u1', 'total!': '3', 'name?': null, kind: 'CUSTOMER' });
    expect(Object.entries(row as object)).toEqual([
      ['id', 'u1'],
      ['kind', 'CUSTOMER'],
      ['total', '3'],
      ['name', null],
    ]);
  });
});
