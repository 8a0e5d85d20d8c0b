import { parseArgs } from 'node:util';

/**
 * What a spec asks of a process it starts through a test entry point (`api.ts`, `worker.ts`),
 * passed on its command line:
 *
 * - `clockFile` (`--clock-file <path>`): the `Clock` reads the time from that file
 *   (`FileClock`), which the spec moves for every process at once.
 * - `crashAfterCapture` (`--crash-after-capture`): the process kills itself the moment the rail
 *   has captured a payment, before the payment core records the outcome.
 * - `outboundTrustCa` (`--outbound-trust-ca <path>`): the outbound guard (`OutboundTrust`) may
 *   reach loopback addresses and trusts the PEM authority in that file beside the system's roots
 *   (a local HTTPS receiver the spec runs).
 *
 * Nothing asked: the process runs exactly as deployed.
 */
export interface EntryArguments {
  clockFile?: string;
  crashAfterCapture?: boolean;
  outboundTrustCa?: string;
}

export function toCommandLine(entry: EntryArguments): string[] {
  return [
    ...(entry.clockFile === undefined ? [] : ['--clock-file', entry.clockFile]),
    ...(entry.crashAfterCapture ? ['--crash-after-capture'] : []),
    ...(entry.outboundTrustCa === undefined ? [] : ['--outbound-trust-ca', entry.outboundTrustCa]),
  ];
}

export function fromCommandLine(args: string[]): EntryArguments {
  const { values } = parseArgs({
    args,
    options: {
      'clock-file': { type: 'string' },
      'crash-after-capture': { type: 'boolean', default: false },
      'outbound-trust-ca': { type: 'string' },
    },
    strict: true,
  });
  return {
    clockFile: values['clock-file'],
    crashAfterCapture: values['crash-after-capture'],
    outboundTrustCa: values['outbound-trust-ca'],
  };
}

/** True when nothing is to be replaced: the process runs exactly as deployed. */
export function asDeployed(entry: EntryArguments): boolean {
  return entry.clockFile === undefined && !entry.crashAfterCapture && entry.outboundTrustCa === undefined;
}
