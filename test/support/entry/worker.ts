import { bootstrap } from '../../../src/worker';
import { WorkerModule } from '../../../src/worker.module';
import { asDeployed, fromCommandLine } from './entry-arguments';
import { compileWith, exitOnFailure } from './test-providers';

/**
 * The worker as `src/worker.ts` starts it, with the providers its command line asks for
 * replaced (`entry-arguments.ts`). Specs start it compiled: `payments/support/service-process.ts`.
 */
const entry = fromCommandLine(process.argv.slice(2));

bootstrap(asDeployed(entry) ? undefined : () => compileWith(WorkerModule, entry)).catch(exitOnFailure('worker'));
