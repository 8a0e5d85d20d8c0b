import { checkProjection, Statement } from './prepared-statement';

/**
 * A query of a context's `sql/*.sql` file as pgtyped describes it: its text with named
 * parameters (`:id`, `:userId!`) and where each parameter stands. pgtyped's own runtime is not
 * used: scripts/sql-types.ts points the generated files' `PreparedQuery` import here, and
 * `sqlStatements` makes each query one of the project's named prepared statements.
 */
export interface QueryIR {
  statement: string;
  params: ParamIR[];
  usedParamSet: Record<string, true>;
}

interface ParamIR {
  name: string;
  required: boolean;
  transform: ParamTransform;
  /** Where the parameter stands in `statement`, first and last character included. */
  locs: { a: number; b: number }[];
}

type ParamTransform =
  | { type: 'scalar' }
  | { type: 'array_spread' }
  | { type: 'pick_tuple' | 'pick_array_spread'; keys: { name: string; required: boolean }[] };

/** What each generated `<file>.queries.ts` exports per query (the name pgtyped uses). */
export class PreparedQuery<Params, Result> {
  /** Carries the parameter and result types pgtyped found; never set. */
  declare readonly types?: { params: Params; result: Result };

  constructor(readonly ir: QueryIR) {}
}

/** The statements of a generated module: one per query, under the query's exported name. */
export type SqlStatements<Queries> = {
  readonly [
    Name in keyof Queries as Queries[Name] extends PreparedQuery<unknown, unknown> ? Name : never
  ]: Queries[Name] extends PreparedQuery<infer Params, infer Result> ? Statement<Result & object, Params> : never;
};

/**
 * The queries of one generated file as named prepared statements, each named
 * `<context>.<query name in kebab case>` (`/* @name FindUserById *\/` in identity's
 * `sql/users.sql` runs as `identity.find-user-by-id`):
 *
 *   import * as users from './sql/users.queries';
 *   const SQL = sqlStatements('identity', users);
 *   const row = await one(executorOn(manager), SQL.findUserById, { id });
 *
 * Several files of the context may ask for the same module: its statements are made once.
 * Each text is fixed once here: parameters become `$1`, `$2`… in order of first use, a
 * parameter used twice keeps its number, a tuple `:point(x, y)` becomes `($1, $2)`. A list
 * expansion (`:ids(...)`) would change the text with the list's length, so it is refused: take
 * an array parameter instead (`id = ANY(:ids)`).
 */
export function sqlStatements<Queries extends object>(context: string, queries: Queries): SqlStatements<Queries> {
  let made = madeFor.get(queries);
  if (made === undefined) {
    const statements: Record<string, Statement<object, unknown>> = {};
    for (const [exported, query] of Object.entries(queries)) {
      if (query instanceof PreparedQuery) statements[exported] = statementOf(`${context}.${kebab(exported)}`, query.ir);
    }
    made = { context, statements };
    madeFor.set(queries, made);
  } else if (made.context !== context) {
    throw new Error(`the queries of ${made.context} are asked for as ${context}'s`);
  }
  return made.statements as SqlStatements<Queries>;
}

/** Each generated module's statements, made once: several files of a context may ask for them. */
const madeFor = new WeakMap<object, { context: string; statements: Record<string, Statement<object, unknown>> }>();

function statementOf(name: string, ir: QueryIR): Statement<object, unknown> {
  const intervals: { a: number; b: number; sub: string }[] = [];
  const bindings: ((params: Record<string, unknown>) => unknown)[] = [];
  for (const param of ir.params.filter((candidate) => candidate.name in ir.usedParamSet)) {
    const transform = param.transform;
    let sub: string;
    if (transform.type === 'scalar') {
      bindings.push((params) => params[param.name]);
      sub = `$${bindings.length}`;
    } else if (transform.type === 'pick_tuple') {
      const places = transform.keys.map((key) => {
        bindings.push((params) => (params[param.name] as Record<string, unknown>)[key.name]);
        return `$${bindings.length}`;
      });
      sub = `(${places.join(', ')})`;
    } else {
      throw new Error(
        `statement ${name}: the list expansion :${param.name}(...) changes the text; use = ANY(:${param.name})`,
      );
    }
    for (const loc of param.locs) intervals.push({ ...loc, sub });
  }
  const text = withoutHints(checkProjection(name, replaceIntervals(ir.statement, intervals)));
  return new Statement<object, unknown>(name, text, (params) =>
    bindings.map((binding) => binding(params as Record<string, unknown>)),
  );
}

function replaceIntervals(text: string, intervals: { a: number; b: number; sub: string }[]): string {
  let result = '';
  let from = 0;
  for (const { a, b, sub } of [...intervals].sort((x, y) => x.a - y.a)) {
    result += text.slice(from, a) + sub;
    from = b + 1;
  }
  return result + text.slice(from);
}

/** `"name!"` / `"name?"`: pgtyped's not-null / nullable hint on a result column's alias. */
const HINTED_NAME = /"([^"]+)[!?]"/g;

/**
 * The text PostgreSQL runs: each hinted name (`AS "total!"`, and a reference to it such as
 * `t."total!"`) under its plain name (`"total"`), as the generated result type names the column.
 * The hints are for pgtyped, which reads the `.sql` file. Taken out of the text once, here,
 * PostgreSQL answers every row under the names the code reads, and no row is renamed on its way
 * (rebuilding each row of a page was 6 % of the API's `--cpu-prof` samples on `GET /payments`,
 * `bench:reads`). The names stay quoted, so their case is kept.
 */
function withoutHints(text: string): string {
  return text.replace(HINTED_NAME, '"$1"');
}

function kebab(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`).replace(/^-/, '');
}
