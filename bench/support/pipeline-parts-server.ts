/**
 * One server of `bench/pipeline-parts.bench.ts`: `POST /api/v1/bench-floor/payments` answering
 * once it has waited as PIPELINE_ROUTE_QUERIES and PIPELINE_ROUTE_SLEEP_MS say (below; by
 * default at once, with no statement and no Redis command of its own), either behind a minimal
 * Nest app (`PIPELINE_SERVER=nest`) or as a route of the built `ApiModule`, declared as `POST
 * /payments` is and configured as `configureHttpApp` configures the API, with the parts named in
 * `PIPELINE_WITHOUT` (comma-separated, `PIPELINE_PARTS` of `./pipeline-parts.ts`) taken out. Each
 * part is taken out by replacing it in this process only: the build is not changed. Forked by the
 * bench with ts-node; it says `ready` over IPC once it listens on PORT.
 */
import 'reflect-metadata';
import { Body, Controller, HttpCode, Module, Post, type ExecutionContext, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import { verify, type Algorithm, type Secret } from 'jsonwebtoken';
import { join } from 'node:path';
import { Pool } from 'pg';
import { PIPELINE_PARTS } from './pipeline-parts';

const without = new Set((process.env.PIPELINE_WITHOUT ?? '').split(',').filter(Boolean));
for (const part of without) {
  if (!(part in PIPELINE_PARTS)) throw new Error(`unknown pipeline part ${part}`);
}
const port = Number(process.env.PORT);
/**
 * What the route waits for before it answers, the same in every variant (`nest` included):
 * PIPELINE_ROUTE_QUERIES (0) round trips to PostgreSQL one after the other, each `SELECT $1`
 * through a `pg` pool of the server's own (4 connections), then PIPELINE_ROUTE_SLEEP_MS (0) of a
 * timer. With neither the route answers at once, as it always did.
 */
const routeQueries = Number(process.env.PIPELINE_ROUTE_QUERIES ?? 0);
const routeSleepMs = Number(process.env.PIPELINE_ROUTE_SLEEP_MS ?? 0);
const pool = routeQueries > 0 ? new Pool({ connectionString: process.env.DATABASE_URL, max: 4 }) : undefined;

type Answer = { id: string; status: string };

/** `answer` once the route's waits are done, or at once when it has none. */
function afterRouteWork(amount: number, answer: Answer): Answer | Promise<Answer> {
  if (!pool && routeSleepMs === 0) return answer;
  return (async () => {
    for (let index = 0; index < routeQueries; index++) await pool!.query('SELECT $1::int AS amount', [amount]);
    if (routeSleepMs > 0) await new Promise((done) => setTimeout(done, routeSleepMs));
    return answer;
  })();
}

/** A module of the build, the one `ApiModule` itself loads, so that a change to it is seen there. */
function built<T>(path: string): Promise<T> {
  return import(join(__dirname, '..', '..', 'dist', 'src', path)) as Promise<T>;
}

async function nestServer(): Promise<void> {
  @Controller('api/v1/bench-floor')
  class NestController {
    @Post('payments')
    @HttpCode(200)
    pay(@Body() body: { amount: number }): Answer | Promise<Answer> {
      return afterRouteWork(body.amount, { id: String(body.amount), status: 'PENDING' });
    }
  }
  @Module({ controllers: [NestController] })
  class NestServerModule {}
  const app = await NestFactory.create(NestServerModule, { logger: false });
  await app.listen(port, '127.0.0.1');
}

type Middleware = (request: Request, response: Response, next: NextFunction) => void;
interface Guard {
  prototype: { canActivate: (context: ExecutionContext) => boolean | Promise<boolean> };
}
interface Verification {
  key: Secret;
  algorithms: Algorithm[];
  issuer: string;
  audience: string;
}
interface JwtStrategy {
  tokens: { verification: Verification };
  validate(payload: Record<string, unknown>): Promise<unknown>;
}

async function apiServer(): Promise<void> {
  if (without.has('log-context')) {
    const pino = (await import('nestjs-pino')) as unknown as { LoggerModule: { prototype: { configure: () => void } } };
    pino.LoggerModule.prototype.configure = () => undefined;
  }
  if (without.has('global-guards')) {
    const { ContentTypeGuard } = await built<{ ContentTypeGuard: Guard }>('platform/http/content-type.guard.js');
    const { AccessPolicyGuard } = await built<{ AccessPolicyGuard: Guard }>('platform/auth/access-policy.guard.js');
    ContentTypeGuard.prototype.canActivate = () => true;
    AccessPolicyGuard.prototype.canActivate = () => true;
  }
  if (without.has('session-read')) {
    type Lookup = (this: unknown, sessionId: string) => Promise<unknown>;
    const { SessionCache } = await built<{ SessionCache: { prototype: { findActive: Lookup } } }>(
      'modules/identity/session-cache.js',
    );
    const lookUp = SessionCache.prototype.findActive;
    const answers = new Map<string, unknown>();
    SessionCache.prototype.findActive = async function (this: unknown, sessionId: string) {
      if (!answers.has(sessionId)) answers.set(sessionId, await lookUp.call(this, sessionId));
      return answers.get(sessionId);
    };
  }
  const { CustomerJwtStrategy } = await built<{ CustomerJwtStrategy: Type<JwtStrategy> }>(
    'platform/auth/customer-jwt.strategy.js',
  );
  // The app's strategy, once the app is made (the guard below runs only after that).
  const held: { strategy?: JwtStrategy } = {};
  if (without.has('passport')) {
    const { UserAuthGuard } = await built<{ UserAuthGuard: Guard }>('platform/auth/user-auth.guard.js');
    const { bearerToken } = await built<{ bearerToken: (header?: string) => string | null }>(
      'platform/auth/bearer-token.js',
    );
    UserAuthGuard.prototype.canActivate = async (context) => {
      const request = context.switchToHttp().getRequest<Request & { principal?: unknown }>();
      const { key, algorithms, issuer, audience } = held.strategy!.tokens.verification;
      const payload = verify(bearerToken(request.headers.authorization) ?? '', key, {
        algorithms,
        issuer,
        audience,
        ignoreExpiration: true,
      }) as Record<string, unknown>;
      request.principal = await held.strategy!.validate(payload);
      return true;
    };
  }

  type Decorators = { Public: () => MethodDecorator; CustomerAuth: () => MethodDecorator };
  type Principal = { CurrentPrincipal: () => ParameterDecorator };
  const auth = await built<Decorators & Principal>('platform/auth/auth.decorators.js');
  const { IdempotencyKey } = await built<{ IdempotencyKey: () => ParameterDecorator }>(
    'modules/payments/core/idempotency-key.decorator.js',
  );
  const { PaymentRequestDto } = await built<{ PaymentRequestDto: Type }>(
    'modules/payments/core/dto/payment-request.dto.js',
  );
  const { ApiModule } = await built<{ ApiModule: Type }>('api.module.js');

  @Controller('bench-floor')
  class PipelineController {
    @Post('payments')
    @(without.has('user-guard') ? auth.Public() : auth.CustomerAuth())
    @HttpCode(200)
    pay(_principal: unknown, key: string | undefined, body: { amount: number }): Answer | Promise<Answer> {
      return afterRouteWork(body.amount, { id: `${body.amount}${key ?? ''}`, status: 'PENDING' });
    }
  }
  // The parameters as the service's route declares them, each only where its part is kept.
  if (!without.has('user-guard')) auth.CurrentPrincipal()(PipelineController.prototype, 'pay', 0);
  if (!without.has('idempotency-key')) IdempotencyKey()(PipelineController.prototype, 'pay', 1);
  Body()(PipelineController.prototype, 'pay', 2);
  const bodyType = without.has('dto') ? Object : PaymentRequestDto;
  Reflect.defineMetadata('design:paramtypes', [Object, String, bodyType], PipelineController.prototype, 'pay');
  @Module({ imports: [ApiModule], controllers: [PipelineController] })
  class PipelineServerModule {}

  const app = await NestFactory.create<NestExpressApplication>(PipelineServerModule, {
    bodyParser: false,
    bufferLogs: true,
  });
  held.strategy = app.get(CustomerJwtStrategy);
  await configure(app);
  await app.listen(port, '127.0.0.1');
}

/** `configureHttpApp`, step for step, without the parts taken out (and without the OpenAPI document). */
async function configure(app: NestExpressApplication): Promise<void> {
  const { AppConfig } = await built<{ AppConfig: Type<{ TRUST_PROXY: unknown; BODY_LIMIT: string }> }>(
    'platform/config/app-config.js',
  );
  const { ROOT_LOGGER } = await built<{ ROOT_LOGGER: symbol }>('platform/logging/logging.module.js');
  const { createHttpLogger } = await built<{ createHttpLogger: (logger: unknown) => Middleware }>(
    'platform/logging/root-logger.js',
  );
  const { refuseRequestsWithoutHost } = await built<{ refuseRequestsWithoutHost: (app: unknown) => void }>(
    'platform/http/host-header.js',
  );
  const { httpMetricsMiddleware } = await built<{ httpMetricsMiddleware: (registry: unknown) => Middleware }>(
    'platform/metrics/http-metrics.middleware.js',
  );
  const { MetricsRegistry } = await built<{ MetricsRegistry: Type }>('platform/metrics/metrics.registry.js');
  const { securityHeaders } = await built<{ securityHeaders: () => Middleware }>('platform/http/security-headers.js');
  const { installJsonBodyParser } = await built<{ installJsonBodyParser: (app: unknown, limit: string) => void }>(
    'platform/http/json-body-parser.js',
  );
  const { applyGlobalPrefix } = await built<{ applyGlobalPrefix: (app: unknown) => void }>(
    'platform/http/configure-http-app.js',
  );
  const { Logger } = await import('nestjs-pino');

  const config = app.get(AppConfig);
  const rootLogger = app.get<unknown>(ROOT_LOGGER);
  app.useLogger(app.get(Logger));
  app.flushLogs();
  app.disable('x-powered-by');
  app.set('trust proxy', config.TRUST_PROXY);
  app.set('etag', false);
  if (without.has('access-log')) {
    // What the rest of the pipeline reads of it: the request's id and logger.
    app.use((request: Request & { id?: string; log?: unknown }, _response: Response, next: NextFunction) => {
      request.id = 'bench';
      request.log = rootLogger as typeof request.log;
      next();
    });
  } else {
    app.use(createHttpLogger(rootLogger));
  }
  if (!without.has('host')) refuseRequestsWithoutHost(app);
  if (!without.has('metrics')) app.use(httpMetricsMiddleware(app.get(MetricsRegistry)));
  if (!without.has('headers')) app.use(securityHeaders());
  if (without.has('json-keys')) app.useBodyParser('json', { limit: config.BODY_LIMIT });
  else installJsonBodyParser(app, config.BODY_LIMIT);
  applyGlobalPrefix(app);
}

// SIGINT ends the server through `process.exit`, so that `--cpu-prof` writes its profile.
process.once('SIGINT', () => process.exit(0));

(process.env.PIPELINE_SERVER === 'nest' ? nestServer() : apiServer()).then(
  () => process.send?.('ready'),
  (error: unknown) => {
    process.stderr.write(`pipeline server failed: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);
