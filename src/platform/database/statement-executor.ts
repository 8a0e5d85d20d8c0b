import { Client, type ClientConfig, type PoolClient } from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import QueryStream from 'pg-query-stream';
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import {
  type DataSourceOptions,
  EntityManager,
  QueryFailedError,
  QueryRunner,
  QueryRunnerProviderAlreadyReleasedError,
} from 'typeorm';
import type { Statement } from './prepared-statement';
import { inlineParameters, NulInLiteralError } from './statement-literals';

/**
 * Runs statements (prepared-statement.ts) on an EntityManager's connection: a transaction's
 * manager runs them in its transaction, any other manager on a pooled connection taken for the
 * one statement, as `manager.query` does.
 *
 * TypeORM's `query` takes SQL text only, and a prepared statement needs a name beside it, so the
 * executor hands the statement to the `pg` client that TypeORM's query runner holds (its
 * `connect()` answers the client). Errors come out as `manager.query`'s do: a failed statement
 * as a `QueryFailedError` around pg's error (the HTTP filter maps its SQLSTATE), a pool that
 * cannot lend a connection with pg's own error.
 */
export class StatementExecutor {
  /** Whether statements run under their names (`DATABASE_NAMED_STATEMENTS`), see `namesStatements`. */
  private readonly named: boolean;

  /** The bounds of a cursor export's statement (`CSV_EXPORT_STATEMENT_TIMEOUT_MS`), see `rowBatches`. */
  private readonly exportTimeouts: ExportTimeouts | undefined;

  constructor(readonly manager: EntityManager) {
    if (manager.connection.options.type !== 'postgres') {
      throw new Error(`prepared statements need PostgreSQL, not ${manager.connection.options.type}`);
    }
    this.named = namesStatements(manager.connection.options);
    this.exportTimeouts = exportTimeoutsOf(manager.connection.options);
  }

  async rows<Row extends object, Params>(statement: Statement<Row, Params>, params: Params): Promise<Row[]> {
    const name = this.named ? statement.name : undefined;
    const rows = await this.execute(name, statement.text, [...statement.valuesOf(params)]);
    // pg keys each row by the result's column names, the names the statement's row type uses (a
    // generated statement's text carries no pgtyped hint: sql-query.ts).
    return rows as Row[];
  }

  /** See `batches`. */
  async *batches<Row extends object, Params>(
    statement: Statement<Row, Params>,
    params: Params,
    cursor: string,
    size: number,
  ): AsyncGenerator<Row[], void, undefined> {
    if (this.manager.queryRunner === undefined) throw new Error(`cursor ${cursor}: needs a transaction's manager`);
    if (!CURSOR_NAME.test(cursor)) throw new Error(`cursor name "${cursor}": lower-case words joined by _`);
    if (!Number.isSafeInteger(size) || size < 1) throw new Error(`cursor ${cursor}: a batch of ${size} rows`);
    // Unnamed: PostgreSQL declares a cursor over a query's text, not over a prepared statement.
    const text = statement.text;
    await this.execute(undefined, `DECLARE ${cursor} NO SCROLL CURSOR FOR ${text}`, [...statement.valuesOf(params)]);
    let failed = false;
    try {
      for (;;) {
        const rows = await this.execute(undefined, `FETCH ${size} FROM ${cursor}`, []);
        if (rows.length > 0) yield rows as Row[];
        if (rows.length < size) return;
      }
    } catch (error) {
      failed = true;
      throw error;
    } finally {
      // Read to the end or left early: the name is free again. After an error the transaction
      // is aborted, and its end closes the cursor.
      if (!failed) await this.execute(undefined, `CLOSE ${cursor}`, []);
    }
  }

  /** See `rowStream`. */
  async *rowStream<Row extends object, Params>(
    statement: Statement<Row, Params>,
    params: Params,
    batchSize: number,
  ): AsyncGenerator<Row, void, undefined> {
    for await (const rows of this.rowBatches(statement, params, batchSize)) yield* rows;
  }

  /** See `rowBatches`. */
  async *rowBatches<Row extends object, Params>(
    statement: Statement<Row, Params>,
    params: Params,
    batchSize: number,
  ): AsyncGenerator<Row[], void, undefined> {
    const runner = this.manager.queryRunner;
    if (runner === undefined) throw new Error(`row stream of ${statement.name}: needs a transaction's manager`);
    if (!Number.isSafeInteger(batchSize) || batchSize < 1) {
      throw new Error(`row stream of ${statement.name}: a batch of ${batchSize} rows`);
    }
    if (runner.isReleased) throw new QueryRunnerProviderAlreadyReleasedError();
    const timeouts = this.exportTimeouts;
    // The cursor is one statement from its first fetch to its last, for as long as the consumer
    // reads: it runs under the export's bound, not the one for a request's statements. SET LOCAL
    // lasts to the transaction's end (a pooler in transaction mode keeps it to that transaction).
    if (timeouts !== undefined) {
      await this.execute(undefined, `SET LOCAL statement_timeout = ${timeouts.statementTimeoutMs}`, []);
    }
    const client = (await runner.connect()) as PoolClient;
    const values = [...statement.valuesOf(params)];
    runner.connection.logger.logQuery(statement.text, values, runner);
    const query = new QueryStream(statement.text, values, { batchSize, highWaterMark: batchSize });
    // pg's client-side `query_timeout` (the pool's, a statement's bound and a margin) runs from a
    // submittable's start to its end, a cursor's last row: pg reads the submittable's own first.
    if (timeouts !== undefined) (query as QueryStream & QueryTimeout).query_timeout = timeouts.queryTimeoutMs;
    const stream = client.query(query);
    try {
      // The stream asks the cursor for the next batch only when its buffer has room: taking what
      // it holds makes room, so the next fetch runs while the consumer works on these rows, and a
      // consumer that stops asking leaves the cursor waiting. Leaving early destroys the stream,
      // which closes the cursor.
      for await (const rows of buffered(stream)) {
        yield rows as Row[];
      }
    } catch (caught) {
      const error = caught as Error;
      runner.connection.logger.logQueryError(error, statement.text, values, runner);
      throw new QueryFailedError(statement.text, values, error);
    } finally {
      if (!stream.destroyed) stream.destroy();
    }
  }

  /** See `copyCsv`. */
  async *copyCsv<Row extends object, Params>(
    statement: Statement<Row, Params>,
    params: Params,
  ): AsyncGenerator<Buffer, void, undefined> {
    const runner = this.manager.queryRunner;
    if (runner === undefined) throw new Error(`COPY of ${statement.name}: needs a transaction's manager`);
    if (runner.isReleased) throw new QueryRunnerProviderAlreadyReleasedError();
    const values = [...statement.valuesOf(params)];
    let text: string;
    try {
      text = copyCsvText(statement, params);
    } catch (error) {
      // What the server answers such a value bound: 22021, a value that is not text.
      if (error instanceof NulInLiteralError) {
        throw new QueryFailedError(statement.text, values, Object.assign(error, { code: '22021' }));
      }
      throw error;
    }
    const timeouts = this.exportTimeouts;
    // As rowBatches: the COPY is one statement for as long as the consumer reads.
    if (timeouts !== undefined) {
      await this.execute(undefined, `SET LOCAL statement_timeout = ${timeouts.statementTimeoutMs}`, []);
    }
    const client = (await runner.connect()) as PoolClient;
    runner.connection.logger.logQuery(text, [], runner);
    const copy = copyTo(text);
    if (timeouts !== undefined) (copy as typeof copy & QueryTimeout).query_timeout = timeouts.queryTimeoutMs;
    client.query(copy);
    let settled = false;
    try {
      // pg-copy-streams reads the connection's socket only while its own buffer has room: a consumer
      // that stops asking leaves the server's writes waiting (TCP backpressure), no rows pile up here.
      for await (const chunks of buffered(copy)) {
        yield chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks as Buffer[]);
      }
      settled = true;
    } catch (caught) {
      settled = true;
      const error = caught as Error;
      runner.connection.logger.logQueryError(error, text, [], runner);
      throw new QueryFailedError(text, [], error);
    } finally {
      // Left early (the client hung up, a write failed): the COPY still runs on the connection.
      if (!settled) await cancelCopy(client, copy);
      clearReadTimeout(copy);
    }
  }

  private async execute(name: string | undefined, text: string, values: unknown[]): Promise<Record<string, unknown>[]> {
    const runner = this.manager.queryRunner;
    if (runner !== undefined) {
      // A released runner's client is back in the pool, maybe lent to another request by now.
      if (runner.isReleased) throw new QueryRunnerProviderAlreadyReleasedError();
      return execute(runner, name, text, values);
    }
    const own = this.manager.connection.createQueryRunner();
    try {
      return await execute(own, name, text, values);
    } finally {
      await own.release();
    }
  }
}

/**
 * pg arms its client-side `query_timeout` when it sends a query and clears it when it calls the
 * query's `callback`, which it wraps for the purpose; pg-copy-streams' COPY TO stream never calls
 * it (brianc/node-pg-copy-streams#156). Left alone, the timer of every export outlived it by the
 * whole bound (ten minutes by default), holding the client and its buffers, and then reported a
 * read timeout on the finished stream. Calling pg's wrapper once the COPY has ended clears it; when
 * the timer has fired already, pg has left a no-op there.
 */
function clearReadTimeout(copy: object): void {
  const callback = (copy as { callback?: unknown }).callback;
  if (typeof callback === 'function') (callback as () => void).call(copy);
}

/**
 * The key, in a data source's `extra` options (data-source-options.ts), of whether its statements
 * run named; `pg` ignores it.
 */
export const NAMED_STATEMENTS_OPTION = 'namedStatements';

/**
 * Whether `run` sends a data source's statements as named prepared statements (the default) or
 * unnamed (`DATABASE_NAMED_STATEMENTS=false`). Named, each connection parses and plans a statement
 * once and then only binds and executes it. Unnamed, each run sends the text again (Parse, Bind,
 * Execute and Sync in one round trip, as TypeORM's own queries go): what a pooler in transaction
 * mode needs, whose server connections change from one transaction to the next, so a name
 * prepared on one is unknown on the next (README "Behind PgBouncer"). The text, parameters and
 * rows are the same either way. Cursors (`batches`, `rowStream`) are unnamed in both.
 */
export function namesStatements(options: DataSourceOptions): boolean {
  const extra = options.extra as Record<string, unknown> | undefined;
  return extra?.[NAMED_STATEMENTS_OPTION] !== false;
}

/**
 * The key, in a data source's `extra` options (data-source-options.ts), of the bounds of a cursor
 * export's statement (`ExportTimeouts`); `pg` ignores it.
 */
export const EXPORT_TIMEOUTS_OPTION = 'exportTimeouts';

/**
 * The bounds `rowStream` and `rowBatches` run their cursor under (`CSV_EXPORT_STATEMENT_TIMEOUT_MS`):
 * the server's `statement_timeout` in the cursor's transaction, and pg's client-side `query_timeout`
 * of the cursor (a margin longer, for a server that stopped answering).
 */
export interface ExportTimeouts {
  statementTimeoutMs: number;
  queryTimeoutMs: number;
}

function exportTimeoutsOf(options: DataSourceOptions): ExportTimeouts | undefined {
  const extra = options.extra as Record<string, unknown> | undefined;
  const timeouts = extra?.[EXPORT_TIMEOUTS_OPTION] as ExportTimeouts | undefined;
  if (timeouts === undefined) return undefined;
  for (const value of [timeouts.statementTimeoutMs, timeouts.queryTimeoutMs]) {
    // Written into the SET statement's text: a whole number of milliseconds only.
    if (!Number.isSafeInteger(value) || value < 1) throw new Error(`export timeout ${value} ms`);
  }
  return timeouts;
}

/** pg reads a submittable's `query_timeout` before the client's (pg/lib/client.js). */
interface QueryTimeout {
  query_timeout: number;
}

/** The executor of a manager (a transaction's, or `dataSource.manager`). */
export function executorOn(manager: EntityManager): StatementExecutor {
  return new StatementExecutor(manager);
}

/** The statement's rows (none for a statement without a result). */
export function run<Row extends object, Params>(
  executor: StatementExecutor,
  statement: Statement<Row, Params>,
  params: NoInfer<Params>,
): Promise<Row[]> {
  return executor.rows(statement, params);
}

/**
 * The statement's rows through a server-side cursor, `size` rows at a time: `DECLARE <cursor>
 * NO SCROLL CURSOR FOR <the statement's text>` with its parameters, then `FETCH <size>` each
 * time the consumer asks for the next batch, so the process holds one batch whatever the
 * result's size, and a consumer that stops early fetches nothing more (the cursor is closed
 * then, as after the last batch). For a result too large to read at once (reconciliation's CSV
 * export). The manager must be a transaction's: a cursor lives in its transaction. The text is
 * planned for the cursor, not as the named prepared statement `run` uses; the rows are the same.
 */
export function batches<Row extends object, Params>(
  executor: StatementExecutor,
  statement: Statement<Row, Params>,
  params: NoInfer<Params>,
  options: { cursor: string; size: number },
): AsyncGenerator<Row[], void, undefined> {
  return executor.batches(statement, params, options.cursor, options.size);
}

/**
 * The statement's rows one by one from a `pg-query-stream` cursor on the transaction's
 * connection, `batchSize` rows fetched at a time and only as the consumer reads: a slow reader
 * leaves the cursor waiting, one that stops early (a `return`, a thrown error, a destroyed
 * pipeline) closes it, so the query ends with it. The manager must be a transaction's (a cursor
 * lives in its transaction). For exports too large to read at once (`platform/http/csv-export.ts`).
 * The cursor is one statement for as long as the consumer reads, so it runs under the export's bound
 * (`ExportTimeouts`, `CSV_EXPORT_STATEMENT_TIMEOUT_MS`), not the data source's statement timeout:
 * `SET LOCAL statement_timeout` first, for the rest of the transaction (the export's own), and pg's
 * `query_timeout` of the cursor that bound and a margin.
 */
export function rowStream<Row extends object, Params>(
  executor: StatementExecutor,
  statement: Statement<Row, Params>,
  params: NoInfer<Params>,
  options: { batchSize: number },
): AsyncGenerator<Row, void, undefined> {
  return executor.rowStream(statement, params, options.batchSize);
}

/**
 * `rowStream`'s rows a batch at a time: each batch is every row the stream holds when the
 * consumer asks (up to twice `batchSize`: the fetched batch and the next one, fetched while the
 * consumer works), one await per batch instead of one per row. Backpressure, early ends and the
 * export's timeouts as `rowStream`'s. For consumers that work on a batch at once (`platform/http/csv-export.ts`).
 */
export function rowBatches<Row extends object, Params>(
  executor: StatementExecutor,
  statement: Statement<Row, Params>,
  params: NoInfer<Params>,
  options: { batchSize: number },
): AsyncGenerator<Row[], void, undefined> {
  return executor.rowBatches(statement, params, options.batchSize);
}

/**
 * The statement's result as CSV text, PostgreSQL's own encoding: `COPY (statement) TO STDOUT WITH
 * (FORMAT csv, HEADER)`, a header of the result's column names, then a record per row; comma
 * separated, fields holding a comma, a quote, CR or LF quoted (quotes doubled), null as nothing,
 * an empty string as `""`, and every record ended by LF (`CsvRecordEnds` in platform/http makes it
 * CRLF). COPY takes no bound parameters, so the values are written into the text as literals
 * (`copyCsvText`). Chunks of the text come as the consumer asks: the server sends only as fast as
 * they are read, and the bounds, the transaction and the early end are `rowBatches`'s: the
 * manager must be a transaction's, `CSV_EXPORT_STATEMENT_TIMEOUT_MS` is set for the rest of it,
 * and a consumer that stops early (a `return`, a destroyed pipeline) cancels the COPY (pg's cancel
 * request, on a connection of its own) and waits for it to end, so the connection is idle in the
 * (failed) transaction when the caller rolls it back. A statement that fails before any text (a
 * bad value, a connection lost) throws on the first ask, as a `QueryFailedError` with the server's
 * SQLSTATE; a value holding NUL fails with 22021, as it does bound.
 */
export function copyCsv<Row extends object, Params>(
  executor: StatementExecutor,
  statement: Statement<Row, Params>,
  params: NoInfer<Params>,
): AsyncGenerator<Buffer, void, undefined> {
  return executor.copyCsv(statement, params);
}

/**
 * The COPY statement `copyCsv` runs for a statement and its parameters (benches run the same text
 * to compare with).
 */
export function copyCsvText<Row extends object, Params>(statement: Statement<Row, Params>, params: Params): string {
  return `COPY (${inlineParameters(statement.text, statement.valuesOf(params))}) TO STDOUT WITH (FORMAT csv, HEADER)`;
}

/** How long cancelCopy waits for the cancelled COPY to end before giving up on the connection. */
const COPY_CANCEL_WAIT_MS = 10_000;

/**
 * Ends a COPY its consumer left: a cancel request for the connection's backend (pg's, sent on a
 * connection of its own, as PgBouncer forwards it too), then what the server still sends is read
 * and dropped until the COPY ends (57014, or done if it finished first). Resolves once the
 * connection is idle again. When that takes COPY_CANCEL_WAIT_MS, closes the connection instead (the
 * pool drops it) and rejects.
 */
async function cancelCopy(client: PoolClient, copy: Readable): Promise<void> {
  const ended = finished(copy).then(
    () => undefined,
    () => undefined,
  );
  const drain = () => {
    while (copy.read() !== null);
  };
  copy.on('readable', drain);
  let timer: NodeJS.Timeout | undefined;
  try {
    const parameters = connectionParametersOf(client);
    const { connection } = new Client(parameters) as Client & CancellingClient;
    // The server closes the cancel connection once it has signalled the backend.
    const signalled = new Promise<void>((resolve) => {
      connection.on('error', () => resolve());
      connection.on('end', () => resolve());
    });
    // The CancelRequest for the backend running the COPY, as pg's Client#cancel sends it, without going
    // through that method: it reads the client's deprecated `activeQuery` (a warning printed by every
    // process that cancels once; pg 9 removes the property).
    const { processID, secretKey } = client as PoolClient & BackendKey;
    connection.on('connect', () => connection.cancel(processID, secretKey));
    const port = parameters.port ?? 5432;
    if (parameters.host?.startsWith('/')) connection.connect(`${parameters.host}/.s.PGSQL.${port}`);
    else connection.connect(port, parameters.host);
    drain();
    const gaveUp = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`a cancelled COPY did not end within ${COPY_CANCEL_WAIT_MS} ms`)),
        COPY_CANCEL_WAIT_MS,
      );
    });
    await Promise.race([Promise.all([ended, signalled]), gaveUp]);
  } catch (error) {
    // The server did not end it: close the connection (the pool drops a client it cannot query),
    // which ends the COPY on the server too, at its next write.
    (client as PoolClient & { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
    throw error;
  } finally {
    clearTimeout(timer);
    copy.off('readable', drain);
  }
}

/** pg's Client: the connection a cancel request is sent on (pg/lib/client.js, pg/lib/connection.js). */
interface CancellingClient {
  connection: {
    on(event: 'error' | 'end' | 'connect', listener: () => void): void;
    connect(port: number | string, host?: string): void;
    cancel(processID: number, secretKey: number): void;
  };
}

/** The key a backend's cancel request names, from its BackendKeyData (pg's Client keeps it). */
interface BackendKey {
  processID: number;
  secretKey: number;
}

/** Where a pooled client is connected (pg keeps its `ConnectionParameters`), for its cancel request. */
function connectionParametersOf(client: PoolClient): ClientConfig {
  const parameters = (client as PoolClient & { connectionParameters: ClientConfig }).connectionParameters;
  return { host: parameters.host, port: parameters.port, ssl: parameters.ssl };
}

/** The statement's first row, or null. */
export async function one<Row extends object, Params>(
  executor: StatementExecutor,
  statement: Statement<Row, Params>,
  params: NoInfer<Params>,
): Promise<Row | null> {
  const [row] = await executor.rows(statement, params);
  return row ?? null;
}

/** A cursor's name: a plain identifier, written into the text. */
const CURSOR_NAME = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/;

/**
 * An object-mode stream's chunks, as many as it holds at a time (never an empty batch), until it
 * ends; its error, or its being destroyed before the end, is thrown. Listens to the stream from
 * the start, so an error while the consumer holds a batch is kept for the next ask, never
 * unhandled.
 */
async function* buffered(stream: Readable): AsyncGenerator<unknown[], void, undefined> {
  let wake: (() => void) | undefined;
  let outcome: { error: unknown } | undefined;
  const onReadable = () => wake?.();
  stream.on('readable', onReadable);
  const settled = finished(stream).then(
    () => (outcome = { error: undefined }),
    (error: unknown) => (outcome = { error }),
  );
  void settled.then(() => wake?.());
  try {
    for (;;) {
      const chunks: unknown[] = [];
      for (let chunk: unknown = stream.read(); chunk !== null; chunk = stream.read()) chunks.push(chunk);
      if (chunks.length > 0) {
        yield chunks;
        continue;
      }
      if (outcome !== undefined) {
        if (outcome.error !== undefined) throw outcome.error;
        return;
      }
      await new Promise<void>((resolve) => (wake = resolve));
      wake = undefined;
    }
  } finally {
    stream.off('readable', onReadable);
  }
}

async function execute(
  runner: QueryRunner,
  name: string | undefined,
  text: string,
  parameters: unknown[],
): Promise<Record<string, unknown>[]> {
  // The data source is PostgreSQL (checked above), so the runner's connection is a pg client.
  const client = (await runner.connect()) as PoolClient;
  const logger = runner.connection.logger;
  logger.logQuery(text, parameters, runner);
  try {
    const result = await client.query<Record<string, unknown>>({ name, text, values: parameters });
    return result.rows;
  } catch (caught) {
    // pg rejects with Errors only (a DatabaseError, or a connection's).
    const error = caught as Error;
    logger.logQueryError(error, text, parameters, runner);
    throw new QueryFailedError(text, parameters, error);
  }
}
