import { DynamicModule, MiddlewareConsumer, Module, NestModule, RequestMethod } from '@nestjs/common';
import { AdminAuditModule } from '../../../platform/audit/admin-audit.module';
import { QUEUE_DASHBOARD_QUEUES, QueueDashboardBoard } from './queue-dashboard-board';
import { QueueDashboardTokens } from './queue-dashboard-tokens';
import { QueueDashboardController } from './queue-dashboard.controller';
import { QueueDashboardMiddleware } from './queue-dashboard.middleware';

export interface QueueDashboardOptions {
  /** Every queue of the service, by name (the worker's registrations: `registeredQueueNames(WorkerModule)`). */
  queues: readonly string[];
}

/**
 * The operators' queue dashboard (bull-board) under `/api/v1/admin/queues`, and the route that
 * hands an ADMIN the link opening it. Only ApiModule imports it, with the service's queues.
 */
@Module({})
export class QueueDashboardModule implements NestModule {
  static register(options: QueueDashboardOptions): DynamicModule {
    return {
      module: QueueDashboardModule,
      imports: [AdminAuditModule],
      controllers: [QueueDashboardController],
      providers: [
        { provide: QUEUE_DASHBOARD_QUEUES, useValue: [...options.queues] },
        QueueDashboardTokens,
        QueueDashboardBoard,
        QueueDashboardMiddleware,
      ],
    };
  }

  configure(consumer: MiddlewareConsumer): void {
    consumer
      .apply(QueueDashboardMiddleware)
      .forRoutes(
        { path: 'admin/queues', method: RequestMethod.ALL },
        { path: 'admin/queues/{*path}', method: RequestMethod.ALL },
      );
  }
}
