import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { Socket } from 'node:net';

/** util-linux's `setpriv`, where the machine has it (Debian's does, at /usr/bin). */
const SETPRIV = ['/usr/bin/setpriv', '/bin/setpriv'].find((path) => existsSync(path));

/**
 * The command line that runs `command` so that the kernel kills it when this process dies, however
 * it dies. A spec's `process.once('exit')` handler kills its servers when Jest ends normally, but
 * never runs when Jest itself is killed (SIGKILL, a CI timeout), which used to leave
 * `redis-server`s running. `setpriv --pdeathsig KILL` sets the parent-death signal and execs the
 * command in its place: the same pid, so the signals a spec sends (SIGKILL, SIGSTOP) still reach it.
 * The kernel clears that signal when a process changes its user, so a server that drops its
 * privileges itself (PgBouncer's `-u`) gains nothing from it: `runsWhenThisProcessDies` is for those.
 * Without `setpriv`, the command as is.
 */
export function diesWithThisProcess(command: string, args: string[]): [string, string[]] {
  return SETPRIV ? [SETPRIV, ['--pdeathsig', 'KILL', '--', command, ...args]] : [command, args];
}

/** A command `runsWhenThisProcessDies` will run, until released. */
export interface DeathWatch {
  /** The server was stopped the normal way: the command will never run. */
  release(): void;
}

/**
 * Runs `command` once this process has ended, however it ended (SIGKILL included), unless released
 * first: for servers a parent-death signal cannot reach, PgBouncer (it drops its privileges itself)
 * and a disposable PostgreSQL cluster (`pg_ctl` detaches it). A shell in a session of its own waits
 * on a pipe from this process; the kernel closes the pipe when this process ends, and the shell
 * then runs the command. Release it once the server has been stopped the normal way: the shell is
 * killed then, so a pid the command names is never one the system has handed out again since.
 */
export function runsWhenThisProcessDies(command: string, args: string[]): DeathWatch {
  const watcher = spawn('/bin/sh', ['-c', 'read -r _; exec "$@"', 'death-watch', command, ...args], {
    stdio: ['pipe', 'ignore', 'ignore'],
    detached: true,
  });
  watcher.on('error', () => undefined);
  // Neither the shell nor its pipe keeps this process running.
  watcher.unref();
  (watcher.stdin as Socket | null)?.unref();
  return {
    release() {
      if (watcher.exitCode === null && watcher.signalCode === null) watcher.kill('SIGKILL');
    },
  };
}
