import { cookieValue, dashboardPathOf } from './queue-dashboard.middleware';

describe('the queue dashboard middleware: paths and cookies', () => {
  it('takes the path below the dashboard, without the query', () => {
    expect(dashboardPathOf('/api/v1/admin/queues')).toBe('/');
    expect(dashboardPathOf('/api/v1/admin/queues?x=1')).toBe('/');
    expect(dashboardPathOf('/api/v1/admin/queues/')).toBe('/');
    expect(dashboardPathOf('/api/v1/admin/queues/api/queues?activeQueue=bills')).toBe('/api/queues');
    expect(dashboardPathOf('/api/v1/admin/queues/session?token=abc')).toBe('/session');
  });

  it('leaves every other path alone, including look-alikes', () => {
    expect(dashboardPathOf('/api/v1/admin/queuesx')).toBeNull();
    expect(dashboardPathOf('/api/v1/admin/metrics')).toBeNull();
    expect(dashboardPathOf('/admin/queues/api/queues')).toBeNull();
  });

  it('reads one cookie of a Cookie header', () => {
    expect(cookieValue('a=1; queue_dashboard=x.y.z; b=2', 'queue_dashboard')).toBe('x.y.z');
    expect(cookieValue('queue_dashboard_old=1', 'queue_dashboard')).toBeNull();
    expect(cookieValue('queue_dashboard=', 'queue_dashboard')).toBeNull();
    expect(cookieValue(undefined, 'queue_dashboard')).toBeNull();
  });
});
