import { collectDefaultMetrics, Registry } from 'prom-client';

let processRegistry: Registry | undefined;

/**
 * The process's own metrics (CPU, memory, the garbage collector, event-loop lag, handles):
 * prom-client's default metrics, in one registry per process, made on first use.
 *
 * They describe the process, not an app: a process has one event loop and one heap however many
 * Nest apps it boots (a test worker boots many, one after another). And prom-client gives no way
 * to stop what `collectDefaultMetrics` starts: a `PerformanceObserver` on every garbage collection
 * and an event-loop delay monitor with its own timer. Made per app, each closed app would leave
 * both running, and the observer would keep that app's registry, and through the collectors
 * registered in it the whole app, from ever being collected.
 */
export function processMetricsRegistry(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}
