import { Global, Module } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { Clock, SystemClock } from './clock';
import { FileClock } from './file-clock';

/**
 * The application's clock: the system's, or in tests that run real worker processes a
 * `FileClock` the test moves (`CLOCK_FILE`, accepted only when NODE_ENV is `test`).
 */
@Global()
@Module({
  providers: [
    {
      provide: Clock,
      inject: [AppConfig],
      useFactory: (config: AppConfig): Clock => {
        if (config.CLOCK_FILE === '') return new SystemClock();
        if (config.NODE_ENV !== 'test') throw new Error('CLOCK_FILE is honoured only when NODE_ENV is test');
        return new FileClock(config.CLOCK_FILE);
      },
    },
  ],
  exports: [Clock],
})
export class ClockModule {}
