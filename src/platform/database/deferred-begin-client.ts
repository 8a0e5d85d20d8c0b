import { Client, Query, type ClientConfig, type Connection, type QueryConfig, type QueryResult } from 'pg';
import { NAMED_STATEMENTS_OPTION } from './statement-executor';

/** The name each connection prepares `BEGIN` under, the first time it defers one. */
export const BEGIN_STATEMENT = 'platform.begin';

const BEGIN = /^(START TRANSACTION|BEGIN)$/i;
const END = /^(COMMIT|ROLLBACK)$/i;

type Callback = (error: Error | undefined, result: QueryResult) => void;

/**
 * A `pg` client (the pool's `Client`, data-source-options.ts) that sends a transaction's `BEGIN`
 * in the same round trip as the transaction's first statement, instead of in one of its own.
 *
 * TypeORM opens a transaction with `START TRANSACTION` and waits for its answer before it sends
 * the first statement: a round trip that carries nothing. Here a plain `START TRANSACTION` (or
 * `BEGIN`) is held back and answered at once; the next statement, when it goes by the extended
 * protocol (a prepared statement, or one with parameters), is sent behind a Bind and Execute of
 * `BEGIN` and one Sync after both: PostgreSQL runs them in order, the `BEGIN` turning what
 * follows into an ordinary transaction block that outlives the Sync (the protocol's rule for a
 * `BEGIN` inside an extended-protocol pipeline). Any other next query (simple protocol, a
 * cursor, a `COPY`) gets the `BEGIN` sent before it as a query of its own, as before; a `COMMIT`
 * or `ROLLBACK` right after the held `BEGIN` ends a transaction that never started, so neither
 * is sent. What runs on the server, and in which transaction, is what TypeORM asked for.
 *
 * `BEGIN` is a named prepared statement of each connection (`BEGIN_STATEMENT`, prepared by the
 * first transaction the connection opens, which sends it on its own), so the message in front of
 * a statement is a Bind and an Execute with no Parse: the statement's own Parse, when it has one,
 * is the only one in the round trip, as pg expects. For that reason only clients whose statements
 * are named defer (`DATABASE_NAMED_STATEMENTS`): behind a pooler in transaction mode a name
 * prepared on one server connection is unknown on the next, and there the `BEGIN` goes alone.
 */
export class DeferredBeginClient extends Client {
  private readonly defers: boolean;
  /** A `BEGIN` answered but not sent yet. */
  private held = false;

  /** `config` is the pool's options (pg-pool hands them on), with the data source's `NAMED_STATEMENTS_OPTION`. */
  constructor(config?: ClientConfig & { [NAMED_STATEMENTS_OPTION]?: boolean }) {
    super(config);
    // Named unless told otherwise, as the statement executor's `namesStatements` reads the same key.
    this.defers = config?.[NAMED_STATEMENTS_OPTION] !== false;
    // pg's own `query`, the prototype's (this instance's is the one defined here), looked up on
    // each call; its overloads are pg's, and what the client does with each is in `route`.
    const send = (...args: unknown[]) => (Client.prototype.query as (...args: unknown[]) => unknown).apply(this, args);
    Object.defineProperty(this, 'query', { value: (...args: unknown[]) => this.route(send, args) });
    // pg-pool sets `release` on each checkout. A client handed back while it holds a BEGIN (a
    // runner released with its transaction neither committed nor rolled back) drops it, so the
    // next borrower's statements do not start in a transaction it never asked for; sent, such a
    // BEGIN would have left the connection inside an open transaction instead.
    let release: ((error?: Error | boolean) => void) | undefined;
    Object.defineProperty(this, 'release', {
      configurable: true,
      get: () =>
        release &&
        ((error?: Error | boolean) => {
          this.held = false;
          release?.(error);
        }),
      set: (value: ((error?: Error | boolean) => void) | undefined) => {
        release = value;
      },
    });
  }

  private route(send: (...args: unknown[]) => unknown, args: unknown[]): unknown {
    const plain = plainQuery(args);
    if (!this.defers || plain === undefined) return this.afterHeldBegin(send, args);
    if (!this.held) {
      if (!BEGIN.test(plain.text) || plain.values.length > 0) return send(...args);
      // The connection's first transaction prepares BEGIN_STATEMENT by sending it.
      if (!this.prepared()) return send({ name: BEGIN_STATEMENT, text: 'BEGIN' });
      this.held = true;
      return Promise.resolve(emptyResult('BEGIN'));
    }
    if (END.test(plain.text) && plain.values.length === 0) {
      this.held = false;
      return Promise.resolve(emptyResult(plain.text.toUpperCase()));
    }
    if (plain.name === undefined && plain.values.length === 0) return this.afterHeldBegin(send, args);
    this.held = false;
    return new Promise<QueryResult>((resolve, reject) => {
      const query = new BeginFirstQuery(plain.config, (error, result) =>
        error === undefined || error === null ? resolve(result) : reject(error),
      );
      send(query);
    });
  }

  /** Sends a held `BEGIN` on its own, then the query as asked. */
  private afterHeldBegin(send: (...args: unknown[]) => unknown, args: unknown[]): unknown {
    if (this.held) {
      this.held = false;
      // Queued ahead of the query, so it runs first; its failure (a broken connection) fails the query too.
      (send({ name: BEGIN_STATEMENT, text: 'BEGIN' }) as Promise<unknown>).catch(() => undefined);
    }
    return send(...args);
  }

  private prepared(): boolean {
    const parsed = (this as { connection?: { parsedStatements?: Record<string, string> } }).connection
      ?.parsedStatements;
    return parsed?.[BEGIN_STATEMENT] !== undefined;
  }
}

/** The statement's text, name and values, when `query` was called with a promise and no callback. */
function plainQuery(
  args: unknown[],
): { config: QueryConfig; text: string; name: string | undefined; values: unknown[] } | undefined {
  const [first, second, third] = args;
  if (typeof second === 'function' || third !== undefined) return undefined;
  if (second !== undefined && !Array.isArray(second)) return undefined;
  if (typeof first === 'string') {
    return { config: { text: first, values: second }, text: first.trim(), name: undefined, values: second ?? [] };
  }
  if (first === null || typeof first !== 'object' || 'submit' in first || 'callback' in first) return undefined;
  const config = first as QueryConfig;
  if (typeof config.text !== 'string') return undefined;
  const values = (second ?? config.values ?? []) as unknown[];
  return { config: { ...config, values }, text: config.text.trim(), name: config.name, values };
}

function emptyResult(command: string): QueryResult {
  return { command, rowCount: null, oid: 0, rows: [], fields: [] };
}

/** What `BeginFirstQuery` calls of pg's `Query` beyond its declared type (pg's lib/query.js). */
interface QueryProtocol {
  handleCommandComplete(message: unknown, connection: Connection): void;
}

function protocolOf(query: object): QueryProtocol {
  const complete: unknown = Reflect.get(query, 'handleCommandComplete');
  if (typeof complete !== 'function') throw new Error("pg's Query has no handleCommandComplete");
  return { handleCommandComplete: complete as QueryProtocol['handleCommandComplete'] };
}

const queryProtocol = protocolOf(Query.prototype);

/**
 * A query sent behind a Bind and Execute of `BEGIN_STATEMENT`: the server answers BindComplete
 * (which pg ignores) and `BEGIN`'s CommandComplete before the query's own answers, so the first
 * CommandComplete is `BEGIN`'s and is not the query's result.
 */
class BeginFirstQuery extends Query {
  private begun = false;

  constructor(config: QueryConfig, callback: Callback) {
    super(config, callback);
    const submit = this.submit;
    this.submit = (connection: Connection) => {
      const stream = connection.stream;
      stream.cork();
      try {
        connection.bind({ portal: '', statement: BEGIN_STATEMENT, values: [] }, false);
        connection.execute({ portal: '' }, false);
        return submit.call(this, connection);
      } finally {
        stream.uncork();
      }
    };
  }

  handleCommandComplete(message: unknown, connection: Connection): void {
    if (!this.begun) {
      this.begun = true;
      return;
    }
    queryProtocol.handleCommandComplete.call(this, message, connection);
  }
}
