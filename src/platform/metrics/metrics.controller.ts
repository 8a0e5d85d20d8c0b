import { Controller, Get, Header } from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import { MetricsAuth } from './metrics-auth.decorator';
import { MetricsRegistry } from './metrics.registry';

@ApiTags('Operations')
@Controller('metrics')
export class MetricsController {
  constructor(private readonly metrics: MetricsRegistry) {}

  /** Prometheus metrics: request counts and latency by route and status, queue depths, outbox backlog. */
  @Get()
  @MetricsAuth()
  @Header('Cache-Control', 'no-store')
  @Header('Content-Type', 'text/plain; version=0.0.4; charset=utf-8')
  @ApiProduces('text/plain')
  @ApiOkResponse({
    description: 'Prometheus text exposition format',
    content: { 'text/plain': { schema: { type: 'string' } } },
  })
  async scrape(): Promise<string> {
    return this.metrics.scrape();
  }
}
