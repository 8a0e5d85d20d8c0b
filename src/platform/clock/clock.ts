import { Injectable } from '@nestjs/common';

/**
 * The time, as the application sees it. Rules that depend on elapsed time (OTP expiry, PIN
 * lockout, token lifetimes) read it here, so tests can move time forward instead of sleeping.
 */
export abstract class Clock {
  abstract now(): Date;
}

@Injectable()
export class SystemClock extends Clock {
  now(): Date {
    return new Date();
  }
}
