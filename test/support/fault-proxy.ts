import net from 'node:net';
import { freePort } from './disposable-redis';
import { TEST_DATABASE_ADMIN_URL } from './test-settings';

/**
 * What the proxy does to the connections through it:
 * - `forward`: relays both ways, like a network that works;
 * - `refuse`: cuts every connection and stops listening (new ones are refused);
 * - `blackhole`: cuts every connection, then accepts new ones and never answers;
 * - `freeze`: keeps connections open but holds every byte, like a server that hangs or a network
 *   that drops packets; `forward` delivers what was held.
 */
export type FaultMode = 'forward' | 'refuse' | 'blackhole' | 'freeze';

/**
 * A TCP proxy in front of a real server (the shared PostgreSQL) that a spec breaks on purpose,
 * so an outage is staged without stopping or touching the server itself.
 */
export interface FaultProxy {
  port: number;
  setMode(mode: FaultMode): Promise<void>;
  close(): Promise<void>;
}

interface Relay {
  sockets: net.Socket[];
  held: (() => void)[];
}

export async function startFaultProxy(target: { host: string; port: number }): Promise<FaultProxy> {
  let mode: FaultMode = 'forward';
  const relays = new Set<Relay>();
  const server = net.createServer((client) => {
    client.on('error', () => undefined);
    const relay: Relay = { sockets: [client], held: [] };
    relays.add(relay);
    client.once('close', () => destroy(relay));
    if (mode === 'blackhole') return;
    const upstream = net.connect(target.port, target.host);
    relay.sockets.push(upstream);
    upstream.on('error', () => undefined);
    upstream.once('close', () => destroy(relay));
    const pass = (to: net.Socket) => (chunk: Buffer) => {
      const write = () => to.write(chunk);
      if (mode === 'freeze') relay.held.push(write);
      else write();
    };
    client.on('data', pass(upstream));
    upstream.on('data', pass(client));
  });

  function destroy(relay: Relay): void {
    relays.delete(relay);
    for (const socket of relay.sockets) socket.destroy();
  }
  function cutAll(): void {
    for (const relay of [...relays]) destroy(relay);
  }
  async function listen(port: number): Promise<number> {
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', resolve));
    return (server.address() as net.AddressInfo).port;
  }
  async function stopListening(): Promise<void> {
    if (!server.listening) return;
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  // Below the kernel's own range (freePort): `refuse` stops listening and later listens on the
  // same port again, which a port the kernel hands out could have gone to meanwhile.
  const port = await listen(await freePort());
  return {
    port,
    async setMode(next) {
      if (next === 'refuse' || next === 'blackhole') cutAll();
      if (next === 'refuse') await stopListening();
      else if (!server.listening) await listen(port);
      mode = next;
      if (next === 'forward') {
        // Blackholed connections never reached the server: drop them; frozen ones resume.
        for (const relay of [...relays]) {
          if (relay.sockets.length === 1) destroy(relay);
          for (const write of relay.held.splice(0)) write();
        }
      }
    },
    async close() {
      cutAll();
      await stopListening();
    },
  };
}

/**
 * A proxy in front of the test PostgreSQL server, and the URL of `databaseUrl`'s database
 * through it: what a spec hands the app so it can cut the app's connections at will.
 */
export async function startDatabaseProxy(databaseUrl: string): Promise<{ proxy: FaultProxy; url: string }> {
  const server = new URL(TEST_DATABASE_ADMIN_URL);
  const proxy = await startFaultProxy({ host: server.hostname, port: Number(server.port || 5432) });
  const proxied = new URL(databaseUrl);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(proxy.port);
  return { proxy, url: proxied.toString() };
}
