import { join } from 'node:path';
import { tmpdir } from 'node:os';
import type { Type } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { TestingModuleBuilder } from '@nestjs/testing';
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { Clock } from '../../src/platform/clock/clock';
import { loadAllConfiguration } from '../../src/configuration';
import { BillersConfig } from '../../src/modules/billers/billers.config';
import { AppConfig } from '../../src/platform/config/app-config';
import { Configuration } from '../../src/platform/config/configuration';
import { RunningBillerSimulator, startBillerSimulator } from '../../src/simulators/biller-simulator';
import type { Http } from './app-target';
import { createTestApp } from './test-app';

/** How the biller simulator answers its slow (`...150`) and pending (`...202`) references. */
export interface SimulatorSettings {
  slowResponseMs?: number;
  confirmAfterMs?: number;
}

export interface HarnessOptions {
  /**
   * Variables over the run's environment and the harness defaults: every slice of the app's
   * configuration (the platform's and each context's) is built from them, as at boot.
   */
  config?: Record<string, string>;
  /**
   * Gives the app Redis keys of its own under the run's prefix (`<run>:<namespace>-<random>`),
   * for specs whose counters, caches or queues must not meet another spec's. Under the run's
   * prefix, so global teardown still finds them.
   */
  redisNamespace?: string;
  /** Replaces the system clock. */
  clock?: Clock;
  /** Test-only controllers mounted beside the app's own. */
  controllers?: Type<unknown>[];
  /** Replaces providers beyond the configuration (a fault-injecting one, say). */
  override?: (builder: TestingModuleBuilder) => TestingModuleBuilder;
  /** Starts a biller simulator on a free port, signing with the app's secret. */
  simulator?: SimulatorSettings;
}

/** The real HTTP app of one spec, and what a spec reaches it through. */
export interface TestHarness {
  app: NestExpressApplication;
  /**
   * Requests to the app, which listens on an ephemeral port of 127.0.0.1 from boot to `close`
   * (supertest would otherwise bind, and then close, a listening socket around every request);
   * `app.getHttpServer().address()` gives the port to other clients (SSE, a browser).
   */
  http: Http;
  db: DataSource;
  /** The platform's settings the app runs with. */
  config: AppConfig;
  /** Every slice the app runs with (`configuration.get(PaymentsConfig)`), and the variables they were built from (`configuration.environment`). */
  configuration: Configuration;
  /** Unique to this harness, for slugs that must not collide with other specs sharing the database. */
  prefix: string;
  close(): Promise<void>;
}

export interface SimulatedBillers {
  simulator: RunningBillerSimulator;
  /** Requests the simulator answered, as `METHOD path status`. */
  simulatorLog: string[];
  /** Requests the simulator received, as `METHOD path`, answered or not. */
  simulatorReceived: string[];
}

/**
 * Every e2e app registers from 127.0.0.1, so the per-address limit would trip across specs,
 * and a cheap bcrypt cost keeps sign-ups fast; specs that test either set their own.
 */
const HARNESS_DEFAULTS = {
  BCRYPT_COST: '4',
  RATE_LIMIT_REGISTER_PER_IP: '1000000',
  // Files (KYB evidence) out of the working tree.
  DATA_DIR: join(tmpdir(), 'payment-service-test-data'),
};

export function createTestHarness(
  options: HarnessOptions & { simulator: SimulatorSettings },
): Promise<TestHarness & SimulatedBillers>;
export function createTestHarness(options?: HarnessOptions): Promise<TestHarness>;
export async function createTestHarness(
  options: HarnessOptions = {},
): Promise<TestHarness & Partial<SimulatedBillers>> {
  const namespace = options.redisNamespace && `${options.redisNamespace}-${randomBytes(4).toString('hex')}`;
  const configuration = loadAllConfiguration({
    ...process.env,
    ...(namespace ? { REDIS_KEY_PREFIX: `${process.env.REDIS_KEY_PREFIX}:${namespace}` } : {}),
    ...HARNESS_DEFAULTS,
    ...options.config,
  });
  const billers = options.simulator ? await startSimulator(configuration, options.simulator) : undefined;
  let app: NestExpressApplication;
  try {
    app = await createTestApp(
      (builder) => {
        let built = builder.overrideProvider(Configuration).useValue(configuration);
        if (options.clock) built = built.overrideProvider(Clock).useValue(options.clock);
        return options.override ? options.override(built) : built;
      },
      { controllers: options.controllers },
    );
  } catch (error) {
    await billers?.simulator.close();
    throw error;
  }
  try {
    await app.listen(0, '127.0.0.1');
  } catch (error) {
    await app.close().catch(() => undefined);
    await billers?.simulator.close();
    throw error;
  }
  return {
    app,
    http: request(app.getHttpServer()),
    db: app.get(DataSource),
    config: configuration.platform,
    configuration,
    prefix: `t${randomBytes(3).toString('hex')}`,
    ...billers,
    close: async () => {
      await app.close();
      await billers?.simulator.close();
    },
  };
}

async function startSimulator(configuration: Configuration, settings: SimulatorSettings): Promise<SimulatedBillers> {
  const simulatorLog: string[] = [];
  const simulatorReceived: string[] = [];
  const simulator = await startBillerSimulator({
    secret: configuration.get(BillersConfig).BILLER_SIMULATOR_SECRET,
    slowResponseMs: settings.slowResponseMs ?? 150,
    confirmAfterMs: settings.confirmAfterMs ?? 300,
    onRequest: (line) => simulatorLog.push(line),
    onRequestReceived: (line) => simulatorReceived.push(line),
  });
  return { simulator, simulatorLog, simulatorReceived };
}
