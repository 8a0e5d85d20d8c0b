/**
 * Passwords of merchant users: 10 to 128 characters, not all one character, and not among the
 * most common passwords of that length. The list is short and ours: the passwords at or above
 * ten characters that top public breach-frequency lists (digit runs, keyboard walks, "password"
 * and "iloveyou" variants). Compared case-insensitively.
 */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;

const COMMON_PASSWORDS = new Set(
  [
    '1234567890',
    '0123456789',
    '0987654321',
    '9876543210',
    '1234567891',
    '12345678910',
    '123456789a',
    'a123456789',
    '1q2w3e4r5t',
    '1q2w3e4r5t6y',
    'q1w2e3r4t5',
    'qwertyuiop',
    'asdfghjkl;',
    'qwerty1234',
    'qwerty12345',
    'qwerty123456',
    '1qaz2wsx3edc',
    'zaq12wsxcde3',
    'zxcvbnm123',
    'password12',
    'password123',
    'password1234',
    'password12345',
    'password!1',
    'passw0rd123',
    'p@ssw0rd123',
    'iloveyou12',
    'iloveyou123',
    'princess123',
    'sunshine123',
    'football123',
    'baseball123',
    'welcome123',
    'welcome1234',
    'letmein123',
    'admin12345',
    'administrator',
    'changeme123',
    'monkey12345',
    'dragon12345',
    'superman123',
    'trustno1234',
    'computer123',
    'michael123',
    'abcdefghij',
    'abcd123456',
    'abc1234567',
    '1111111111',
    '0000000000',
    '1212121212',
    '123123123123',
    '1234512345',
    '1234554321',
    'qazwsxedcrfv',
    'qwertyuiop123',
  ].map((password) => password.toLowerCase()),
);

/** Why a password is refused, or null when it is acceptable. */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return `at least ${PASSWORD_MIN_LENGTH} characters`;
  if (password.length > PASSWORD_MAX_LENGTH) return `at most ${PASSWORD_MAX_LENGTH} characters`;
  if (new Set(password).size === 1) return 'not one character repeated';
  if (COMMON_PASSWORDS.has(password.toLowerCase())) return 'not one of the most common passwords';
  return null;
}
