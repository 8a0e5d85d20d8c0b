import type { DataSource, EntityMetadata, EntityTarget, ObjectLiteral } from 'typeorm';

/**
 * Every column of the entity's table, qualified by `alias`, for a hand-written SELECT or
 * RETURNING; with `prefix`, each is named `prefix` + its name, so two tables' columns can share
 * one row. Named one by one, never `*`: a prepared statement's result columns are fixed when it
 * is planned, and once a migration adds a column PostgreSQL refuses to run a `*` statement a
 * connection prepared before ("cached plan must not change result type").
 */
export function entityColumns(
  connection: DataSource,
  target: EntityTarget<ObjectLiteral>,
  alias: string,
  prefix?: string,
): string {
  const escape = (name: string) => connection.driver.escape(name);
  return plainEntityMetadata(connection, target)
    .columns.map((column) => {
      const qualified = `${alias}.${escape(column.databaseName)}`;
      return prefix === undefined ? qualified : `${qualified} AS ${escape(`${prefix}${column.databaseName}`)}`;
    })
    .join(', ');
}

/** The entity's metadata, if one flat row can hold it: no relations, no embedded objects. */
export function plainEntityMetadata(connection: DataSource, target: EntityTarget<ObjectLiteral>): EntityMetadata {
  const metadata = connection.getMetadata(target);
  if (metadata.relations.length > 0 || metadata.embeddeds.length > 0) {
    throw new Error(`${metadata.name} has relations or embedded objects: read it with a TypeORM find`);
  }
  return metadata;
}
