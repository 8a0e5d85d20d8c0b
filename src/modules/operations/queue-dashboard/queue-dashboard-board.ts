import { Inject, Injectable } from '@nestjs/common';
import type { Express, NextFunction, Request, Response } from 'express';
import { dirname } from 'node:path';
import { API_PREFIX } from '../../../platform/openapi/openapi-document';
import { QueueRegistry } from '../../../platform/queue/queue-registry';

/** Where the dashboard is served: its HTML, its assets under `static/` and its JSON API under `api/`. */
export const QUEUE_DASHBOARD_PATH = `/${API_PREFIX}/admin/queues`;

/** The names of the queues the dashboard shows (every queue of the service; QueueDashboardModule.register). */
export const QUEUE_DASHBOARD_QUEUES = Symbol('QUEUE_DASHBOARD_QUEUES');

/**
 * bull-board's Express app over every queue of the service, each opened through QueueRegistry
 * (the service's prefix and connection settings). Built on the first authenticated request, so
 * an API process nobody opens the dashboard on opens no queue for it, nor loads bull-board (about
 * a third of a second of CPU at boot otherwise).
 */
@Injectable()
export class QueueDashboardBoard {
  private app?: Promise<Express>;

  constructor(
    @Inject(QUEUE_DASHBOARD_QUEUES) readonly queueNames: readonly string[],
    private readonly queues: QueueRegistry,
  ) {}

  /**
   * Serves `path` (below QUEUE_DASHBOARD_PATH, with the request's query) from the board. A path
   * the board does not know calls `fallThrough`, with the request as it came.
   */
  async serve(request: Request, response: Response, path: string, fallThrough: NextFunction): Promise<void> {
    const board = await this.board();
    const query = request.originalUrl.includes('?') ? request.originalUrl.slice(request.originalUrl.indexOf('?')) : '';
    const url = request.url;
    // The board's Express app takes the request over (its prototypes); a path it leaves is handed back as it was.
    const requestPrototype = Object.getPrototypeOf(request) as object;
    const responsePrototype = Object.getPrototypeOf(response) as object;
    request.url = `${path}${query}`;
    board(request, response, (error?: unknown) => {
      request.url = url;
      Object.setPrototypeOf(request, requestPrototype);
      Object.setPrototypeOf(response, responsePrototype);
      fallThrough(error);
    });
  }

  private board(): Promise<Express> {
    // A build that failed (a module that would not load) is tried again by the next request.
    this.app ??= this.build().catch((error: unknown) => {
      this.app = undefined;
      throw error;
    });
    return this.app;
  }

  private async build(): Promise<Express> {
    const [{ createBullBoard }, { BullAdapter }, { ExpressAdapter }] = await Promise.all([
      import('@bull-board/api'),
      import('@bull-board/api/bullAdapter'),
      import('@bull-board/express'),
    ]);
    const server = new ExpressAdapter().setBasePath(QUEUE_DASHBOARD_PATH);
    createBullBoard({
      queues: this.queueNames.map((name) => new BullAdapter(this.queues.get(name))),
      serverAdapter: server,
      options: {
        // Given, rather than found by bull-board's own `eval('require.resolve(...)')`.
        uiBasePath: dirname(require.resolve('@bull-board/ui/package.json')),
        uiConfig: { boardTitle: 'Payment service queues' },
      },
    });
    const app = server.getRouter() as Express;
    app.disable('x-powered-by');
    return app;
  }
}
