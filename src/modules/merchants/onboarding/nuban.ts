const WEIGHTS = [3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3];

/**
 * Whether a 10-digit NUBAN is valid for a 3-digit CBN bank code: its tenth digit is the check
 * digit of the bank code and the first nine digits, weights 3-7-3 (CBN's NUBAN standard).
 * 6-digit NIP institution codes use another scheme and are not checked here.
 */
export function isValidNuban(bankCode: string, accountNumber: string): boolean {
  if (!/^[0-9]{3}$/.test(bankCode)) return true;
  if (!/^[0-9]{10}$/.test(accountNumber)) return false;
  const digits = `${bankCode}${accountNumber.slice(0, 9)}`.split('').map(Number);
  const sum = digits.reduce((total, digit, index) => total + digit * WEIGHTS[index], 0);
  return (10 - (sum % 10)) % 10 === Number(accountNumber[9]);
}

/** A NUBAN for `bankCode` whose first nine digits are `serial` (tests and the demo seed). */
export function nubanFor(bankCode: string, serial: string): string {
  for (let check = 0; check <= 9; check += 1) {
    if (isValidNuban(bankCode, `${serial}${check}`)) return `${serial}${check}`;
  }
  throw new Error('no check digit fits');
}
