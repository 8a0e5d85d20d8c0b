import type { INestApplicationContext } from '@nestjs/common';
import { NOTIFICATIONS_QUEUE } from '../../../src/modules/notifications';
import { NotificationsJobsModule } from '../../../src/modules/notifications/jobs/notifications-jobs.module';
import type { AppConfig } from '../../../src/platform/config/app-config';
import { settledJob, startOutboxWorker } from '../../support/outbox-worker';

export interface NotificationsWorker {
  /** The worker's notifications processor, in process (`startOutboxWorker`). */
  worker: INestApplicationContext;
  /** Waits for the job of the event on the notifications queue to end; `completed` or `failed`. */
  settled(eventId: string): Promise<string>;
}

/**
 * For a describe block whose events go through the worker's queue: registers the `beforeAll` that
 * boots the notifications processor on the database of `runConfig()` (read then) under a Redis
 * prefix of its own named after `label` (global teardown deletes its queue and the mailbox of the
 * SMS it sends), and the `afterAll` that closes it. Read `worker` inside tests.
 */
export function useNotificationsWorker(runConfig: () => AppConfig, label: string): NotificationsWorker {
  const bed: NotificationsWorker = {
    worker: undefined as unknown as INestApplicationContext,
    settled: async (eventId) => (await settledJob(bed.worker, NOTIFICATIONS_QUEUE, eventId)).state,
  };

  beforeAll(async () => {
    bed.worker = await startOutboxWorker(NotificationsJobsModule, { runConfig: runConfig(), label });
  }, 30_000);

  afterAll(() => bed.worker?.close());

  return bed;
}
