import type { Type } from '@nestjs/common';
import { Test, TestingModule } from '@nestjs/testing';
import { readFileSync } from 'node:fs';
import { DataSource } from 'typeorm';
import { PaymentsConfig } from '../../../src/modules/payments/payments.config';
import { CaptureRequest, CaptureResult, RailConnector } from '../../../src/modules/payments/rails/rail-connector';
import { SandboxRailConnector } from '../../../src/modules/payments/rails/sandbox-rail.connector';
import { Clock } from '../../../src/platform/clock/clock';
import { OutboundTrust } from '../../../src/platform/outbound/outbound-trust';
import { FileClock } from '../file-clock';
import type { EntryArguments } from './entry-arguments';

/** Compiles `root` as the application does, with the providers `entry` asks for replaced. */
export function compileWith(root: Type<unknown>, entry: EntryArguments): Promise<TestingModule> {
  let builder = Test.createTestingModule({ imports: [root] });
  if (entry.clockFile !== undefined) builder = builder.overrideProvider(Clock).useValue(new FileClock(entry.clockFile));
  if (entry.crashAfterCapture) {
    builder = builder.overrideProvider(RailConnector).useFactory({
      factory: (dataSource: DataSource, clock: Clock, settings: PaymentsConfig) =>
        new CrashAfterCaptureRail(dataSource, clock, settings),
      inject: [DataSource, Clock, PaymentsConfig],
    });
  }
  if (entry.outboundTrustCa !== undefined) {
    builder = builder
      .overrideProvider(OutboundTrust)
      .useValue(new OutboundTrust({ allowLoopback: true }, [readFileSync(entry.outboundTrustCa, 'utf8')]));
  }
  return builder.compile();
}

/**
 * The sandbox rail, except that once it has captured a payment the process dies as a crash
 * would (SIGKILL: no shutdown hooks, no flush, no answer to the client), before the payment
 * core records the outcome: the capture is on the rail, the payment still `AUTHORIZING`.
 */
export class CrashAfterCaptureRail extends SandboxRailConnector {
  override async capture(request: CaptureRequest): Promise<CaptureResult> {
    await super.capture(request);
    process.stderr.write(`test entry: killing the process after the rail captured payment ${request.reference}\n`);
    process.kill(process.pid, 'SIGKILL');
    return new Promise<never>(() => undefined);
  }
}

/** Reports a failure to start and ends the process, as the application's own entry points do. */
export function exitOnFailure(what: string): (error: unknown) => never {
  return (error) => {
    process.stderr.write(`${what} failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  };
}
