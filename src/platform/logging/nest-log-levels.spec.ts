import { nestLogLevels } from './nest-log-levels';

describe('nestLogLevels', () => {
  it('keeps the pino level and every level above it', () => {
    expect(nestLogLevels('warn')).toEqual(['fatal', 'error', 'warn']);
    expect(nestLogLevels('info')).toEqual(['fatal', 'error', 'warn', 'log']);
    expect(nestLogLevels('trace')).toEqual(['fatal', 'error', 'warn', 'log', 'debug', 'verbose']);
  });

  it('turns Nest’s console logger off for silent', () => {
    expect(nestLogLevels('silent')).toBe(false);
  });
});
