import { isCalendarDate } from './calendar-words';
import { UnusableEventError } from './event-notice';

/** Pattern of the ids events carry. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Pattern of an ISO 4217 code. */
export const CURRENCY = /^[A-Z]{3}$/;

/**
 * Checks the fields of an event payload a notice relies on, collecting every field that breaks
 * the contract, then answers the payload typed or throws one UnusableEventError naming them all.
 * The producer's type says more than it proves: a payload arrives as JSON from the outbox.
 * Only own properties are read, so a field name never reaches `Object.prototype`.
 */
export class PayloadFields {
  private readonly problems: string[] = [];
  private readonly values: Record<string, unknown> | null;

  constructor(payload: unknown) {
    this.values =
      typeof payload === 'object' && payload !== null && !Array.isArray(payload)
        ? (payload as Record<string, unknown>)
        : null;
  }

  /** A non-empty string, matching `pattern` and at most `max` characters when given. */
  text(field: string, rule: { pattern?: RegExp; max?: number } = {}): this {
    const value = this.read(field);
    const usable =
      typeof value === 'string' &&
      value.trim().length > 0 &&
      (rule.max === undefined || value.length <= rule.max) &&
      (rule.pattern === undefined || rule.pattern.test(value));
    return this.check(field, usable);
  }

  /** Absent, null, or a string. */
  optionalText(field: string): this {
    const value = this.read(field);
    return this.check(field, value === undefined || value === null || typeof value === 'string');
  }

  /** A whole, non-negative number of minor units. */
  minorUnits(field: string): this {
    const value = this.read(field);
    return this.check(field, typeof value === 'number' && Number.isSafeInteger(value) && value >= 0);
  }

  /** A real calendar date written `YYYY-MM-DD`. */
  calendarDate(field: string): this {
    const value = this.read(field);
    return this.check(field, typeof value === 'string' && isCalendarDate(value));
  }

  boolean(field: string): this {
    return this.check(field, typeof this.read(field) === 'boolean');
  }

  /** Absent, or a boolean. */
  optionalBoolean(field: string): this {
    const value = this.read(field);
    return this.check(field, value === undefined || typeof value === 'boolean');
  }

  /** The payload as `T` when every field checked holds; else UnusableEventError naming the bad ones. */
  verified<T>(what: string): T {
    if (this.values === null) throw new UnusableEventError(`${what} payload: not an object`);
    if (this.problems.length > 0) throw new UnusableEventError(`${what} payload: bad ${this.problems.join(', ')}`);
    return this.values as unknown as T;
  }

  private read(field: string): unknown {
    return this.values !== null && Object.hasOwn(this.values, field) ? this.values[field] : undefined;
  }

  private check(field: string, usable: boolean): this {
    if (!usable) this.problems.push(field);
    return this;
  }
}
