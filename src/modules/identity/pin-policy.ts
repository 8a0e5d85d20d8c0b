/**
 * Why a six-digit PIN is too easy to guess, or null when it is acceptable. Refused: one digit
 * repeated (`111111`), a straight ascending or descending run (`123456`, `987654`), and the last
 * six digits of the customer's own phone number.
 */
export function pinWeakness(pin: string, phone?: string): string | null {
  if (!/^\d{6}$/.test(pin)) return 'must be exactly six digits';
  const digits = [...pin].map(Number);
  const steps = digits.slice(1).map((digit, index) => digit - digits[index]);
  if (steps.every((step) => step === 0)) return 'must not repeat one digit';
  if (steps.every((step) => step === 1)) return 'must not be an ascending run of digits';
  if (steps.every((step) => step === -1)) return 'must not be a descending run of digits';
  if (phone && phone.replace(/\D/g, '').endsWith(pin)) return 'must not be the end of your phone number';
  return null;
}
