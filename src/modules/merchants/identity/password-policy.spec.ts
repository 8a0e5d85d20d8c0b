import { passwordProblem } from './password-policy';

const GUESSABLE = 'harder to guess: not a common password, a variation of one, a pattern, or your own name or e-mail';

describe('merchant password policy', () => {
  it.each([
    ['short1234', 'at least 10 characters'],
    ['x'.repeat(129), 'at most 128 characters'],
    ['aaaaaaaaaaaa', GUESSABLE],
    ['1234567890', GUESSABLE],
    ['Password123', GUESSABLE],
    ['QWERTYUIOP', GUESSABLE],
    ['iloveyou123', GUESSABLE],
    ['monkey123456', GUESSABLE],
    ['qazwsxedcrfv', GUESSABLE],
  ])('refuses %s', (password, problem) => {
    expect(passwordProblem(password)).toBe(problem);
  });

  it('accepts long, uncommon passwords', () => {
    expect(passwordProblem('correct horse battery staple')).toBeNull();
    expect(passwordProblem('Tr0ub4dor&3x')).toBeNull();
    expect(passwordProblem('Demo-Merchant-2026')).toBeNull();
  });

  it("refuses a password made of the person's own e-mail or name", () => {
    const mine = 'adaobi.nwosu@acme-foods.example';
    expect(passwordProblem('AdaobiNwosu', [mine, 'Adaobi Nwosu'])).toBe(GUESSABLE);
    expect(passwordProblem('AdaobiNwosu')).toBeNull();
  });
});
