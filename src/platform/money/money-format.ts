/**
 * Formats an amount held in a currency's minor unit for people to read, exactly: the digits
 * are split into major and minor parts with integer arithmetic, so no amount ever passes
 * through a float. `symbol` (messages): `₦5,000.00`, with Intl placing the symbol and grouping
 * the major part (as a bigint). `code` (documents whose fonts lack the symbols, e.g. PDF
 * receipts): `NGN 5,000.00`.
 */
export function formatMinorUnits(
  amount: number | bigint | string,
  currency: string,
  display: 'symbol' | 'code' = 'symbol',
): string {
  const value = toBigInt(amount);
  const negative = value < 0n;
  const absolute = negative ? -value : value;
  const sign = negative ? '-' : '';
  const format = currencyFormat(currency);
  const formatter = display === 'symbol' ? format.formatter : null;
  const digits = format.digits;
  const scale = 10n ** BigInt(digits);
  const major = absolute / scale;
  const minor = (absolute % scale).toString().padStart(digits, '0');
  if (formatter) {
    const parts = formatter.formatToParts(major).map((part) => (part.type === 'fraction' ? minor : part.value));
    return `${sign}${parts.join('')}`;
  }
  const grouped = major.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${currency} ${digits > 0 ? `${grouped}.${minor}` : grouped}`;
}

/** Digits after the decimal point in the currency's minor unit (ISO 4217): NGN 2, JPY 0, KWD 3. */
export function minorUnitDigits(currency: string): number {
  return currencyFormat(currency).digits;
}

const formats = new Map<string, { formatter: Intl.NumberFormat | null; digits: number }>();

/**
 * Intl's formatter for the currency (null for a code Intl does not know) and its minor-unit
 * digits (2 for an unknown code: most currencies have two). Built once per currency: building
 * a formatter costs far more than formatting with it.
 */
function currencyFormat(currency: string): { formatter: Intl.NumberFormat | null; digits: number } {
  let format = formats.get(currency);
  if (format === undefined) {
    let formatter: Intl.NumberFormat | null;
    try {
      formatter = new Intl.NumberFormat('en', { style: 'currency', currency, currencyDisplay: 'narrowSymbol' });
    } catch {
      formatter = null;
    }
    format = { formatter, digits: formatter?.resolvedOptions().maximumFractionDigits ?? 2 };
    if (formats.size < 500) formats.set(currency, format);
  }
  return format;
}

/** The exact integer of a bigint column (the pg driver answers a string) or a safe-integer number. */
function toBigInt(amount: number | bigint | string): bigint {
  if (typeof amount === 'bigint') return amount;
  if (typeof amount === 'number') {
    if (!Number.isSafeInteger(amount)) throw new RangeError(`amount ${amount} is not a whole number of minor units`);
    return BigInt(amount);
  }
  if (!/^-?\d+$/.test(amount)) {
    throw new RangeError(`amount ${JSON.stringify(amount)} is not a whole number of minor units`);
  }
  return BigInt(amount);
}
