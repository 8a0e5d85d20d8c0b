/**
 * Formats an amount in minor units (`500000` NGN) as people read it (`₦5,000.00`), exactly:
 * the major and minor parts are split with integer arithmetic and only the integer part goes
 * through Intl (as a bigint), so no amount ever passes through a float.
 */
export function formatMinorUnits(amount: number | bigint | string, currency: string): string {
  const minorUnits = toBigInt(amount);
  const negative = minorUnits < 0n;
  const absolute = negative ? -minorUnits : minorUnits;
  let formatter: Intl.NumberFormat;
  try {
    formatter = new Intl.NumberFormat('en', { style: 'currency', currency, currencyDisplay: 'narrowSymbol' });
  } catch {
    // Not a currency Intl knows: show the code and assume two decimals, as most currencies have.
    return `${negative ? '-' : ''}${currency} ${splitMinorUnits(absolute, 2).join('.')}`;
  }
  const digits = formatter.resolvedOptions().maximumFractionDigits ?? 2;
  const [major, minor] = splitMinorUnits(absolute, digits);
  const text = formatter
    .formatToParts(BigInt(major))
    .map((part) => (part.type === 'fraction' ? minor : part.value))
    .join('');
  return negative ? `-${text}` : text;
}

/** `[major, minor]` as digit strings: 500005 with 2 digits is `['5000', '05']`. */
function splitMinorUnits(absolute: bigint, digits: number): [string, string] {
  const scale = 10n ** BigInt(digits);
  return [(absolute / scale).toString(), (absolute % scale).toString().padStart(digits, '0')];
}

function toBigInt(amount: number | bigint | string): bigint {
  if (typeof amount === 'bigint') return amount;
  if (typeof amount === 'number') {
    if (!Number.isSafeInteger(amount)) throw new RangeError(`amount ${amount} is not a whole number of minor units`);
    return BigInt(amount);
  }
  if (!/^-?\d+$/.test(amount))
    throw new RangeError(`amount ${JSON.stringify(amount)} is not a whole number of minor units`);
  return BigInt(amount);
}
