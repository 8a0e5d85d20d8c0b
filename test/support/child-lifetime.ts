import { existsSync } from 'node:fs';

/** util-linux's `setpriv`, where the machine has it (Debian's does, at /usr/bin). */
const SETPRIV = ['/usr/bin/setpriv', '/bin/setpriv'].find((path) => existsSync(path));

/**
 * The command line that runs `command` so that the kernel kills it when this process dies, however
 * it dies. A spec's `process.once('exit')` handler kills its servers when Jest ends normally, but
 * never runs when Jest itself is killed (SIGKILL, a CI timeout), which used to leave
 * `redis-server`s running. `setpriv --pdeathsig KILL` sets the parent-death signal and execs the
 * command in its place: the same pid, so the signals a spec sends (SIGKILL, SIGSTOP) still reach it.
 * The kernel clears that signal when a process changes its user, so a server that drops its
 * privileges itself (PgBouncer's `-u`) gains nothing from it. Without `setpriv`, the command as is.
 */
export function diesWithThisProcess(command: string, args: string[]): [string, string[]] {
  return SETPRIV ? [SETPRIV, ['--pdeathsig', 'KILL', '--', command, ...args]] : [command, args];
}
