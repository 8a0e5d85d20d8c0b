import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { loadModule, parseSync } from 'libpg-query';
import ts from 'typescript';

/**
 * What the code does to the database's tables, read from the source (never run): the SQL in
 * string literals and `.sql` files, parsed with PostgreSQL's own parser (libpg-query), and the
 * TypeORM entities each file reaches. `table-ownership.spec.ts` holds it against the owners.
 */

export type Access = 'read' | 'write';

export interface TableAccess {
  table: string;
  access: Access;
  /** For a write by UPDATE: the columns it sets. */
  columns?: string[];
}

/** One access found in a file, where it was found and how. */
export interface SourceAccess extends TableAccess {
  file: string;
  line: number;
  /** `sql` for a statement, `entity` for a TypeORM entity reached by its class. */
  via: 'sql' | 'entity';
  /** The statement's first words, or the entity's class. */
  what: string;
  /** The module-level constant the statement is bound to, if any (`const X = defineStatement(...)`). */
  constant?: string;
  /** The query a `.sql` file's statement is, by its pgtyped `@name`. */
  query?: string;
  /** The class and method (or function) the access sits in, if any. */
  enclosing?: string;
}

/** Call once before parsing: loads the parser's WebAssembly module. */
export function loadSqlParser(): Promise<void> {
  return loadModule();
}

type Node = Record<string, unknown>;

const WRITE_STATEMENTS: Record<string, string> = {
  InsertStmt: 'relation',
  UpdateStmt: 'relation',
  DeleteStmt: 'relation',
  MergeStmt: 'relation',
};

/**
 * The tables a SQL text reads and writes, from its parse tree; null when the text does not
 * parse. A CTE's name is not a table; the target of INSERT, UPDATE, DELETE, MERGE and TRUNCATE
 * is written; every other relation named (FROM, JOIN, USING, sub-queries) is read.
 */
export function sqlAccesses(sql: string): TableAccess[] | null {
  let tree: { stmts?: { stmt: Node }[] };
  try {
    tree = parseSync(sql) as { stmts?: { stmt: Node }[] };
  } catch {
    return null;
  }
  const ctes = new Set<string>();
  const written = new Map<Node, string[] | undefined>();
  const ranges: Node[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      value.forEach(visit);
      return;
    }
    if (value === null || typeof value !== 'object') return;
    const node = value as Node;
    for (const [key, child] of Object.entries(node)) {
      if (key === 'CommonTableExpr') ctes.add(String((child as Node).ctename));
      if (key in WRITE_STATEMENTS) {
        const statement = child as Node;
        const relation = statement[WRITE_STATEMENTS[key]] as Node | undefined;
        if (relation) written.set(relation, key === 'UpdateStmt' ? targetColumns(statement) : undefined);
      }
      if (key === 'TruncateStmt') {
        for (const relation of ((child as Node).relations as Node[] | undefined) ?? []) {
          written.set(relation.RangeVar as Node, undefined);
        }
      }
      if (key === 'RangeVar') ranges.push(child as Node);
    }
    Object.values(node).forEach(visit);
  };
  (tree.stmts ?? []).forEach((statement) => visit(statement.stmt));
  // The relation of an INSERT/UPDATE/DELETE/MERGE is the RangeVar itself, not wrapped.
  const accesses: TableAccess[] = [];
  for (const range of ranges) {
    const table = String(range.relname);
    if (range.schemaname === undefined && ctes.has(table)) continue;
    if (written.has(range)) {
      const columns = written.get(range);
      accesses.push(columns ? { table, access: 'write', columns } : { table, access: 'write' });
    } else {
      accesses.push({ table, access: 'read' });
    }
  }
  // A relation of a write statement is not listed as a RangeVar key of its own: add it.
  for (const [relation, columns] of written) {
    if (ranges.includes(relation)) continue;
    const table = String(relation.relname);
    accesses.push(columns ? { table, access: 'write', columns } : { table, access: 'write' });
  }
  return accesses;
}

function targetColumns(update: Node): string[] {
  return ((update.targetList as Node[] | undefined) ?? []).map((target) =>
    String((target.ResTarget as Node | undefined)?.name),
  );
}

const KEYWORD_ACCESS: [RegExp, Access][] = [
  [/\bINSERT\s+INTO\s+([a-z_][a-z0-9_]*)/gi, 'write'],
  [/\bMERGE\s+INTO\s+([a-z_][a-z0-9_]*)/gi, 'write'],
  [/\bUPDATE\s+(?:ONLY\s+)?([a-z_][a-z0-9_]*)/gi, 'write'],
  [/\bDELETE\s+FROM\s+(?:ONLY\s+)?([a-z_][a-z0-9_]*)/gi, 'write'],
  [/\bTRUNCATE\s+(?:TABLE\s+)?(?:ONLY\s+)?([a-z_][a-z0-9_]*)/gi, 'write'],
  [/\b(?:FROM|JOIN|USING)\s+(?:ONLY\s+)?([a-z_][a-z0-9_]*)/gi, 'read'],
];

/**
 * The fallback for text the parser refuses (a fragment joined into a statement elsewhere): the
 * known tables named after a keyword that reads or writes. Comments and quoted strings are
 * dropped first. Outside something that starts like SQL, only upper-case keywords count, so
 * prose ("moved from payments") is not taken for SQL.
 */
export function keywordAccesses(text: string, tables: ReadonlySet<string>, looksLikeSql: boolean): TableAccess[] {
  const bare = text
    .replace(/--[^\n]*/g, ' ')
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/'(?:[^']|'')*'/g, "''");
  const accesses: TableAccess[] = [];
  for (const [pattern, access] of KEYWORD_ACCESS) {
    const flags = looksLikeSql ? pattern.flags : pattern.flags.replace('i', '');
    const keywords = new RegExp(pattern.source.replace(/\[a-z_\]\[a-z0-9_\]\*/g, '[A-Za-z_][A-Za-z0-9_]*'), flags);
    for (const match of bare.matchAll(keywords)) {
      const table = match[1].toLowerCase();
      if (tables.has(table) && !(access === 'read' && /^UPDATE|^DELETE/i.test(match[0]))) {
        accesses.push({ table, access });
      }
    }
  }
  return accesses;
}

const SQL_START = /^\s*\(?\s*(SELECT|INSERT|UPDATE|DELETE|WITH|MERGE|TRUNCATE|VALUES|LOCK|COPY)\b/i;

/** An entity class: its table and the context whose folder declares it. */
export interface EntityInfo {
  className: string;
  table: string;
  context: string;
  file: string;
}

/** The `@Entity({ name })` classes declared in `files`. */
export function entitiesIn(files: readonly SourceFile[]): EntityInfo[] {
  const entities: EntityInfo[] = [];
  for (const file of files) {
    const source = syntaxTree(file);
    source.forEachChild(function visit(node) {
      if (ts.isClassDeclaration(node) && node.name) {
        for (const decorator of ts.getDecorators(node) ?? []) {
          const call = decorator.expression;
          if (!ts.isCallExpression(call) || call.expression.getText(source) !== 'Entity') continue;
          const table = entityTableName(call);
          if (!table) throw new Error(`${file.path}: @Entity on ${node.name.text} must name its table`);
          entities.push({ className: node.name.text, table, context: file.context, file: file.path });
        }
      }
      node.forEachChild(visit);
    });
  }
  return entities;
}

/** An embedded column group (`@Column(() => Group)`) of an entity: its columns are in the entity's table. */
export interface EmbeddedGroup {
  entity: string;
  table: string;
  group: string;
  file: string;
}

/** The `@Column(() => Group, ...)` properties of the entities declared in `files`. */
export function embeddedGroupsIn(files: readonly SourceFile[], entities: readonly EntityInfo[]): EmbeddedGroup[] {
  const groups: EmbeddedGroup[] = [];
  for (const file of files) {
    const source = syntaxTree(file);
    source.forEachChild(function visit(node) {
      const entity =
        ts.isClassDeclaration(node) && node.name
          ? entities.find((candidate) => candidate.file === file.path && candidate.className === node.name!.text)
          : undefined;
      if (entity && ts.isClassDeclaration(node)) {
        for (const member of node.members) {
          for (const decorator of ts.canHaveDecorators(member) ? (ts.getDecorators(member) ?? []) : []) {
            const call = decorator.expression;
            if (!ts.isCallExpression(call) || call.expression.getText(source) !== 'Column') continue;
            const [argument] = call.arguments;
            if (argument && ts.isArrowFunction(argument) && ts.isIdentifier(argument.body)) {
              groups.push({
                entity: entity.className,
                table: entity.table,
                group: argument.body.text,
                file: file.path,
              });
            }
          }
        }
      }
      node.forEachChild(visit);
    });
  }
  return groups;
}

function entityTableName(call: ts.CallExpression): string | null {
  const [argument] = call.arguments;
  if (argument && ts.isStringLiteral(argument)) return argument.text;
  if (argument && ts.isObjectLiteralExpression(argument)) {
    for (const property of argument.properties) {
      if (
        ts.isPropertyAssignment(property) &&
        property.name.getText() === 'name' &&
        ts.isStringLiteralLike(property.initializer)
      ) {
        return property.initializer.text;
      }
    }
  }
  return null;
}

/** EntityManager and Repository methods that only read. */
const READ_METHODS = new Set([
  'find',
  'findBy',
  'findOne',
  'findOneBy',
  'findOneOrFail',
  'findOneByOrFail',
  'findAndCount',
  'findAndCountBy',
  'count',
  'countBy',
  'exists',
  'existsBy',
  'sum',
  'average',
  'minimum',
  'maximum',
  'createQueryBuilder',
]);

/** Query-builder methods whose first argument names the table they read or write. */
const BUILDER_TABLE_METHODS: Record<string, Access> = {
  from: 'read',
  innerJoin: 'read',
  leftJoin: 'read',
  innerJoinAndSelect: 'read',
  leftJoinAndSelect: 'read',
  into: 'write',
  update: 'write',
  delete: 'write',
  insert: 'write',
  getRepository: 'write',
};

export interface SourceFile {
  path: string;
  context: string;
  text: string;
}

const syntaxTrees = new Map<string, { text: string; tree: ts.SourceFile }>();

/**
 * A file's syntax tree, with parent links. Each check walks the same files again (entities, embedded
 * groups, accesses, the uses of a constant or a query), so a tree is parsed once per text.
 */
function syntaxTree(file: SourceFile): ts.SourceFile {
  const known = syntaxTrees.get(file.path);
  if (known?.text === file.text) return known.tree;
  const tree = ts.createSourceFile(file.path, file.text, ts.ScriptTarget.ES2022, true);
  syntaxTrees.set(file.path, { text: file.text, tree });
  return tree;
}

/**
 * Every table access in one TypeScript file: each string literal or template that parses as
 * SQL (a `${...}` in a template stands for an expression), and each use of an entity class as a value. An entity passed to
 * a read method (`manager.find(Entity, ...)`, `getRepository(Entity).findOneBy(...)`) reads its
 * table; anywhere else (`save`, `update`, `getRepository(Entity)` kept, `forFeature([...])`,
 * `@InjectRepository`) it may write it, and counts as a write.
 */
export function accessesInTypeScript(
  file: SourceFile,
  entities: ReadonlyMap<string, EntityInfo>,
  tables: ReadonlySet<string>,
): SourceAccess[] {
  const source = syntaxTree(file);
  const found: SourceAccess[] = [];
  const inScope = entitiesInScope(source, file, entities);
  const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;

  const add = (node: ts.Node, access: TableAccess, via: SourceAccess['via'], what: string) => {
    found.push({
      ...access,
      file: file.path,
      line: lineOf(node),
      via,
      what,
      constant: constantOf(node),
      enclosing: enclosingOf(node),
    });
  };

  const sqlText = (node: ts.TemplateExpression | ts.StringLiteralLike): { text: string; blank: string } => {
    if (!ts.isTemplateExpression(node)) return { text: node.text, blank: node.text };
    let text = node.head.text;
    let blank = node.head.text;
    for (const span of node.templateSpans) {
      text += 'NULL' + span.literal.text;
      blank += span.literal.text;
    }
    return { text, blank };
  };

  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateExpression(node)) {
      const { text, blank } = sqlText(node);
      const looksLikeSql = SQL_START.test(text);
      const parsed = looksLikeSql ? (sqlAccesses(text) ?? sqlAccesses(blank)) : null;
      const accesses = parsed ?? keywordAccesses(text, tables, looksLikeSql);
      const what = text.trim().split(/\s+/).slice(0, 4).join(' ');
      for (const access of accesses) add(node, access, 'sql', what);
      if (!looksLikeSql && tables.has(text) && ts.isCallExpression(node.parent)) {
        const method = calledMethod(node.parent);
        if (method && method in BUILDER_TABLE_METHODS && node.parent.arguments[0] === node) {
          add(node, { table: text, access: BUILDER_TABLE_METHODS[method] }, 'sql', `${method}('${text}')`);
        }
      }
    } else if (ts.isIdentifier(node) && inScope.has(node.text) && isValueReference(node)) {
      const entity = inScope.get(node.text)!;
      add(node, { table: entity.table, access: entityAccess(node) }, 'entity', node.text);
    }
    node.forEachChild(visit);
  };
  source.forEachChild(visit);
  return found;
}

/**
 * The entity classes a file can name: those it declares, and those it imports from a path that
 * leads into the entity's own folder (a context's `index.ts` or the entity's file). A class of
 * the same name from elsewhere (a decorator called `MerchantApiKey`) is not the entity.
 */
function entitiesInScope(
  source: ts.SourceFile,
  file: SourceFile,
  entities: ReadonlyMap<string, EntityInfo>,
): Map<string, EntityInfo> {
  const scope = new Map<string, EntityInfo>();
  for (const entity of entities.values()) if (entity.file === file.path) scope.set(entity.className, entity);
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const specifier = statement.moduleSpecifier.text;
    if (!specifier.startsWith('.')) continue;
    const target = path.join(path.dirname(file.path), specifier);
    const bindings = statement.importClause?.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings)) continue;
    for (const element of bindings.elements) {
      const entity = entities.get((element.propertyName ?? element.name).text);
      if (!entity) continue;
      const folder = path.dirname(entity.file);
      const reaches =
        target === entity.file.replace(/\.ts$/, '') || folder === target || folder.startsWith(`${target}${path.sep}`);
      if (reaches) scope.set(element.name.text, entity);
    }
  }
  return scope;
}

function calledMethod(call: ts.CallExpression): string | null {
  const callee = call.expression;
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
  if (ts.isIdentifier(callee)) return callee.text;
  return null;
}

/** Not a type, an import or export name, a declaration's own name or a property name. */
function isValueReference(node: ts.Identifier): boolean {
  const parent = node.parent;
  if (
    ts.isImportSpecifier(parent) ||
    ts.isExportSpecifier(parent) ||
    ts.isImportClause(parent) ||
    ts.isClassDeclaration(parent) ||
    (ts.isPropertyAccessExpression(parent) && parent.name === node) ||
    (ts.isPropertyAssignment(parent) && parent.name === node) ||
    ts.isPropertyDeclaration(parent) ||
    ts.isQualifiedName(parent)
  ) {
    return false;
  }
  for (let up: ts.Node = parent; up && !ts.isSourceFile(up); up = up.parent) {
    if (ts.isTypeNode(up) || ts.isTypeAliasDeclaration(up) || ts.isInterfaceDeclaration(up)) return false;
    if (ts.isExpressionWithTypeArguments(up) && ts.isHeritageClause(up.parent)) {
      return up.parent.token === ts.SyntaxKind.ExtendsKeyword;
    }
  }
  return true;
}

/** Calls that take an entity in any argument to read its metadata. */
const ENTITY_READERS = new Set(['getMetadata']);

function entityAccess(node: ts.Identifier): Access {
  const call = node.parent;
  if (ts.isCallExpression(call) && call.arguments.includes(node as ts.Expression)) {
    const method = calledMethod(call);
    if (method && ENTITY_READERS.has(method)) return 'read';
  }
  if (!ts.isCallExpression(call) || call.arguments[0] !== node) return 'write';
  const method = calledMethod(call);
  if (method && READ_METHODS.has(method)) return 'read';
  if (method === 'getRepository' && ts.isPropertyAccessExpression(call.parent) && call.parent.expression === call) {
    return READ_METHODS.has(call.parent.name.text) ? 'read' : 'write';
  }
  return 'write';
}

function constantOf(node: ts.Node): string | undefined {
  for (let up: ts.Node | undefined = node.parent; up && !ts.isSourceFile(up); up = up.parent) {
    if (ts.isFunctionLike(up) && !ts.isArrowFunction(up)) return undefined;
    if (ts.isVariableDeclaration(up) && ts.isIdentifier(up.name) && ts.isSourceFile(up.parent.parent.parent)) {
      return up.name.text;
    }
  }
  return undefined;
}

function enclosingOf(node: ts.Node): string | undefined {
  for (let up: ts.Node | undefined = node.parent; up && !ts.isSourceFile(up); up = up.parent) {
    if (ts.isMethodDeclaration(up) && ts.isClassDeclaration(up.parent)) {
      return `${up.parent.name?.text ?? '(class)'}.${up.name.getText()}`;
    }
    if (ts.isFunctionDeclaration(up) && up.name) return up.name.text;
  }
  return undefined;
}

/** Where each module-level constant of a file is used: the enclosing method or function of each use. */
export function usesOfConstant(file: SourceFile, constant: string): string[] {
  const source = syntaxTree(file);
  const uses: string[] = [];
  source.forEachChild(function visit(node) {
    if (ts.isIdentifier(node) && node.text === constant && !ts.isVariableDeclaration(node.parent)) {
      uses.push(enclosingOf(node) ?? '(module)');
    }
    node.forEachChild(visit);
  });
  return uses;
}

/**
 * Where a `.sql` file's query is run: the enclosing method or function of each `<x>.<query>`
 * (the query's name with a lower-case first letter, as `sqlStatements` and pgtyped export it).
 */
export function usesOfQuery(file: SourceFile, query: string): string[] {
  const property = query[0].toLowerCase() + query.slice(1);
  const source = syntaxTree(file);
  const uses: string[] = [];
  source.forEachChild(function visit(node) {
    if (ts.isPropertyAccessExpression(node) && node.name.text === property) {
      uses.push(enclosingOf(node) ?? '(module)');
    }
    node.forEachChild(visit);
  });
  return uses;
}

/** The tables each migration's `up` creates, renames to and drops, in order. */
export function migrationTables(file: SourceFile): { created: string[]; dropped: string[] } {
  const source = syntaxTree(file);
  const created: string[] = [];
  const dropped: string[] = [];
  source.forEachChild(function visit(node) {
    if (ts.isMethodDeclaration(node) && node.name.getText(source) === 'down') return;
    if (ts.isStringLiteralLike(node) || ts.isTemplateExpression(node)) {
      const text = ts.isTemplateExpression(node)
        ? node.head.text + node.templateSpans.map((span) => `NULL${span.literal.text}`).join('')
        : node.text;
      if (!/\b(CREATE|ALTER|DROP)\s/i.test(text)) return;
      let tree: { stmts?: { stmt: Node }[] };
      try {
        tree = parseSync(text) as { stmts?: { stmt: Node }[] };
      } catch {
        if (/\bCREATE\s+TABLE\b/i.test(text)) throw new Error(`${file.path}: a CREATE TABLE that does not parse`);
        return;
      }
      for (const { stmt } of tree.stmts ?? []) {
        const create = (stmt.CreateStmt ?? stmt.CreateTableAsStmt) as Node | undefined;
        if (create) {
          const relation = (create.relation ?? (create.into as Node | undefined)?.rel) as Node;
          created.push(String(relation.relname));
        }
        const rename = stmt.RenameStmt as Node | undefined;
        if (rename && rename.renameType === 'OBJECT_TABLE') {
          dropped.push(String((rename.relation as Node).relname));
          created.push(String(rename.newname));
        }
        const drop = stmt.DropStmt as Node | undefined;
        if (drop && drop.removeType === 'OBJECT_TABLE') {
          for (const object of drop.objects as Node[]) {
            const names = ((object.List as Node).items as Node[]).map((item) => String((item.String as Node).sval));
            dropped.push(names[names.length - 1]);
          }
        }
      }
      return;
    }
    node.forEachChild(visit);
  });
  return { created, dropped };
}

/**
 * The tables a context's README declares it reads as a read model: the backticked names that
 * open the list items of its `## Read model` section.
 */
export function declaredReadModel(readme: string): string[] | null {
  const lines = readme.split('\n');
  const start = lines.findIndex((line) => /^##\s+Read model\s*$/.test(line));
  if (start < 0) return null;
  const tables: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (/^#{1,2}\s/.test(line)) break;
    const item = /^[-*]\s+`([a-z_][a-z0-9_]*)`/.exec(line);
    if (item) tables.push(item[1]);
  }
  return tables;
}

/** Every file under `root` whose name passes `keep`, recursively. */
export function filesUnder(root: string, keep: (file: string) => boolean): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(root)) {
    const full = path.join(root, entry);
    if (statSync(full).isDirectory()) files.push(...filesUnder(full, keep));
    else if (keep(full)) files.push(full);
  }
  return files.sort();
}

/** The source files of every context (`src/modules/<context>/`) and of the platform (`src/platform/`). */
export function contextSources(root: string): { ts: SourceFile[]; sql: SourceFile[] } {
  const modules = path.join(root, 'src', 'modules');
  const roots = [
    ...readdirSync(modules)
      .filter((name) => statSync(path.join(modules, name)).isDirectory())
      .map((name) => ({ dir: path.join(modules, name), context: name })),
    { dir: path.join(root, 'src', 'platform'), context: 'platform' },
  ];
  const read = (context: string) => (file: string) => ({
    path: path.relative(root, file),
    context,
    text: readFileSync(file, 'utf8'),
  });
  return {
    ts: roots.flatMap(({ dir, context }) =>
      // pgtyped's generated `<file>.queries.ts` repeat their `.sql` file's statements, read there.
      filesUnder(
        dir,
        (file) => file.endsWith('.ts') && !file.endsWith('.spec.ts') && !file.endsWith('.queries.ts'),
      ).map(read(context)),
    ),
    sql: roots.flatMap(({ dir, context }) =>
      filesUnder(dir, (file) => file.endsWith('.sql') && file.split(path.sep).includes('sql')).map(read(context)),
    ),
  };
}

/** Every table access in a `.sql` file (statements apart, pgtyped's `@name` comments allowed). */
export function accessesInSql(file: SourceFile, tables: ReadonlySet<string>): SourceAccess[] {
  const found: SourceAccess[] = [];
  // pgtyped's parameters ($id, $$ids, :id) are not PostgreSQL's: stand a NULL in for each.
  const text = file.text.replace(/(?<![:$\w])(?::|\$\$?)([A-Za-z_]\w*)!?/g, 'NULL');
  let offset = 0;
  for (const statement of text.split(/;\s*(?:\n|$)/)) {
    const line =
      text.slice(0, offset).split('\n').length + (statement.match(/^\s*\n/)?.[0].split('\n').length ?? 1) - 1;
    offset += statement.length + 1;
    if (statement.trim() === '') continue;
    const accesses = sqlAccesses(statement) ?? keywordAccesses(statement, tables, true);
    const query = /@name\s+(\w+)/.exec(statement)?.[1];
    const what = statement
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .trim()
      .split(/\s+/)
      .slice(0, 4)
      .join(' ');
    for (const access of accesses) found.push({ ...access, file: file.path, line, via: 'sql', what, query });
  }
  return found;
}
