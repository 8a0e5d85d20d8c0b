/**
 * Calls `fire` for signals, at most once every `gapMs`: a signal after a quiet gap fires at once;
 * signals within the gap after a call are carried by one call at the gap's end. So a lone signal
 * costs no wait, and a stream of them costs one call a gap however many come.
 */
export class SpacedCalls {
  private lastCalledAt = Number.NEGATIVE_INFINITY;
  private pending: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly gapMs: number,
    private readonly fire: () => void,
  ) {}

  signal(): void {
    if (this.pending || this.closed) return;
    const wait = this.lastCalledAt + this.gapMs - performance.now();
    if (wait <= 0) {
      this.call();
      return;
    }
    this.pending = setTimeout(() => {
      this.pending = null;
      this.call();
    }, wait);
  }

  /** Drops the call waiting for its gap's end, and every later signal. */
  close(): void {
    this.closed = true;
    if (this.pending) clearTimeout(this.pending);
    this.pending = null;
  }

  private call(): void {
    if (this.closed) return;
    this.lastCalledAt = performance.now();
    this.fire();
  }
}
