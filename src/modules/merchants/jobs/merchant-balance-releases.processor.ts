import { InjectQueue, Process, Processor } from '@nestjs/bull';
import { Injectable, OnModuleInit } from '@nestjs/common';
import type { Job, Queue } from 'bull';
import { RepeatableTicks } from '../../../platform/queue/repeatable-tick';
import { MerchantBalanceReleases } from '../ledger/merchant-balance-releases';
import { MerchantsConfig } from '../merchants.config';
import { BALANCE_RELEASE_JOB, MERCHANT_QUEUES } from '../merchants.events';

/**
 * The merchant balance release tick: posts every release due (pending to available after the payout
 * delay, reserve to available after its hold). Idempotent (`MerchantBalanceReleases`): a redelivered tick
 * or ticks of several workers post each release once.
 */
@Processor(MERCHANT_QUEUES.balanceReleases)
export class MerchantBalanceReleasesProcessor {
  constructor(private readonly releases: MerchantBalanceReleases) {}

  @Process({ name: BALANCE_RELEASE_JOB, concurrency: 1 })
  async handle(_job: Job): Promise<void> {
    await this.releases.releaseDue();
  }
}

/** The repeatable tick every MERCHANT_BALANCE_RELEASE_INTERVAL_MS, kept in Redis by `RepeatableTicks`. */
@Injectable()
export class MerchantBalanceReleasesRegistration implements OnModuleInit {
  constructor(
    @InjectQueue(MERCHANT_QUEUES.balanceReleases) private readonly queue: Queue,
    private readonly settings: MerchantsConfig,
    private readonly ticks: RepeatableTicks,
  ) {}

  onModuleInit(): void {
    this.ticks.keep({
      queue: this.queue,
      name: BALANCE_RELEASE_JOB,
      everyMs: this.settings.MERCHANT_BALANCE_RELEASE_INTERVAL_MS,
      jobId: 'merchant-balance-releases',
    });
  }
}
