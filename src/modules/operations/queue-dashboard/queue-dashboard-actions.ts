/** What a mutating call of the dashboard's JSON API did, as the admin audit log records it. */
export interface QueueDashboardAction {
  /** Dotted, lower case: `queue_job.retried`, `queue.paused`. */
  action: string;
  entityType: 'queue_job' | 'queue' | 'queue_dashboard';
  /** `<queue>/<job id>` for a job, the queue's name for a queue, `*` for every queue. */
  entityId: string;
  /** The call's parameters: queue, job id, the job state a bulk action applies to. */
  detail: Record<string, string>;
}

type Params = Record<string, string>;

interface Route {
  method: string;
  /** Segments after `/api/`; `:name` captures one. */
  pattern: string[];
  describe(params: Params): Omit<QueueDashboardAction, 'detail'>;
}

const job = (action: string) => (params: Params) => ({
  action: `queue_job.${action}`,
  entityType: 'queue_job' as const,
  entityId: `${params.queueName}/${params.jobId}`,
});
const queue = (action: string) => (params: Params) => ({
  action: `queue.${action}`,
  entityType: 'queue' as const,
  entityId: params.queueName,
});
const everyQueue = (action: string) => () => ({
  action: `queues.${action}`,
  entityType: 'queue' as const,
  entityId: '*',
});

const route = (method: string, path: string, describe: Route['describe']): Route => ({
  method,
  pattern: path.split('/'),
  describe,
});

/**
 * The mutating routes of bull-board's API (`@bull-board/api` 9, under `<dashboard>/api/`),
 * most specific first; the board holds Bull queues, so the job scheduler routes answer an
 * error and are recorded only if a later version makes them work.
 */
const ROUTES: Route[] = [
  route('PUT', 'queues/pause', everyQueue('paused')),
  route('PUT', 'queues/resume', everyQueue('resumed')),
  route('POST', 'queues/:queueName/add', queue('job_added')),
  route('PUT', 'queues/:queueName/retry/:queueStatus', queue('jobs_retried')),
  route('PUT', 'queues/:queueName/clean/:queueStatus', queue('jobs_cleaned')),
  route('PUT', 'queues/:queueName/promote', queue('jobs_promoted')),
  route('PUT', 'queues/:queueName/pause', queue('paused')),
  route('PUT', 'queues/:queueName/resume', queue('resumed')),
  route('PUT', 'queues/:queueName/empty', queue('emptied')),
  route('PUT', 'queues/:queueName/obliterate', queue('obliterated')),
  route('PUT', 'queues/:queueName/concurrency', queue('concurrency_set')),
  route('PUT', 'queues/:queueName/rate-limit', queue('rate_limit_set')),
  route('PUT', 'queues/:queueName/rate-limit/release', queue('rate_limit_released')),
  route('PUT', 'queues/:queueName/job-schedulers/:schedulerId/remove', queue('job_scheduler_removed')),
  route('PUT', 'queues/:queueName/job-schedulers/:schedulerId/run', queue('job_scheduler_run')),
  route('PATCH', 'queues/:queueName/job-schedulers/:schedulerId', queue('job_scheduler_updated')),
  route('PUT', 'queues/:queueName/:jobId/retry', job('retried')),
  route('PUT', 'queues/:queueName/:jobId/clean', job('removed')),
  route('PUT', 'queues/:queueName/:jobId/promote', job('promoted')),
  route('PUT', 'queues/:queueName/:jobId/remove-unprocessed-children', job('children_removed')),
  route('PATCH', 'queues/:queueName/:jobId/update-data', job('data_updated')),
  route('PATCH', 'queues/:queueName/:jobId/delay', job('delay_changed')),
  route('PATCH', 'queues/:queueName/:jobId/priority', job('priority_changed')),
];

export const MUTATING_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The audit record of a mutating call to the dashboard's API, from its method and its path
 * below the dashboard (`/api/queues/notifications/42/retry`); null for a read, or for a path
 * outside `/api/`. A mutating call no route above describes is still recorded, as
 * `queue_dashboard.<method>` on its path, so nothing that changes a queue goes unrecorded.
 */
export function queueDashboardActionOf(method: string, path: string): QueueDashboardAction | null {
  const verb = method.toUpperCase();
  if (!MUTATING_METHODS.has(verb) || !path.startsWith('/api/')) return null;
  const segments = decodedSegments(path.slice('/api/'.length));
  if (segments) {
    for (const candidate of ROUTES) {
      const params = candidate.method === verb ? match(candidate.pattern, segments) : null;
      if (params) return { ...candidate.describe(params), detail: detailOf(params) };
    }
  }
  return {
    action: `queue_dashboard.${verb.toLowerCase()}`,
    entityType: 'queue_dashboard',
    entityId: path,
    detail: { path },
  };
}

function decodedSegments(path: string): string[] | null {
  try {
    return path.replace(/\/+$/, '').split('/').map(decodeURIComponent);
  } catch {
    return null;
  }
}

function match(pattern: string[], segments: string[]): Params | null {
  if (pattern.length !== segments.length) return null;
  const params: Params = {};
  for (const [index, part] of pattern.entries()) {
    const segment = segments[index];
    if (part.startsWith(':')) {
      if (segment === '') return null;
      params[part.slice(1)] = segment;
    } else if (part !== segment) {
      return null;
    }
  }
  return params;
}

function detailOf(params: Params): Record<string, string> {
  const names: Record<string, string> = {
    queueName: 'queue',
    jobId: 'jobId',
    queueStatus: 'status',
    schedulerId: 'schedulerId',
  };
  return Object.fromEntries(Object.entries(params).map(([key, value]) => [names[key] ?? key, value]));
}
