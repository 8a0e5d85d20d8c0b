import { Global, Module } from '@nestjs/common';
import { AppConfig } from './app-config';
import { configFromEnvironment } from './environment';

@Global()
@Module({
  providers: [{ provide: AppConfig, useFactory: configFromEnvironment }],
  exports: [AppConfig],
})
export class ConfigModule {}
