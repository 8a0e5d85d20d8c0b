import { ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { diesWithThisProcess } from './child-lifetime';

/**
 * A `redis-server` of the spec's own, on a free port, without persistence, for specs that stop
 * Redis on purpose: the machine's shared Redis is never touched. `kill()` ends it abruptly
 * (SIGKILL, as a crash would) and `start()` brings it back on the same port, empty. `pause()`
 * hangs it (SIGSTOP: connections stay open, nothing is answered) until `resume()` (SIGCONT).
 */
export interface DisposableRedis {
  port: number;
  url: string;
  start(): Promise<void>;
  kill(): Promise<void>;
  pause(): void;
  resume(): void;
}

export async function startDisposableRedis(): Promise<DisposableRedis> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  // A crashed spec must not leave a server behind.
  const killOnExit = () => child?.kill('SIGKILL');
  process.once('exit', killOnExit);

  const redis: DisposableRedis = {
    port,
    url: `redis://127.0.0.1:${port}`,
    async start() {
      if (child) return;
      const started = spawn(
        ...diesWithThisProcess('redis-server', [
          '--port',
          String(port),
          '--bind',
          '127.0.0.1',
          '--save',
          '',
          '--appendonly',
          'no',
        ]),
        { stdio: 'ignore' },
      );
      child = started;
      started.once('exit', () => {
        if (child === started) child = null;
      });
      await waitUntilAnswers(port, started);
    },
    async kill() {
      const running = child;
      if (!running) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGKILL');
      await exited;
      child = null;
    },
    pause() {
      if (!child) throw new Error(`redis-server on port ${port} is not running`);
      child.kill('SIGSTOP');
    },
    resume() {
      child?.kill('SIGCONT');
    },
  };
  await redis.start();
  return redis;
}

/** The lowest port of the range the kernel assigns by itself (32768 on Linux unless tuned). */
function ephemeralLow(): number {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(low) && low > 0 ? low : 32768;
  } catch {
    return 32768;
  }
}

/** Where `freePort` draws from: above the usual services' ports, below the kernel's own range. */
const PICKED_FROM = 20_000;

/**
 * A TCP port of 127.0.0.1 nobody listens on right now, drawn at random below the kernel's
 * ephemeral range. The kernel hands out ports of that range to every listen on port 0 (each e2e
 * harness's app listens so, beside these) and to every outgoing
 * connection, so a port picked there could be taken between this check and the server's own bind,
 * or while a spec has stopped a server it restarts on the same port; below the range only an
 * explicit bind takes one, and two specs seldom draw the same of ~12,000 at once.
 */
export async function freePort(): Promise<number> {
  const below = ephemeralLow();
  if (below - PICKED_FROM < 1000) return kernelPort();
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const candidate = PICKED_FROM + Math.floor(Math.random() * (below - PICKED_FROM));
    if (await canListen(candidate)) return candidate;
  }
  throw new Error(`no free port found between ${PICKED_FROM} and ${below}`);
}

function canListen(port: number): Promise<boolean> {
  const server = net.createServer();
  return new Promise((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A port the kernel picks, where the machine's ephemeral range leaves no room below it. */
async function kernelPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Waits until `child`, a redis-server on `port`, answers PING (fails when it exits first or after 10 s). */
export async function waitUntilAnswers(port: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`redis-server on port ${port} exited with ${child.exitCode}`);
    if (await answersPing(port)) return;
    await sleep(25);
  }
  throw new Error(`redis-server on port ${port} did not answer within 10 s`);
}

function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}
