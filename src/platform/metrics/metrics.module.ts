import { Global, Module } from '@nestjs/common';
import { MetricsController } from './metrics.controller';
import { MetricsRegistry } from './metrics.registry';
import { QueueMetricsCollector } from './queue-metrics.collector';
import { ReplicaMetricsCollector } from './replica-metrics.collector';

@Global()
@Module({
  controllers: [MetricsController],
  providers: [MetricsRegistry, QueueMetricsCollector, ReplicaMetricsCollector],
  exports: [MetricsRegistry],
})
export class MetricsModule {}
