import type { LogLevel } from '@nestjs/common';

const NEST_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'];
const PINO_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'];

/**
 * The levels Nest's own console logger should print for a pino LOG_LEVEL, or false for
 * `silent`. Code that logs through Nest's `Logger` where no app has attached the pino logger
 * (a class built by hand in a test) otherwise prints at every level, whatever LOG_LEVEL says.
 */
export function nestLogLevels(level: string): LogLevel[] | false {
  const rank = PINO_LEVELS.indexOf(level);
  if (rank < 0) return false;
  return NEST_LEVELS.slice(0, rank + 1);
}
