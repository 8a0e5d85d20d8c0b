import { Controller, Get, Header, Inject, Logger, ServiceUnavailableException } from '@nestjs/common';
import { ApiOkResponse, ApiProperty, ApiSchema, ApiTags } from '@nestjs/swagger';
import { HealthCheckService, HealthIndicatorService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { Public } from '../auth/auth.decorators';
import { ApiException } from '../http/api-error';
import { ApiErrors } from '../http/api-errors.decorator';
import { ReplicaReads, type ReplicaState } from '../database/replica-reads';
import { REDIS } from '../redis/redis.module';

const CHECK_TIMEOUT_MS = 1500;

@ApiSchema({ name: 'HealthResponse' })
export class HealthResponseDto {
  @ApiProperty({ enum: ['up'], example: 'up' })
  status: 'up';

  /**
   * Each checked dependency and its state. The read replica (`replica`, only when
   * `DATABASE_REPLICA_URL` is set) is not critical: `down` there leaves the service ready, its
   * reads going to the primary.
   */
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string', enum: ['up', 'down'] },
    example: { database: 'up', redis: 'up', migrations: 'up' },
  })
  checks: Record<string, 'up' | 'down'>;
}

@ApiTags('Operations')
@Controller('health')
export class HealthController {
  private readonly logger = new Logger(HealthController.name);

  constructor(
    private readonly health: HealthCheckService,
    private readonly indicators: HealthIndicatorService,
    private readonly database: TypeOrmHealthIndicator,
    private readonly dataSource: DataSource,
    private readonly replica: ReplicaReads,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  /** Liveness: the process is up and serving HTTP. Checks no dependency. */
  @Get('live')
  @Public()
  @Header('Cache-Control', 'no-store')
  @ApiOkResponse({ type: HealthResponseDto })
  live(): HealthResponseDto {
    return { status: 'up', checks: {} };
  }

  /**
   * Readiness: PostgreSQL and Redis answer and every migration has been applied. The route is
   * public, so a failed check is named with `down` only; why it failed (the driver's message,
   * which can name hosts, ports and databases) goes to the log. With a read replica
   * (`DATABASE_REPLICA_URL`), `checks.replica` says whether it answers, and its being down does not
   * make the service unready: the reads it serves go to the primary meanwhile.
   */
  @Get('ready')
  @Public()
  @Header('Cache-Control', 'no-store')
  @ApiOkResponse({ type: HealthResponseDto })
  @ApiErrors('SERVICE_UNAVAILABLE')
  async ready(): Promise<HealthResponseDto> {
    // Not critical, so not one of terminus's checks (any of which down answers 503); asked beside them.
    const replica = this.replicaCheck();
    try {
      const result = await this.health.check([
        () => this.database.pingCheck('database').withTimeout(CHECK_TIMEOUT_MS),
        () =>
          this.indicators
            .check('redis')
            .attempt(async () => {
              await this.redis.ping();
            })
            .withTimeout(CHECK_TIMEOUT_MS),
        () =>
          this.indicators
            .check('migrations')
            .attempt(async () => {
              if (await this.dataSource.showMigrations()) throw new Error('pending migrations');
            })
            .withTimeout(CHECK_TIMEOUT_MS),
      ]);
      const checks: Record<string, 'up' | 'down'> = Object.fromEntries(
        Object.keys(result.details).map((key) => [key, 'up']),
      );
      const replicaState = await replica;
      if (replicaState !== 'none') checks.replica = replicaState;
      return { status: 'up', checks };
    } catch (error) {
      if (!(error instanceof ServiceUnavailableException)) throw error;
      const body = error.getResponse() as { details?: Record<string, { status: string; message?: string }> };
      const down = Object.entries(body.details ?? {}).filter(([, check]) => check.status !== 'up');
      this.logger.warn(`not ready: ${down.map(([name, check]) => `${name}: ${check.message ?? 'down'}`).join('; ')}`);
      const details = down.map(([field]) => ({ field, message: 'down' }));
      throw new ApiException('SERVICE_UNAVAILABLE', 'The service is not ready', details);
    }
  }

  /** The read replica's state, asked now, bounded as the other checks are; `none` without one. */
  private async replicaCheck(): Promise<ReplicaState> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<ReplicaState>((resolve) => {
      timer = setTimeout(() => resolve('down'), CHECK_TIMEOUT_MS);
    });
    try {
      return await Promise.race([this.replica.check(), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}
