/** Nigerian banks by CBN code, for the settlement account's summary (the account row keeps the code only). */
const BANK_NAMES: Readonly<Record<string, string>> = {
  '011': 'First Bank of Nigeria',
  '023': 'Citibank Nigeria',
  '030': 'Heritage Bank',
  '032': 'Union Bank of Nigeria',
  '033': 'United Bank for Africa',
  '035': 'Wema Bank',
  '044': 'Access Bank',
  '050': 'Ecobank Nigeria',
  '057': 'Zenith Bank',
  '058': 'Guaranty Trust Bank',
  '063': 'Access Bank (Diamond)',
  '068': 'Standard Chartered Bank',
  '070': 'Fidelity Bank',
  '076': 'Polaris Bank',
  '082': 'Keystone Bank',
  '101': 'Providus Bank',
  '214': 'First City Monument Bank',
  '215': 'Unity Bank',
  '221': 'Stanbic IBTC Bank',
  '232': 'Sterling Bank',
  '301': 'Jaiz Bank',
};

/** The bank's name, or null for a code not listed. */
export function bankName(code: string): string | null {
  return Object.hasOwn(BANK_NAMES, code) ? BANK_NAMES[code] : null;
}
