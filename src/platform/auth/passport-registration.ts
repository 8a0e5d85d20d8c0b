import passport from 'passport';
import type { Strategy } from 'passport-strategy';

/** The strategies constructed under each name, in order, of applications not yet closed. */
const registered = new Map<string, Strategy[]>();

/**
 * Passport keeps one strategy per name for the whole process, and `PassportStrategy` registers
 * each new instance under its name, displacing the one before it. A process that runs two
 * applications (a test that starts a second API beside the first, then closes it) would
 * otherwise go on authenticating the first application's requests with the closed one's
 * strategy, its database and Redis gone. Each strategy records itself when built and, when its
 * application closes, hands the name back to the newest strategy still open.
 */
export function recordStrategy(name: string, strategy: Strategy): void {
  registered.set(name, [...(registered.get(name) ?? []), strategy]);
}

export function releaseStrategy(name: string, strategy: Strategy): void {
  const open = (registered.get(name) ?? []).filter((candidate) => candidate !== strategy);
  registered.set(name, open);
  const newest = open.at(-1);
  if (newest) passport.use(name, newest);
  else passport.unuse(name);
}
