import type { INestApplicationContext, LoggerService } from '@nestjs/common';
import type { Server } from 'node:http';

/**
 * On SIGTERM or SIGINT: stop accepting connections, let in-flight requests finish (idle
 * keep-alive connections are closed at once), then run the shutdown hooks that finish jobs
 * and close the pools. Past `timeoutMs` the process exits with an error.
 */
export function installGracefulShutdown(
  app: INestApplicationContext,
  options: { server?: Server; timeoutMs: number; logger: LoggerService; exit?: (code: number) => void },
): (signal: NodeJS.Signals) => Promise<void> {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    options.logger.log(`${signal} received: shutting down`);
    const deadline = setTimeout(() => {
      options.logger.error(`shutdown took longer than ${options.timeoutMs} ms: exiting`);
      exit(1);
    }, options.timeoutMs);
    deadline.unref();
    const server = options.server;
    if (server) {
      // Keep-alive connections turn idle as their last response ends: close them as they do.
      const sweep = setInterval(() => server.closeIdleConnections(), 50);
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
      clearInterval(sweep);
    }
    await app.close();
    clearTimeout(deadline);
    options.logger.log('shutdown complete');
  };
  process.on('SIGTERM', (signal) => void stop(signal));
  process.on('SIGINT', (signal) => void stop(signal));
  return stop;
}
