import { buildEntryPoints, deleteBuild } from './entry/build-entry-points';
import globalSetup from './global-setup';
import globalTeardown from './global-teardown';

/**
 * The e2e global setup and, meanwhile, a build of the test entry points for the processes this
 * project's specs start (`entry/`); the build's directory reaches the test workers as
 * TEST_ENTRY_BUILD. Jest runs no teardown after a setup that failed: whichever half succeeded
 * is undone here.
 */
export default async function processesGlobalSetup(): Promise<void> {
  const [build, setup] = await Promise.allSettled([buildEntryPoints(), globalSetup()]);
  if (build.status === 'fulfilled' && setup.status === 'fulfilled') {
    process.env.TEST_ENTRY_BUILD = build.value;
    return;
  }
  if (build.status === 'fulfilled') deleteBuild(build.value);
  if (setup.status === 'fulfilled') await globalTeardown();
  throw build.status === 'rejected' ? build.reason : (setup as PromiseRejectedResult).reason;
}
