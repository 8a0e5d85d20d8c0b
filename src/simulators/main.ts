import { configurationFromEnvironment } from '../configuration';
import { BillersConfig } from '../modules/billers/billers.config';
import { startBillerSimulator } from './biller-simulator';

/**
 * `node dist/src/simulators/main.js` (started by `npm run dev`): the biller simulator on
 * SIMULATOR_PORT, signing secret BILLER_SIMULATOR_SECRET. The demo seed points every biller
 * at BILLER_SIMULATOR_URL, which should name this server.
 */
async function main(): Promise<void> {
  const configuration = configurationFromEnvironment();
  const billers = configuration.get(BillersConfig);
  const quiet = configuration.platform.LOG_LEVEL === 'silent';
  const simulator = await startBillerSimulator({
    port: billers.SIMULATOR_PORT,
    secret: billers.BILLER_SIMULATOR_SECRET,
    onRequest: quiet ? undefined : (line) => process.stdout.write(`biller simulator: ${line}\n`),
  });
  process.stdout.write(`biller simulator listening on ${simulator.url} (billers at ${simulator.url}/billers/{code})\n`);
  const stop = () => {
    simulator.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`biller simulator failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
