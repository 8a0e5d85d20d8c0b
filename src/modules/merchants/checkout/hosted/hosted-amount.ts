import { minorUnitDigits } from '../../../../platform/money/money-format';

/**
 * The minor units of an amount a payer typed in major units (`50`, `50.5`, `1,250.75`), by
 * integer arithmetic on the digits (never a float), or null when it is not a plain positive
 * number with at most the currency's decimal places.
 */
export function parseMajorAmount(input: string, currency: string): number | null {
  const text = input.trim().replace(/,/g, '');
  const digits = minorUnitDigits(currency);
  const match = /^(\d{1,15})(?:\.(\d+))?$/.exec(text);
  if (!match) return null;
  const fraction = match[2] ?? '';
  if (fraction.length > digits) return null;
  const minor = BigInt(match[1]) * 10n ** BigInt(digits) + BigInt(fraction.padEnd(digits, '0') || '0');
  return minor > BigInt(Number.MAX_SAFE_INTEGER) ? null : Number(minor);
}
