import { InjectQueue, Process, Processor } from '@nestjs/bull';
import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import type { Job, Queue } from 'bull';
import { consumeOutboxJob } from '../../../platform/outbox/outbox-event-reader';
import { RepeatableTicks } from '../../../platform/queue/repeatable-tick';
import { OutboxEventJob } from '../../../platform/queue/queues';
import { MERCHANT_EVENT_PURGE_JOB, MERCHANT_EVENT_QUEUES } from '../events/merchant-event-queues';
import { MerchantEventRecorder } from '../events/merchant-event-recorder.service';
import { MERCHANT_STREAM_OUTBOX_EVENTS, merchantStreamEventOf } from '../events/merchant-stream-events';
import { MerchantsConfig } from '../merchants.config';

/**
 * Consumes the merchant-facing outbox events (job id = event id): records each in the stream's
 * replay window, then publishes it to the API processes. One at a time per worker, in the order
 * the relay queued them; the order a stream sends is the recorded numbers', whatever the order
 * here. Idempotent (a redelivered event is recorded once).
 */
@Processor(MERCHANT_EVENT_QUEUES.stream)
export class MerchantEventStreamProcessor {
  private readonly logger = new Logger(MerchantEventStreamProcessor.name);

  constructor(private readonly recorder: MerchantEventRecorder) {}

  @Process({ name: '*', concurrency: 1 })
  handle(job: Job<OutboxEventJob>): Promise<string> {
    return consumeOutboxJob(job, this.logger, async (data) => {
      const read = MERCHANT_STREAM_OUTBOX_EVENTS.read(data);
      const event = read ? merchantStreamEventOf(read) : null;
      if (!event) return 'NOTHING_TO_DO';
      return (await this.recorder.record(event)) ? 'RECORDED' : 'PAST_THE_WINDOW';
    });
  }
}

/** The purge of events past the window, once per cluster every MERCHANT_EVENTS_PURGE_INTERVAL_MS. */
@Processor(MERCHANT_EVENT_QUEUES.purge)
export class MerchantEventPurgeProcessor {
  constructor(private readonly recorder: MerchantEventRecorder) {}

  @Process({ name: MERCHANT_EVENT_PURGE_JOB, concurrency: 1 })
  handle(_job: Job): Promise<number> {
    return this.recorder.purge();
  }
}

/** Keeps the purge's repeatable job in Redis (`RepeatableTicks`). */
@Injectable()
export class MerchantEventPurgeRegistration implements OnModuleInit {
  constructor(
    @InjectQueue(MERCHANT_EVENT_QUEUES.purge) private readonly queue: Queue,
    private readonly settings: MerchantsConfig,
    private readonly ticks: RepeatableTicks,
  ) {}

  onModuleInit(): void {
    this.ticks.keep({
      queue: this.queue,
      name: MERCHANT_EVENT_PURGE_JOB,
      everyMs: this.settings.MERCHANT_EVENTS_PURGE_INTERVAL_MS,
      jobId: 'merchant-event-purge',
    });
  }
}
