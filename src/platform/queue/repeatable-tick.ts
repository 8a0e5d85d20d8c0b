import { Logger } from '@nestjs/common';
import type { Queue } from 'bull';

/**
 * Registers a repeatable job `name` every `everyMs` on `queue` (Bull keeps one repeat per key
 * across every worker) and drops the repeats of an older interval. Redis down at boot is
 * logged, not thrown: the worker still runs its other work, and the next boot registers again.
 */
export async function registerRepeatableTick(
  queue: Queue,
  name: string,
  everyMs: number,
  jobId: string,
  logger: Logger,
): Promise<void> {
  try {
    for (const repeat of await queue.getRepeatableJobs()) {
      if (repeat.name === name && repeat.every !== null && Number(repeat.every) !== everyMs) {
        await queue.removeRepeatableByKey(repeat.key);
      }
    }
    await queue.add(
      name,
      {},
      { repeat: { every: everyMs }, jobId, attempts: 1, removeOnComplete: 50, removeOnFail: 50 },
    );
  } catch (error) {
    logger.error({ err: error }, `could not register the repeatable job ${jobId}`);
  }
}
