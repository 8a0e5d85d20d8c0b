import { createHash } from 'node:crypto';
import type { DataSource, EntityTarget, ObjectLiteral } from 'typeorm';
import { entityColumns } from './entity-columns';

/** What a statement's text may take from the entities' metadata (see `defineStatement`). */
export interface StatementSchema {
  /** The entity's table, quoted. */
  table(target: EntityTarget<ObjectLiteral>): string;
  /** Its columns one by one (`entityColumns`). */
  columns(target: EntityTarget<ObjectLiteral>, alias: string, prefix?: string): string;
}

/** Fixed SQL, or SQL built once from the entities' metadata when the statement first runs. */
export type StatementText = string | ((schema: StatementSchema) => string);

/**
 * A fixed SQL text run as a named prepared statement (`run` in statement-executor.ts): each
 * pooled connection parses and plans it once, then only binds and executes it. On the payment
 * path parsing and planning cost about as much database CPU as running the statements, so the
 * statements that run per request are defined once, at module level.
 *
 * A statement comes from a `.sql` file typed by pgtyped from the migrated schema
 * (`sqlStatements` in sql-query.ts; the way to write SQL, see README.md), or, in the contexts
 * not converted yet, from `defineStatement`, whose `Row` and `Params` are the caller's word and
 * checked against nothing.
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
  private builtFor?: DataSource;
  private built?: string;

  constructor(
    readonly name: string,
    private readonly source: StatementText,
    private readonly bind: Binding<Params>,
    /** How a row as PostgreSQL names its columns becomes a `Row`, when it is not one already. */
    readonly rowOf?: (row: Record<string, unknown>) => Row,
  ) {
    register(name);
    if (typeof source === 'string') checkProjection(name, source);
  }

  /** The positional values (`$1`, `$2`…) of the caller's parameters. */
  valuesOf(params: Params): readonly unknown[] {
    return this.bind(params);
  }

  /** The SQL this statement runs on `connection`. */
  textFor(connection: DataSource): string {
    if (typeof this.source === 'string') return this.source;
    if (this.builtFor === connection && this.built !== undefined) return this.built;
    const text = checkProjection(this.name, this.source(schemaOf(connection)));
    // A second data source (tests open several) must build the same text under the same name.
    if (this.built !== undefined && this.built !== text) {
      throw new Error(`statement ${this.name} builds different SQL on another data source`);
    }
    this.builtFor = connection;
    this.built = text;
    return text;
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
 * A statement of its own; `name` as `<context>.<what>` (e.g. `payments.lock-customer`):
 *
 *   const KYC_TIER = defineStatement<{ kyc_tier: KycTier }, [userId: string]>(
 *     'customer-limits.kyc-tier', `SELECT kyc_tier FROM users WHERE id = $1`);
 *   const row = await one(executorOn(manager), KYC_TIER, [userId]);
 *
 * `Row` and `Params` are the caller's word for what the SQL answers and takes: new SQL goes in
 * a `.sql` file instead (sql-query.ts).
 */
export function defineStatement<Row extends object, Params extends readonly unknown[]>(
  name: string,
  text: StatementText,
): Statement<Row, Params> {
  return new Statement<Row, Params>(name, text, positional);
}

/**
 * Statements of one query whose text is generated from a small, bounded set of shapes (a
 * search's word count, filters and sort): each distinct text becomes a statement named
 * `<name>.<digest of the text>`. Every shape stays prepared on every connection for the
 * connection's life, so the shapes must stay few.
 */
export function defineStatementShapes<Row extends object, Params extends readonly unknown[]>(
  name: string,
): (text: string) => Statement<Row, Params> {
  register(name);
  // By text: hashing a text on every call showed in profiles.
  const byText = new Map<string, Statement<Row, Params>>();
  return (text) => {
    let statement = byText.get(text);
    if (statement === undefined) {
      const digest = createHash('sha256').update(text).digest('hex').slice(0, 16);
      statement = new Statement<Row, Params>(`${name}.${digest}`, text, positional);
      byText.set(text, statement);
    }
    return statement;
  };
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

function schemaOf(connection: DataSource): StatementSchema {
  return {
    table: (target) => connection.driver.escape(connection.getMetadata(target).tableName),
    columns: (target, alias, prefix) => entityColumns(connection, target, alias, prefix),
  };
}
