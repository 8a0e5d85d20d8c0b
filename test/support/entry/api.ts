import type { NestExpressApplication } from '@nestjs/platform-express';
import { ApiModule } from '../../../src/api.module';
import { bootstrap } from '../../../src/main';
import { asDeployed, fromCommandLine } from './entry-arguments';
import { compileWith, exitOnFailure } from './test-providers';

/**
 * The HTTP API as `src/main.ts` starts it, with the providers its command line asks for
 * replaced (`entry-arguments.ts`). Specs start it compiled: `payments/support/service-process.ts`.
 */
const entry = fromCommandLine(process.argv.slice(2));

bootstrap(
  asDeployed(entry)
    ? undefined
    : async (options) => (await compileWith(ApiModule, entry)).createNestApplication<NestExpressApplication>(options),
).catch(exitOnFailure('API'));
