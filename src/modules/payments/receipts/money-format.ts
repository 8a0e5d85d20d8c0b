/**
 * Formats an amount held in a currency's minor unit for people to read: `NGN 12,500.00`.
 * Integer arithmetic only: the digits are split into major and minor parts as text, so no
 * amount ever passes through a float.
 */
export function formatMinorUnits(amount: bigint | string | number, currency: string): string {
  const value = toBigInt(amount);
  const digits = minorUnitDigits(currency);
  const negative = value < 0n;
  const text = (negative ? -value : value).toString().padStart(digits + 1, '0');
  const major = text.slice(0, text.length - digits).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const minor = text.slice(text.length - digits);
  return `${negative ? '-' : ''}${currency} ${digits > 0 ? `${major}.${minor}` : major}`;
}

const digitsByCurrency = new Map<string, number>();

/** Digits after the decimal point in the currency's minor unit (ISO 4217): NGN 2, JPY 0, KWD 3. */
export function minorUnitDigits(currency: string): number {
  let digits = digitsByCurrency.get(currency);
  if (digits === undefined) {
    try {
      digits =
        new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      // Not a currency Intl knows: most currencies have two decimals.
      digits = 2;
    }
    if (digitsByCurrency.size < 500) digitsByCurrency.set(currency, digits);
  }
  return digits;
}

/** The exact integer of a bigint column (the pg driver answers a string) or a safe-integer number. */
function toBigInt(amount: bigint | string | number): bigint {
  if (typeof amount === 'bigint') return amount;
  if (typeof amount === 'number') {
    if (!Number.isSafeInteger(amount)) throw new Error(`amount ${amount} is not a safe integer`);
    return BigInt(amount);
  }
  if (!/^-?\d+$/.test(amount)) throw new Error(`amount ${JSON.stringify(amount)} is not an integer`);
  return BigInt(amount);
}
