import { Logger } from '@nestjs/common';
import type { AddressInfo } from 'node:net';
import { installGracefulShutdown } from '../../src/platform/http/graceful-shutdown';
import { ProbeController } from '../support/probe.controller';
import { createTestApp } from '../support/test-app';

describe('graceful shutdown of the API', () => {
  it('finishes in-flight requests, refuses new connections, then closes the app', async () => {
    const app = await createTestApp(undefined, { controllers: [ProbeController] });
    await app.listen(0, '127.0.0.1');
    const server = app.getHttpServer();
    const { port } = server.address() as AddressInfo;
    const exit = jest.fn();
    const listenersBefore = { SIGTERM: process.listeners('SIGTERM'), SIGINT: process.listeners('SIGINT') };
    const stop = installGracefulShutdown(app, { server, timeoutMs: 5000, logger: new Logger('test'), exit });

    const inFlight = fetch(`http://127.0.0.1:${port}/api/v1/probe/slow?ms=400`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const stopping = stop('SIGTERM');

    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ waited: 400 });
    await stopping;
    await expect(fetch(`http://127.0.0.1:${port}/api/v1/health/live`)).rejects.toThrow();
    expect(exit).not.toHaveBeenCalled();
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      for (const listener of process.listeners(signal)) {
        if (!listenersBefore[signal].includes(listener)) process.removeListener(signal, listener);
      }
    }
  });
});
