/**
 * A text column whose values a CHECK constraint limits, as the union its TypeScript type names:
 * pgtyped types such a column `string`, so a row is narrowed where it is mapped. A value
 * outside `values` means the constraint and the type disagree: it is refused, not passed on.
 */
export function oneOf<const Values extends readonly string[]>(
  values: Values,
  value: string,
  column: string,
): Values[number] {
  if (isOneOf(values, value)) return value;
  throw new Error(`${column}: ${JSON.stringify(value)} is not one of ${values.join(', ')}`);
}

/** `oneOf` for a nullable column. */
export function oneOfOrNull<const Values extends readonly string[]>(
  values: Values,
  value: string | null,
  column: string,
): Values[number] | null {
  return value === null ? null : oneOf(values, value, column);
}

function isOneOf<Values extends readonly string[]>(values: Values, value: string): value is Values[number] {
  return values.includes(value);
}

/** A `jsonb` column that holds an object (an event's payload, a notification's data). */
export function jsonObject(value: unknown, column: string): Record<string, unknown> {
  if (isJsonObject(value)) return value;
  throw new Error(`${column}: expected a JSON object`);
}

function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
