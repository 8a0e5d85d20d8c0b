/**
 * Whether `error` is PostgreSQL's unique violation (23505) on `constraint` (an index name), as
 * TypeORM wraps it (`QueryFailedError.driverError`) or as `pg` raises it.
 */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const candidates = [error, (error as { driverError?: unknown } | null)?.driverError];
  return candidates.some((candidate) => {
    const pgError = candidate as { code?: unknown; constraint?: unknown } | null | undefined;
    return pgError?.code === '23505' && pgError.constraint === constraint;
  });
}
