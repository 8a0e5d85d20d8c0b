/**
 * Masks the name on a biller account so the payer can recognise it without the service
 * disclosing it: each word keeps its first letter and the rest become asterisks
 * ("John Doe" -> "J*** D**"). A one-letter word stays as it is.
 */
export function maskCustomerName(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter((word) => word.length > 0)
    .map((word) => {
      const [first, ...rest] = Array.from(word);
      return first + '*'.repeat(rest.length);
    })
    .join(' ');
}
