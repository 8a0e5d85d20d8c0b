import { queueDashboardActionOf } from './queue-dashboard-actions';

describe('queueDashboardActionOf', () => {
  it.each([
    ['PUT', '/api/queues/notifications/42/retry', 'queue_job.retried', 'queue_job', 'notifications/42'],
    ['PUT', '/api/queues/notifications/42/clean', 'queue_job.removed', 'queue_job', 'notifications/42'],
    ['PUT', '/api/queues/notifications/42/promote', 'queue_job.promoted', 'queue_job', 'notifications/42'],
    ['PATCH', '/api/queues/notifications/42/update-data', 'queue_job.data_updated', 'queue_job', 'notifications/42'],
    ['PUT', '/api/queues/notifications/retry/failed', 'queue.jobs_retried', 'queue', 'notifications'],
    ['PUT', '/api/queues/notifications/clean/completed', 'queue.jobs_cleaned', 'queue', 'notifications'],
    ['PUT', '/api/queues/notifications/promote', 'queue.jobs_promoted', 'queue', 'notifications'],
    ['PUT', '/api/queues/notifications/pause', 'queue.paused', 'queue', 'notifications'],
    ['PUT', '/api/queues/notifications/empty', 'queue.emptied', 'queue', 'notifications'],
    ['POST', '/api/queues/notifications/add', 'queue.job_added', 'queue', 'notifications'],
    ['PUT', '/api/queues/pause', 'queues.paused', 'queue', '*'],
  ])('%s %s is %s on %s %s', (method, path, action, entityType, entityId) => {
    expect(queueDashboardActionOf(method, path)).toMatchObject({ action, entityType, entityId });
  });

  it('names the queue, the job and the state in the detail, decoded', () => {
    expect(queueDashboardActionOf('put', '/api/queues/merchant-webhook-deliveries/repeat%3Aabc%3A17/retry')).toEqual({
      action: 'queue_job.retried',
      entityType: 'queue_job',
      entityId: 'merchant-webhook-deliveries/repeat:abc:17',
      detail: { queue: 'merchant-webhook-deliveries', jobId: 'repeat:abc:17' },
    });
    expect(queueDashboardActionOf('PUT', '/api/queues/bills/clean/failed')?.detail).toEqual({
      queue: 'bills',
      status: 'failed',
    });
  });

  it('records nothing for a read or outside the API', () => {
    expect(queueDashboardActionOf('GET', '/api/queues')).toBeNull();
    expect(queueDashboardActionOf('HEAD', '/api/queues/bills/1')).toBeNull();
    expect(queueDashboardActionOf('POST', '/static/js/main.js')).toBeNull();
  });

  it('still records a mutating call it does not know, by its method and path', () => {
    expect(queueDashboardActionOf('DELETE', '/api/queues/bills/1')).toEqual({
      action: 'queue_dashboard.delete',
      entityType: 'queue_dashboard',
      entityId: '/api/queues/bills/1',
      detail: { path: '/api/queues/bills/1' },
    });
    expect(queueDashboardActionOf('PUT', '/api/queues/%E0%A4%A/retry')?.action).toBe('queue_dashboard.put');
  });
});
