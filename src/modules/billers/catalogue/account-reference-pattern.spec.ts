import { accountReferencePatternProblem, matchesAccountReference } from './account-reference-pattern';
import { DEMO_BILLERS } from './demo-catalogue';
import { MAX_ACCOUNT_REFERENCE_LENGTH } from './dto/biller-request-fields';

describe('account reference patterns', () => {
  it('matches the whole reference, whatever anchors the pattern has', () => {
    expect(matchesAccountReference('\\d{11}', '12345678901')).toBe(true);
    expect(matchesAccountReference('\\d{11}', '123456789012')).toBe(false);
    expect(matchesAccountReference('\\d{11}', 'x12345678901')).toBe(false);
    expect(matchesAccountReference('^\\d{11}$', '12345678901')).toBe(true);
    expect(matchesAccountReference('0[789][01]\\d{8}|234\\d{10}', '2348031234567')).toBe(true);
  });

  it('accepts ordinary patterns and every pattern of the demo catalogue', () => {
    const ordinary = [
      '\\d{11}',
      '^[A-Z]{2}\\d{6}$',
      '(?:0|234)\\d{10}',
      '[0-9]{10,12}',
      '(\\d{4}-){3}\\d{4}',
      '\\d+-\\d+',
      '[A-Z]{2,4}\\d{6,10}',
      '[A-Z]+\\d*',
      'ACC-?\\d{6}',
      '\\w{3,20}',
      '.{1,30}',
      '0[789][01]\\d{8}|234\\d{10}',
      '\\d{10}(?:-\\d{2})?',
    ];
    const catalogue = DEMO_BILLERS.map((biller) => biller.accountReferencePattern);
    expect(catalogue.length).toBeGreaterThan(0);
    for (const pattern of [...ordinary, ...catalogue]) {
      expect({ pattern, problem: accountReferencePatternProblem(pattern) }).toEqual({ pattern, problem: null });
    }
  });

  it('refuses patterns that do not compile or can backtrack without bound', () => {
    expect(accountReferencePatternProblem('[0-9')).toMatch(/valid regular expression/);
    expect(accountReferencePatternProblem('(a+)+$')).toMatch(/repeat a group/);
    expect(accountReferencePatternProblem('(\\d{2,3})*')).toMatch(/repeat a group/);
    expect(accountReferencePatternProblem('(\\d{1,2}){3}')).toMatch(/repeat a group/);
    expect(accountReferencePatternProblem('(a|ab)*c')).toMatch(/repeat a group/);
    expect(accountReferencePatternProblem('((ab)+c)+')).toMatch(/repeat a group/);
    expect(accountReferencePatternProblem('(a)\\1')).toMatch(/back-references/);
    expect(accountReferencePatternProblem('(?<n>a)\\k<n>')).toMatch(/back-references/);
    expect(accountReferencePatternProblem('(?=\\d+)\\d{3}')).toMatch(/lookaheads/);
  });

  it('refuses neighbouring repetitions that can split the same text many ways (polynomial backtracking)', () => {
    for (const pattern of [
      '\\d*\\d*\\d*\\d*\\d*\\d*x',
      '^\\d*\\d*\\d*\\d*\\d*\\d*x$',
      '\\d*\\d*',
      '\\d+0\\d+',
      '[a-z]*a?[a-z]+',
      '\\d{0,30}\\d{0,30}',
      'a?a?a?a?a?a?aaaaaa',
      '(?:\\d*x?)\\d+',
      '.*\\d+',
      '\\w+\\d+',
      '(?:ab)*(?:ba)*c',
    ]) {
      expect({ pattern, problem: accountReferencePatternProblem(pattern) }).toEqual({
        pattern,
        problem: expect.stringMatching(/two repetitions/),
      });
    }
  });

  it('never runs a pattern that breaks the rules, and never runs any on an over-long reference', () => {
    const digits = '1'.repeat(MAX_ACCOUNT_REFERENCE_LENGTH);
    // Unchecked, this pattern takes minutes on 64 digits; refused, it matches nothing at once.
    expect(matchesAccountReference(`${'\\d*'.repeat(10)}x`, digits)).toBe(false);
    expect(matchesAccountReference('(\\d+)+x', digits)).toBe(false);
    expect(matchesAccountReference('\\d*', digits)).toBe(true);
    expect(matchesAccountReference('\\d*', `${digits}1`)).toBe(false);
  });
});
