import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import request from 'supertest';
import { MetricsRegistry } from '../../src/platform/metrics/metrics.registry';
import { processMetricsRegistry } from '../../src/platform/metrics/process-metrics';
import { createTestApp } from '../support/test-app';

/** The value of one sample line of a Prometheus exposition, or undefined when absent. */
function sample(text: string, line: string): number | undefined {
  const found = text.split('\n').find((candidate) => candidate.startsWith(`${line} `));
  return found === undefined ? undefined : Number(found.slice(line.length + 1));
}

const LIVE_REQUESTS = 'http_requests_total{method="GET",route="/api/v1/health/live",status="200"}';

describe('the metrics of a process that boots several apps', () => {
  it('answers the process metrics once beside the metrics of each app, from one registry the apps share', async () => {
    const first = await createTestApp();
    const second = await createTestApp();
    try {
      for (let i = 0; i < 3; i += 1) await request(first.getHttpServer()).get('/api/v1/health/live').expect(200);
      await request(second.getHttpServer()).get('/api/v1/health/live').expect(200);

      const scrapes = await Promise.all(
        [first, second].map(async (app) => (await request(app.getHttpServer()).get('/metrics').expect(200)).text),
      );
      const processMetrics = {
        process_cpu_seconds_total: 'counter',
        nodejs_eventloop_lag_seconds: 'gauge',
        nodejs_gc_duration_seconds: 'histogram',
      };
      for (const text of scrapes) {
        for (const [name, type] of Object.entries(processMetrics)) {
          expect(text.split('\n').filter((line) => line === `# TYPE ${name} ${type}`)).toHaveLength(1);
        }
      }
      // Each app counts its own requests.
      expect([sample(scrapes[0], LIVE_REQUESTS), sample(scrapes[1], LIVE_REQUESTS)]).toEqual([3, 1]);
      // The apps' registries hold their own metrics only; the process's are in the shared one.
      for (const app of [first, second]) {
        const own = app.get(MetricsRegistry).registry;
        expect(own.getSingleMetric('process_cpu_seconds_total')).toBeUndefined();
        expect(own.getSingleMetric('http_requests_total')).toBeDefined();
      }
      expect(processMetricsRegistry().getSingleMetric('process_cpu_seconds_total')).toBeDefined();
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('lets a closed app be collected: nothing the metrics started holds on to it', async () => {
    // A context made while the flag is on has `gc`; the flag goes off again, as the worker's later
    // spec files share its process.
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    setFlagsFromString('--no-expose-gc');
    const released = await (async () => {
      const app = await createTestApp();
      await request(app.getHttpServer()).get('/metrics').expect(200);
      const reference = new WeakRef(app.get(MetricsRegistry));
      await app.close();
      return reference;
    })();
    for (let attempt = 0; attempt < 20 && released.deref() !== undefined; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      gc();
    }
    expect(released.deref()).toBeUndefined();
  });
});
