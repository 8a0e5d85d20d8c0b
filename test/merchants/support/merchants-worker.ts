import type { INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { AppConfigModule, loadAllConfiguration } from '../../../src/configuration';
import { ComplianceModule } from '../../../src/modules/compliance';
import { MerchantsJobsModule } from '../../../src/modules/merchants';
import { Clock } from '../../../src/platform/clock/clock';
import { Configuration } from '../../../src/platform/config/configuration';
import { DnsResolver } from '../../../src/platform/outbound/dns-resolver';
import { OutboundTrust } from '../../../src/platform/outbound/outbound-trust';
import { PlatformModule } from '../../../src/platform/platform.module';
import { createIsolatedDatabase, IsolatedDatabase } from '../../support/isolated-database';
import { createTestHarness, TestHarness } from '../../support/test-harness';

/**
 * The merchants' worker in process, as WorkerModule composes it (ComplianceModule binds the payment
 * core's screening port, which the checkout hook's payments module needs), built from the harness's
 * environment: the same database, Redis prefix and settings as the API, so it takes the API's jobs.
 * Each `[provider, value]` of `overrides` replaces a provider, as the spec replaced it in the API
 * (a clock, a resolver). The spec closes it.
 */
export async function startMerchantsWorker(
  harness: Pick<TestHarness, 'configuration'>,
  overrides: [provider: unknown, value: unknown][] = [],
): Promise<INestApplicationContext> {
  let builder = Test.createTestingModule({
    imports: [AppConfigModule, PlatformModule, MerchantsJobsModule, ComplianceModule],
  })
    .overrideProvider(Configuration)
    .useValue(loadAllConfiguration(harness.configuration.environment));
  for (const [provider, value] of overrides) builder = builder.overrideProvider(provider).useValue(value);
  return (await builder.compile()).init();
}

/** The API and the merchants' worker beside it, on a database of their own. */
export interface OutboundMerchantsApp {
  database: IsolatedDatabase;
  harness: TestHarness;
  worker: INestApplicationContext;
}

/**
 * For specs whose merchants reach HTTPS servers of the spec's own on loopback (a webhook receiver,
 * an origin's challenge file): the API on an isolated database (its jobs, run with `clock` moved
 * ahead, act on every merchant's rows) and the merchants' worker beside it, both with `clock`,
 * names resolved by `resolver`, and outbound requests allowed to loopback and trusting only the
 * test authority `caPem`. The spec closes the worker and the harness and drops the database.
 */
export async function startOutboundMerchantsApp({
  redisNamespace,
  clock,
  resolver,
  caPem,
}: {
  redisNamespace: string;
  clock: Clock;
  resolver: DnsResolver;
  caPem: string;
}): Promise<OutboundMerchantsApp> {
  const trust = new OutboundTrust({ allowLoopback: true }, [caPem]);
  const database = await createIsolatedDatabase();
  let harness: TestHarness | undefined;
  try {
    harness = await createTestHarness({
      redisNamespace,
      clock,
      config: { DATABASE_URL: database.url },
      override: (builder) =>
        builder.overrideProvider(DnsResolver).useValue(resolver).overrideProvider(OutboundTrust).useValue(trust),
    });
    // The same database, Redis prefix, settings, clock and DNS as the API.
    const worker = await startMerchantsWorker(harness, [
      [Clock, clock],
      [DnsResolver, resolver],
      [OutboundTrust, trust],
    ]);
    return { database, harness, worker };
  } catch (error) {
    // What the spec's afterAll would otherwise never hear of.
    await harness?.close();
    await database.drop();
    throw error;
  }
}
