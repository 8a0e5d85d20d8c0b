import { deleteBuild } from './entry/build-entry-points';
import globalTeardown from './global-teardown';

/** The e2e global teardown, and the run's build of the test entry points deleted. */
export default async function processesGlobalTeardown(): Promise<void> {
  const build = process.env.TEST_ENTRY_BUILD;
  if (build) deleteBuild(build);
  await globalTeardown();
}
