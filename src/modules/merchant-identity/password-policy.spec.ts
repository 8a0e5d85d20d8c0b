import { passwordProblem } from './password-policy';

describe('merchant password policy', () => {
  it.each([
    ['short1234', 'at least 10 characters'],
    ['x'.repeat(129), 'at most 128 characters'],
    ['aaaaaaaaaaaa', 'not one character repeated'],
    ['1234567890', 'not one of the most common passwords'],
    ['Password123', 'not one of the most common passwords'],
    ['QWERTYUIOP', 'not one of the most common passwords'],
  ])('refuses %s', (password, problem) => {
    expect(passwordProblem(password)).toBe(problem);
  });

  it('accepts a long, uncommon password', () => {
    expect(passwordProblem('correct horse battery staple')).toBeNull();
    expect(passwordProblem('Tr0ub4dor&3x')).toBeNull();
  });
});
