import type { DynamicModule, INestApplicationContext, Type } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import type { Job } from 'bull';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { AppConfig } from '../../src/platform/config/app-config';
import { Configuration } from '../../src/platform/config/configuration';
import { outboxSubscriptions, routesOf } from '../../src/platform/outbox/outbox-subscriptions';
import { OUTBOX_ROUTES, RedisOutboxPublisher } from '../../src/platform/outbox/outbox.publisher';
import { AppConfigModule, loadAllConfiguration } from '../../src/configuration';
import { PlatformModule } from '../../src/platform/platform.module';
import { QueueRegistry } from '../../src/platform/queue/queue-registry';

/**
 * Boots one context's queue processors in process, as the worker does, with the outbox
 * publisher and the routes the contexts' subscriptions give (so a test can publish an outbox
 * event the way the relay does). Same database as the API (`runConfig`'s, which may be a spec's
 * own); a Redis prefix of its own, so no other spec's worker takes its jobs, under the run's
 * (`:`, not `-`), where global teardown deletes its queues and whatever it leaves in Redis. `imports` are the modules binding the
 * ports the jobs module's context needs, as WorkerModule imports them (ComplianceModule for a
 * context that pays through the payment core): without them the worker does not boot.
 */
export async function startOutboxWorker(
  jobsModule: Type<unknown> | DynamicModule,
  {
    runConfig,
    label,
    imports = [],
  }: { runConfig: AppConfig; label: string; imports?: (Type<unknown> | DynamicModule)[] },
): Promise<INestApplicationContext> {
  const workerConfiguration = loadAllConfiguration({
    ...process.env,
    DATABASE_URL: runConfig.DATABASE_URL,
    REDIS_KEY_PREFIX: `${runConfig.REDIS_KEY_PREFIX}:${label}-${randomBytes(3).toString('hex')}`,
  });
  const moduleRef = await Test.createTestingModule({
    imports: [AppConfigModule, PlatformModule, jobsModule, ...imports],
    providers: [
      RedisOutboxPublisher,
      {
        provide: OUTBOX_ROUTES,
        inject: [ModulesContainer],
        useFactory: (modules: ModulesContainer) => routesOf(outboxSubscriptions(modules)),
      },
    ],
  })
    .overrideProvider(Configuration)
    .useValue(workerConfiguration)
    .compile();
  return moduleRef.init();
}

/** Waits (up to 10 s) for the worker's job `jobId` on `queueName` to complete or fail. */
export async function settledJob(
  worker: INestApplicationContext,
  queueName: string,
  jobId: string,
): Promise<{ state: 'completed' | 'failed'; job: Job }> {
  const queue = worker.get(QueueRegistry).get(queueName);
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const job = await queue.getJob(jobId);
    const state = job ? await job.getState() : 'missing';
    if (job && (state === 'completed' || state === 'failed')) {
      // Read again: the job read before its state may predate its settling (no return value or failure reason yet).
      return { state, job: (await queue.getJob(jobId)) ?? job };
    }
    await sleep(50);
  }
  throw new Error(`job ${jobId} did not settle`);
}
