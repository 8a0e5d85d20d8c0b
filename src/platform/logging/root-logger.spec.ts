import { redactBearerPathSegments } from './root-logger';

describe('redactBearerPathSegments', () => {
  it.each([
    ['/api/v1/receipts/rcpt_abc.def?x=1', '/api/v1/receipts/[redacted]?x=1'],
    ['/api/v1/merchant/invitations/inv_secret/accept', '/api/v1/merchant/invitations/[redacted]/accept'],
    ['/api/v1/merchants/0193f5c2/status?token=obt_secret', '/api/v1/merchants/0193f5c2/status?token=[redacted]'],
    [
      '/api/v1/merchants/0193f5c2/kyb-documents?lang=en&TOKEN=obt_secret&x=1',
      '/api/v1/merchants/0193f5c2/kyb-documents?lang=en&TOKEN=[redacted]&x=1',
    ],
    ['/api/v1/billers?q=token', '/api/v1/billers?q=token'],
  ])('%s -> %s', (url, logged) => {
    expect(redactBearerPathSegments(url)).toBe(logged);
  });
});
