import { BullModule } from '@nestjs/bull';
import { forwardRef, Module } from '@nestjs/common';
import { registeredQueueNames } from './registered-queues';

@Module({ imports: [BullModule.registerQueue({ name: 'beta' }, { name: 'alpha' })] })
class FirstJobsModule {}

@Module({
  imports: [
    BullModule.registerQueueAsync({ name: 'gamma', useFactory: () => ({ settings: { lockDuration: 1000 } }) }),
    // Registered twice (two modules of one context): listed once.
    BullModule.registerQueue({ name: 'alpha' }),
  ],
})
class SecondJobsModule {}

@Module({ imports: [forwardRef(() => SecondJobsModule)] })
class Wrapper {}

@Module({ imports: [BullModule.forRoot({ redis: 'redis://localhost:6379' })] })
class QueuelessModule {}

@Module({ imports: [FirstJobsModule, Wrapper, QueuelessModule, { module: Wrapper, imports: [FirstJobsModule] }] })
class Root {}

describe('registeredQueueNames', () => {
  it('lists every queue the module tree registers, through dynamic and forward-referenced modules, sorted, once each', () => {
    expect(registeredQueueNames(Root)).toEqual(['alpha', 'beta', 'gamma']);
  });

  it('lists none for a tree that registers none (the root connection is no queue)', () => {
    expect(registeredQueueNames(QueuelessModule)).toEqual([]);
  });
});
