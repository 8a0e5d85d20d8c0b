/**
 * A fixed SQL text run as a named prepared statement (`run` in statement-executor.ts): each
 * pooled connection parses and plans it once, then only binds and executes it. On the payment
 * path parsing and planning cost about as much database CPU as running the statements, so the
 * statements that run per request are defined once, at module level. Behind a pooler in
 * transaction mode the statements run unnamed instead (`DATABASE_NAMED_STATEMENTS=false`,
 * `namesStatements` in statement-executor.ts): same text, parameters and rows.
 *
 * The application's statements come from `.sql` files typed by pgtyped from the migrated schema
 * (`sqlStatements` in sql-query.ts; the way to write SQL, see README.md). `defineStatement`, whose
 * `Row` and `Params` are the caller's word and checked against nothing, is for the specs of this
 * runtime (statements on tables of their own); the lint refuses it under `src/modules`.
 *
 * The name is what the connection knows the plan by: it must be unique in the process (checked
 * here), or `pg` would send one name for two texts. Result columns are named one by one
 * (checked here too): a prepared statement's result columns are fixed when it is planned, and
 * once a migration adds a column PostgreSQL refuses to run a `*` statement a connection
 * prepared before ("cached plan must not change result type").
 */
export class Statement<Row extends object, Params> {
  /** Carries the row and parameter types; never set. */
  declare readonly types?: { row: Row; params: Params };

  constructor(
    readonly name: string,
    /** The SQL, with positional parameters (`$1`, `$2`…). */
    readonly text: string,
    private readonly bind: Binding<Params>,
  ) {
    register(name);
    checkProjection(name, text);
  }

  /** The positional values (`$1`, `$2`…) of the caller's parameters. */
  valuesOf(params: Params): readonly unknown[] {
    return this.bind(params);
  }
}

/**
 * The positional values of a statement's parameters. Written as a method's type, so that a
 * statement of specific parameters still passes where any statement is taken (as a method's
 * parameters are compared both ways).
 */
type Binding<Params> = { bind(params: Params): readonly unknown[] }['bind'];

/** Positional parameters, passed as they are. */
function positional<Params extends readonly unknown[]>(params: Params): readonly unknown[] {
  return params;
}

/**
 * A statement of fixed text with positional parameters, for the specs of this runtime:
 *
 *   const PROBE = defineStatement<{ id: number }, [id: number]>('test.probe', `SELECT id FROM probe WHERE id = $1`);
 *   const row = await one(executorOn(manager), PROBE, [1]);
 *
 * `Row` and `Params` are the caller's word for what the SQL answers and takes: the application's
 * SQL goes in a `.sql` file instead (sql-query.ts), typed from the schema.
 */
export function defineStatement<Row extends object, Params extends readonly unknown[]>(
  name: string,
  text: string,
): Statement<Row, Params> {
  return new Statement<Row, Params>(name, text, positional);
}

const NAME = /^[a-z][a-z0-9]*(?:[.-][a-z0-9]+)*$/;
/** PostgreSQL keys prepared statements by their first 63 bytes: longer names could meet. */
const MAX_NAME_LENGTH = 63;
const names = new Set<string>();

export function register(name: string): void {
  if (!NAME.test(name) || name.length > MAX_NAME_LENGTH) {
    throw new Error(
      `statement name "${name}": lower-case words joined by . or -, at most ${MAX_NAME_LENGTH} characters`,
    );
  }
  if (names.has(name)) throw new Error(`statement name "${name}" is defined twice`);
  names.add(name);
}

/** `*`, `alias.*` or `RETURNING *` in a result: its columns would change with the table. */
const STAR_PROJECTION = /(?:\bSELECT|\bRETURNING|,)\s*(?:DISTINCT\s+)?\*|[\w"]\.\*/i;

export function checkProjection(name: string, text: string): string {
  if (STAR_PROJECTION.test(text)) throw new Error(`statement ${name} selects *: name its columns`);
  return text;
}
