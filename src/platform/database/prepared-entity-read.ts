import type { EntityManager, EntityMetadata, EntityTarget, ObjectLiteral } from 'typeorm';
import { prepared } from './prepared-statement';

/**
 * Reads whole entities with one prepared statement (see `prepared`), hydrated exactly as a
 * TypeORM find hydrates them (the driver's conversions, then each column's transformer). A
 * find builds its SQL on every call and PostgreSQL plans it every time; the payment path
 * reads payments and posting attempts by id several times per payment.
 *
 * `where` is fixed SQL over the table's column names with `$n` parameters, e.g. `id = $1`.
 * Only for entities made of plain columns (no relations or embedded objects).
 */
export async function findEntities<Entity extends ObjectLiteral>(
  manager: EntityManager,
  target: EntityTarget<Entity>,
  where: string,
  values: unknown[],
  options: { forUpdate?: boolean } = {},
): Promise<Entity[]> {
  const metadata = manager.connection.getMetadata(target);
  const rows = await manager.query<Record<string, unknown>[]>(
    prepared(selectText(manager, metadata, where, options.forUpdate === true)),
    values,
  );
  return rows.map((row) => hydrateEntity(manager, target, row));
}

/**
 * An entity from a raw row holding every column of its table under the column's name, or
 * under `prefix` + its name (as `entityColumns` selects them), hydrated as a TypeORM find would.
 */
export function hydrateEntity<Entity extends ObjectLiteral>(
  manager: EntityManager,
  target: EntityTarget<Entity>,
  row: Record<string, unknown>,
  prefix = '',
): Entity {
  const metadata = manager.connection.getMetadata(target);
  const driver = manager.connection.driver;
  const entity = metadata.create(manager.queryRunner, { fromDeserializer: true }) as Entity;
  for (const column of metadata.columns) {
    column.setEntityValue(entity, driver.prepareHydratedValue(row[`${prefix}${column.databaseName}`], column));
  }
  return entity;
}

/**
 * Every column of the entity's table, qualified by `alias`, for a hand-written SELECT; with
 * `prefix`, each is named `prefix` + its name, so two tables' columns can share one row.
 */
export function entityColumns(
  manager: EntityManager,
  target: EntityTarget<ObjectLiteral>,
  alias: string,
  prefix?: string,
): string {
  const metadata = plainMetadata(manager, target);
  const escape = (name: string) => manager.connection.driver.escape(name);
  return metadata.columns
    .map((column) => {
      const qualified = `${alias}.${escape(column.databaseName)}`;
      return prefix === undefined ? qualified : `${qualified} AS ${escape(`${prefix}${column.databaseName}`)}`;
    })
    .join(', ');
}

function plainMetadata(manager: EntityManager, target: EntityTarget<ObjectLiteral>): EntityMetadata {
  const metadata = manager.connection.getMetadata(target);
  if (metadata.relations.length > 0 || metadata.embeddeds.length > 0) {
    throw new Error(`${metadata.name} has relations or embedded objects: read it with a TypeORM find`);
  }
  return metadata;
}

/** The first entity `findEntities` reads, or null. */
export async function findEntity<Entity extends ObjectLiteral>(
  manager: EntityManager,
  target: EntityTarget<Entity>,
  where: string,
  values: unknown[],
  options: { forUpdate?: boolean } = {},
): Promise<Entity | null> {
  const [entity] = await findEntities(manager, target, where, values, options);
  return entity ?? null;
}

/** Statement texts by entity, then by `where` and lock. */
const texts = new WeakMap<EntityMetadata, Map<string, string>>();

function selectText(manager: EntityManager, metadata: EntityMetadata, where: string, forUpdate: boolean): string {
  let byWhere = texts.get(metadata);
  if (byWhere === undefined) {
    plainMetadata(manager, metadata.target);
    byWhere = new Map();
    texts.set(metadata, byWhere);
  }
  const key = `${forUpdate ? 'U' : 'S'}${where}`;
  let text = byWhere.get(key);
  if (text === undefined) {
    const table = manager.connection.driver.escape(metadata.tableName);
    const columns = entityColumns(manager, metadata.target, table);
    text = `SELECT ${columns} FROM ${table} WHERE ${where}${forUpdate ? ' FOR UPDATE' : ''}`;
    byWhere.set(key, text);
  }
  return text;
}
