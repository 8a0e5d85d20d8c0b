import { createHash } from 'node:crypto';

/**
 * A fixed SQL text run as a named prepared statement: each pooled connection parses and plans
 * it once, then only binds and executes it. On the payment path parsing and planning cost
 * about as much database CPU as running the statements, so every statement that runs per
 * request goes through here:
 *
 *   await manager.query(prepared(`SELECT ... WHERE id = $1`), [id]);
 *
 * TypeORM hands the query to `pg` unchanged, and `pg` takes a query config (`{ name, text }`)
 * wherever it takes text, so transactions, `QueryFailedError` and result shapes stay
 * TypeORM's. Only for texts that are fixed in the code (or drawn from a small, bounded set of
 * shapes): each distinct text stays prepared on every connection for the connection's life.
 */
export function prepared(text: string): string {
  let statement = statements.get(text);
  if (statement === undefined) {
    statement = new PreparedStatement(`ps_${createHash('sha256').update(text).digest('base64url').slice(0, 27)}`, text);
    statements.set(text, statement);
  }
  // The declared type is TypeORM's; the value is the query config pg reads (see above).
  return statement as unknown as string;
}

/** A pg query config that still reads as its SQL wherever a string is expected (logs, errors). */
class PreparedStatement {
  constructor(
    readonly name: string,
    readonly text: string,
  ) {}

  toString(): string {
    return this.text;
  }
}

/** Statement configs by text: hashing a text on every call showed in profiles. */
const statements = new Map<string, PreparedStatement>();
