import { Logger } from '@nestjs/common';
import type Redis from 'ioredis';

/** How a command through the circuit went: its value, or why there is none. */
export type CircuitResult<T> = { ok: true; value: T } | { ok: false; outcome: 'skipped' | 'timeout' | 'error' };

export interface RedisCircuitOptions {
  /** Used in the log line when the circuit opens. */
  name: string;
  /** Longest wait for an answer; far below REDIS_COMMAND_TIMEOUT_MS. */
  timeoutMs: number;
  /** How long commands are skipped after one timed out. */
  openMs: number;
  /** Milliseconds now, from the application's Clock. */
  now: () => number;
}

/** What the circuit reads of its client, which it otherwise only hands to commands: whether it is connected. */
export interface RedisConnectionStatus {
  readonly status: string;
}

/**
 * For a cache in front of PostgreSQL: bounds how long a caller waits for Redis and stops asking a
 * Redis that hangs. A disconnected client refuses commands at once (RedisModule), but a Redis
 * that is connected and does not answer (stopped, swapping, stuck on a slow command) holds each
 * command for REDIS_COMMAND_TIMEOUT_MS; a cache need not wait that long, since PostgreSQL has
 * the answer anyway.
 *
 * A command gets `timeoutMs`; one that takes longer is left to finish on its own (its late
 * answer is dropped) and opens the circuit: for `openMs` commands are skipped without touching
 * Redis, and the caller reads PostgreSQL. Then the first command tries Redis again (the others
 * still skip while it does): an answer closes the circuit, another timeout keeps it open.
 * Refusals and errors come back at once, so they do not open it.
 */
export class RedisCircuit<Client extends RedisConnectionStatus = Redis> {
  private readonly logger: Logger;
  /** While `now()` is before this, commands are skipped; 0 when closed. */
  private openUntil = 0;

  constructor(
    private readonly redis: Client,
    private readonly options: RedisCircuitOptions,
  ) {
    this.logger = new Logger(`RedisCircuit:${options.name}`);
  }

  /**
   * Runs `command` unless the client is disconnected or the circuit open. `always` sends it even
   * then (but never to a disconnected client), still waiting at most `timeoutMs`: for a rare write
   * that should land if a stopped Redis resumes (it reads what was sent while it was stopped).
   */
  async run<T>(command: (redis: Client) => Promise<T>, { always = false } = {}): Promise<CircuitResult<T>> {
    if (this.redis.status !== 'ready') return { ok: false, outcome: 'skipped' };
    const now = this.options.now();
    if (this.openUntil !== 0 && !always) {
      if (now < this.openUntil) return { ok: false, outcome: 'skipped' };
      // This command probes; the ones behind it keep skipping until it answers or times out.
      this.openUntil = now + this.options.openMs;
    }
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), this.options.timeoutMs);
    });
    const answered = command(this.redis).then(
      (value): CircuitResult<T> => ({ ok: true, value }),
      (error: unknown): CircuitResult<T> => {
        this.logger.warn(`Redis command failed: ${error instanceof Error ? error.message : String(error)}`);
        return { ok: false, outcome: 'error' };
      },
    );
    try {
      const result = await Promise.race([answered, timedOut]);
      if (result === 'timeout') {
        this.open();
        return { ok: false, outcome: 'timeout' };
      }
      if (result.ok && this.openUntil !== 0) {
        this.openUntil = 0;
        this.logger.log('Redis answers again');
      }
      return result;
    } finally {
      clearTimeout(timer);
    }
  }

  /** True while commands are being skipped. */
  get isOpen(): boolean {
    return this.openUntil !== 0 && this.options.now() < this.openUntil;
  }

  private open(): void {
    const wasClosed = this.openUntil === 0;
    this.openUntil = this.options.now() + this.options.openMs;
    if (wasClosed) {
      this.logger.warn(
        `Redis did not answer within ${this.options.timeoutMs} ms; skipping it for ${this.options.openMs} ms at a time until it answers`,
      );
    }
  }
}
