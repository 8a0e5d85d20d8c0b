import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import type { RunningBillerSimulator } from '../../src/simulators/biller-simulator';

export type Http = ReturnType<typeof request>;

/** Whoever calls the API: what a factory sends as that caller's credentials. */
export interface Caller {
  headers: Record<string, string>;
}

/**
 * What a spec has around its app (a harness or a kit): factories use what is there and make
 * what is not, so a spec holding only the app can use them too.
 */
export interface AppParts {
  app: INestApplication;
  /** An ADMIN, for what only the admin API creates; made once per app when absent. */
  admin?: Caller;
  /** The biller simulator that billers' connectors point at. */
  simulator?: RunningBillerSimulator;
  /** Unique to the spec, for slugs and codes that must not collide with another spec's. */
  prefix?: string;
}

/** An app, or the parts around one. */
export type AppTarget = INestApplication | AppParts;

function isApp(target: AppTarget): target is INestApplication {
  return typeof (target as INestApplication).getHttpServer === 'function';
}

export function partsOf(target: AppTarget): AppParts {
  return isApp(target) ? { app: target } : target;
}

export function appOf(target: AppTarget): INestApplication {
  return partsOf(target).app;
}

export function httpOf(target: AppTarget): Http {
  return request(appOf(target).getHttpServer());
}

export function dbOf(target: AppTarget): DataSource {
  return appOf(target).get(DataSource);
}
