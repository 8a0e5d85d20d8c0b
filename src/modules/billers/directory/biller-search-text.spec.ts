import { billerSearchTexts, normalizeSearchText, searchWords } from './biller-search-text';

describe('biller search text', () => {
  it('normalises the name, and the name with the aliases, punctuation turned into single spaces', () => {
    expect(billerSearchTexts('Ikeja Electric (IE)', ['IKEDC', 'PHCN-Ikeja'])).toEqual({
      searchName: 'ikeja electric ie',
      searchText: 'ikeja electric ie ikedc phcn ikeja',
    });
  });

  it('keeps letters and digits of any script and folds compatibility forms', () => {
    expect(normalizeSearchText('  Société  Énergie №1 ')).toBe('société énergie no1');
    expect(normalizeSearchText('%%%')).toBe('');
  });

  it('splits a normalised query into distinct words, at most `max`', () => {
    expect(searchWords(normalizeSearchText(' Lagos  water lagos, 2 '), 8)).toEqual(['lagos', 'water', '2']);
    expect(searchWords('a b c d', 2)).toEqual(['a', 'b']);
    expect(searchWords('', 8)).toEqual([]);
  });
});
