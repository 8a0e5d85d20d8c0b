import { Module, type ModuleMetadata, type Type } from '@nestjs/common';
import { MODULE_METADATA } from '@nestjs/common/constants';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test, type TestingModuleBuilder } from '@nestjs/testing';
import Redis from 'ioredis';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { ApiModule } from '../../src/api.module';
import { ComplianceModule } from '../../src/modules/compliance';
import { ComplianceHttpModule } from '../../src/modules/compliance/compliance-http.module';
import { MerchantsHttpModule } from '../../src/modules/merchants/merchants-http.module';
import { PaymentScreening } from '../../src/modules/payments';
import { MerchantApiKeyVerifier, MerchantSessionVerifier } from '../../src/platform/auth/merchant-credentials';
import { AppConfig } from '../../src/platform/config/app-config';
import { loadConfig } from '../../src/platform/config/configuration';
import { configureHttpApp } from '../../src/platform/http/configure-http-app';
import { WorkerModule } from '../../src/worker.module';
import { createIsolatedDatabase, IsolatedDatabase } from '../support/isolated-database';

type Override = (builder: TestingModuleBuilder) => TestingModuleBuilder;
type ModuleImport = NonNullable<ModuleMetadata['imports']>[number];

/** The application `root` composes, less `left`: a deployment that forgot to import them. */
function compositionWithout(root: Type<unknown>, left: ModuleImport): Type<unknown> {
  const imports = Reflect.getMetadata(MODULE_METADATA.IMPORTS, root) as ModuleImport[];
  expect(imports).toContain(left);
  @Module({ imports: imports.filter((module) => module !== left) })
  class Composition {}
  return Composition;
}

/** Boots `root` as main.ts does; closes it at once if it comes up. */
async function bootApi(root: Type<unknown>, override: Override = (builder) => builder): Promise<void> {
  const moduleRef = await override(Test.createTestingModule({ imports: [root] })).compile();
  const app = moduleRef.createNestApplication<NestExpressApplication>({ bodyParser: false, bufferLogs: true });
  configureHttpApp(app);
  try {
    await app.init();
  } finally {
    await app.close();
  }
}

/**
 * A missing implementation of a port one context defines and another implements stops the
 * application at boot, the API and the worker alike: no payment goes unscreened and no
 * merchant credential is refused wholesale because a module was not imported. Nest's resolution stops a consumer that sees no
 * binding; the boot audit (PortAudit) stops one bound to nothing, naming every such port.
 */
describe('Ports fail closed: an application without the implementation of a port does not boot', () => {
  // A boot that fails while Nest resolves its modules leaves no module to close, and the providers
  // still being made when it failed go on making Redis clients (the worker's queues: 22) after the
  // failure is reported. They would stay connected and keep the Jest worker from exiting, so the
  // spec disconnects every client made while it runs, once no more are coming.
  const opened: Redis[] = [];
  let connecting: jest.SpyInstance | undefined;
  beforeAll(() => {
    const connect = Redis.prototype.connect;
    connecting = jest.spyOn(Redis.prototype, 'connect').mockImplementation(function (this: Redis, ...args) {
      opened.push(this);
      return connect.apply(this, args);
    });
  });

  afterAll(async () => {
    let seen = -1;
    for (let round = 0; round < 20 && seen !== opened.length; round += 1) {
      seen = opened.length;
      for (const client of opened) client.disconnect();
      await sleep(250);
    }
    connecting?.mockRestore();
  });

  describe('the API', () => {
    it('without the compliance context: no PaymentScreening', async () => {
      await expect(bootApi(compositionWithout(ApiModule, ComplianceHttpModule))).rejects.toThrow(
        /\bPaymentScreening\b/,
      );
    });

    it('without the merchants context: no merchant session verifier or API key verifier', async () => {
      await expect(bootApi(compositionWithout(ApiModule, MerchantsHttpModule))).rejects.toThrow(
        /\b(MerchantSessionVerifier|MerchantApiKeyVerifier)\b/,
      );
    });

    it('with every binding overridden to nothing, the boot audit names each port', async () => {
      const ports = [PaymentScreening, MerchantSessionVerifier, MerchantApiKeyVerifier];
      const override: Override = (builder) =>
        ports.reduce((built, port) => built.overrideProvider(port).useValue(null), builder);
      const failure = await bootApi(ApiModule, override).then(
        () => null,
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(Error);
      const message = (failure as Error).message;
      expect(message).toMatch(/^Ports with no implementation bound/);
      for (const port of ports) expect(message).toMatch(new RegExp(`\\b${port.name} \\(needed by `));
      expect(message).toMatch(/PaymentScreening \(needed by PaymentCore; implemented by ComplianceModule/);
      expect(message).toMatch(/MerchantApiKeyVerifier \(needed by [^)]*MerchantApiKeyStrategy/);
    });
  });

  describe('the worker', () => {
    let database: IsolatedDatabase;
    let config: AppConfig;

    beforeAll(async () => {
      // Its own database and Redis prefix: a worker that came up would relay and process what is there.
      database = await createIsolatedDatabase();
      config = loadConfig({
        ...process.env,
        DATABASE_URL: database.url,
        REDIS_KEY_PREFIX: `${process.env.REDIS_KEY_PREFIX ?? 'test'}:ports-${randomBytes(3).toString('hex')}`,
      });
    });

    afterAll(async () => {
      await database?.drop();
    });

    /** Boots `root` as worker.ts does; closes it at once if it comes up. */
    async function bootWorker(root: Type<unknown>, override: Override = (builder) => builder): Promise<void> {
      const moduleRef = await override(
        Test.createTestingModule({ imports: [root] })
          .overrideProvider(AppConfig)
          .useValue(config),
      ).compile();
      try {
        await moduleRef.init();
      } finally {
        await moduleRef.close();
      }
    }

    it('without the compliance context: no PaymentScreening', async () => {
      await expect(bootWorker(compositionWithout(WorkerModule, ComplianceModule))).rejects.toThrow(
        /\bPaymentScreening\b/,
      );
    });

    it('with the screening binding overridden to nothing, the boot audit names the port', async () => {
      await expect(
        bootWorker(WorkerModule, (builder) => builder.overrideProvider(PaymentScreening).useValue(null)),
      ).rejects.toThrow(/^Ports with no implementation bound[^]*PaymentScreening \(needed by PaymentCore/);
    });
  });
});
