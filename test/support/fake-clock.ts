import { Clock } from '../../src/platform/clock/clock';

/** A clock that stands still until a test moves it. Starts at the real time. */
export class FakeClock extends Clock {
  private current = Date.now();

  now(): Date {
    return new Date(this.current);
  }

  advance(milliseconds: number): void {
    this.current += milliseconds;
  }

  advanceSeconds(seconds: number): void {
    this.advance(seconds * 1000);
  }
}
