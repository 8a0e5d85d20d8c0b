import type { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import { defineStatement, Statement } from './prepared-statement';
import type { StatementExecutor } from './statement-executor';

/** A row as PostgreSQL answers it, each column under its name (or a prefixed name). */
export type EntityRow = Record<string, unknown>;

/** A prepared SELECT of whole entities (`defineEntityRead`). */
export interface EntityRead<Entity extends ObjectLiteral, Params extends readonly unknown[]> {
  readonly target: EntityTarget<Entity>;
  readonly statement: Statement<EntityRow, Params>;
}

/**
 * Reads whole entities with one prepared statement, hydrated exactly as a TypeORM find hydrates
 * them (`hydrateEntity`). A find builds its SQL on every call and PostgreSQL plans it every
 * time; the payment path reads payments and posting attempts by id several times per payment.
 *
 * `where` is fixed SQL over the table's column names with `$n` parameters, e.g. `id = $1`.
 * Only for entities made of plain columns (no relations or embedded objects).
 */
export function defineEntityRead<Entity extends ObjectLiteral, Params extends readonly unknown[]>(
  name: string,
  target: EntityTarget<Entity>,
  where: string,
  options: { forUpdate?: boolean } = {},
): EntityRead<Entity, Params> {
  const statement = defineStatement<EntityRow, Params>(name, (schema) => {
    const table = schema.table(target);
    const lock = options.forUpdate === true ? ' FOR UPDATE' : '';
    return `SELECT ${schema.columns(target, table)} FROM ${table} WHERE ${where}${lock}`;
  });
  return { target, statement };
}

export async function readEntities<Entity extends ObjectLiteral, Params extends readonly unknown[]>(
  executor: StatementExecutor,
  read: EntityRead<Entity, Params>,
  params: NoInfer<Params>,
): Promise<Entity[]> {
  const rows = await executor.rows(read.statement, params);
  return rows.map((row) => hydrateEntity(executor.manager, read.target, row));
}

/** The first entity `readEntities` reads, or null. */
export async function readEntity<Entity extends ObjectLiteral, Params extends readonly unknown[]>(
  executor: StatementExecutor,
  read: EntityRead<Entity, Params>,
  params: NoInfer<Params>,
): Promise<Entity | null> {
  const [row] = await executor.rows(read.statement, params);
  return row === undefined ? null : hydrateEntity(executor.manager, read.target, row);
}

/**
 * An entity from a raw row holding every column of its table under the column's name, or
 * under `prefix` + its name (as `entityColumns` names them), hydrated as a TypeORM find would:
 * the driver's conversions, then each column's transformer.
 */
export function hydrateEntity<Entity extends ObjectLiteral>(
  manager: EntityManager,
  target: EntityTarget<Entity>,
  row: EntityRow,
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
