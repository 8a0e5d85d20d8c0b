/**
 * The texts biller search runs on: the name (`search_name`), and the name with the aliases
 * (`search_text`), lower-cased, with every run of characters that are neither letters nor
 * digits turned into one space. Queries are normalised the same way, so "Ikeja-Electric"
 * finds "ikeja electric". Computed here (not in SQL) so the seeder, the admin writes and the
 * benchmark loader all write the same values.
 */
export function billerSearchTexts(
  name: string,
  aliases: readonly string[],
): { searchName: string; searchText: string } {
  return { searchName: normalizeSearchText(name), searchText: normalizeSearchText([name, ...aliases].join(' ')) };
}

/** Lower case, letters and digits only, single spaces, trimmed. */
export function normalizeSearchText(value: string): string {
  return value
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The distinct words of a normalised query, at most `max` of them. */
export function searchWords(normalized: string, max: number): string[] {
  return [...new Set(normalized.split(' ').filter((word) => word.length > 0))].slice(0, max);
}
