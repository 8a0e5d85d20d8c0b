import { Injectable, Logger } from '@nestjs/common';
import type { ApiErrorDetail } from '../../../platform/http/api-error';
import { DnsResolver } from '../../../platform/outbound/dns-resolver';
import { GuardedHttpClient } from '../../../platform/outbound/guarded-http-client';
import { originChallenge } from './origin-challenge';

/** The method that proved the origin, or what each method found instead. */
export type OwnershipCheck = { proven: 'DNS_TXT' | 'HTTP_FILE' } | { proven: null; details: ApiErrorDetail[] };

/**
 * Looks for an origin's challenge token: first the DNS TXT record (each record's chunks joined,
 * exact match), then the HTTPS file through the platform's guarded client (public addresses
 * only, pinned, TLS verified, no redirect, 3 s / 5 s, 4 KB; a 200 whose trimmed body is the
 * token). What each method found goes in `details`, worded without any address.
 */
@Injectable()
export class OriginOwnershipCheck {
  private readonly logger = new Logger(OriginOwnershipCheck.name);

  constructor(
    private readonly resolver: DnsResolver,
    private readonly http: GuardedHttpClient,
  ) {}

  async check(origin: string, token: string): Promise<OwnershipCheck> {
    const challenge = originChallenge(origin, token);
    const dns = await this.checkDns(challenge.dns.name, challenge.dns.value);
    if (dns === null) return { proven: 'DNS_TXT' };
    const http = await this.checkHttp(challenge.http.url, token);
    if (http === null) return { proven: 'HTTP_FILE' };
    return {
      proven: null,
      details: [
        { field: 'dns', message: dns },
        { field: 'http', message: http },
      ],
    };
  }

  /** Null when a TXT record of `name` is exactly `value`; else what was found. */
  private async checkDns(name: string, value: string): Promise<string | null> {
    let records: string[][];
    try {
      records = await this.resolver.resolveTxt(name);
    } catch (error) {
      this.logger.warn(`TXT lookup of ${name} failed: ${error instanceof Error ? error.message : String(error)}`);
      return `the TXT lookup of ${name} failed`;
    }
    if (records.length === 0) return `no TXT record at ${name}`;
    if (records.some((chunks) => chunks.join('') === value)) return null;
    return `${records.length} TXT record(s) at ${name}, none equal to the challenge value`;
  }

  /** Null when the file answers 200 with the token; else what was found. */
  private async checkHttp(url: string, token: string): Promise<string | null> {
    const result = await this.http.get(url);
    if (!result.ok) {
      if (result.refusedRange) this.logger.warn(`origin check of ${url} refused: ${result.refusedRange} address`);
      return `${url}: ${result.message}`;
    }
    if (result.status >= 300 && result.status < 400) {
      return `${url} answered ${result.status}: redirects are not followed`;
    }
    if (result.status !== 200) return `${url} answered ${result.status}, not 200`;
    if (result.body.toString('utf8').trim() !== token) return `${url} does not hold the challenge token`;
    return null;
  }
}

/** The findings as `lastError` keeps them: one `method: finding` per method, within the column. */
export function findingsSummary(details: ApiErrorDetail[]): string {
  return details
    .map((detail) => `${detail.field}: ${detail.message}`)
    .join('; ')
    .slice(0, 1000);
}
