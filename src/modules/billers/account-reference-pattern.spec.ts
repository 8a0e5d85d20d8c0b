import { accountReferencePatternProblem, matchesAccountReference } from './account-reference-pattern';

describe('account reference patterns', () => {
  it('matches the whole reference, whatever anchors the pattern has', () => {
    expect(matchesAccountReference('\\d{11}', '12345678901')).toBe(true);
    expect(matchesAccountReference('\\d{11}', '123456789012')).toBe(false);
    expect(matchesAccountReference('\\d{11}', 'x12345678901')).toBe(false);
    expect(matchesAccountReference('^\\d{11}$', '12345678901')).toBe(true);
    expect(matchesAccountReference('0[789][01]\\d{8}|234\\d{10}', '2348031234567')).toBe(true);
  });

  it('accepts ordinary patterns', () => {
    for (const pattern of ['\\d{11}', '^[A-Z]{2}\\d{6}$', '(?:0|234)\\d{10}', '[0-9]{10,12}', '(\\d{4}-){3}\\d{4}']) {
      expect({ pattern, problem: accountReferencePatternProblem(pattern) }).toEqual({ pattern, problem: null });
    }
  });

  it('refuses patterns that do not compile or can backtrack without bound', () => {
    expect(accountReferencePatternProblem('[0-9')).toMatch(/valid regular expression/);
    expect(accountReferencePatternProblem('(a+)+$')).toMatch(/repeat a group/);
    expect(accountReferencePatternProblem('(\\d{2,3})*')).toMatch(/repeat a group/);
    expect(accountReferencePatternProblem('(a|ab)*c')).toMatch(/repeat a group/);
    expect(accountReferencePatternProblem('((ab)+c)+')).toMatch(/repeat a group/);
    expect(accountReferencePatternProblem('(a)\\1')).toMatch(/back-references/);
  });
});
