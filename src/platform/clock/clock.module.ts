import { Global, Module } from '@nestjs/common';
import { Clock, SystemClock } from './clock';

/** The application's clock: the system's. Tests replace the `Clock` provider (see README.md). */
@Global()
@Module({
  providers: [{ provide: Clock, useClass: SystemClock }],
  exports: [Clock],
})
export class ClockModule {}
