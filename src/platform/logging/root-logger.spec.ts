import { redactBearerPathSegments, serializeError } from './root-logger';

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

describe('serializeError', () => {
  it('keeps what failed and replaces the values a statement carried, at any depth', () => {
    const driverError = Object.assign(new Error('duplicate key value violates unique constraint'), {
      code: '23505',
      detail: 'Key (phone)=(+2348012345678) already exists.',
    });
    const failure = Object.assign(new Error('duplicate key value violates unique constraint'), {
      name: 'QueryFailedError',
      query: 'INSERT INTO users (phone, pin_hash) VALUES ($1, $2)',
      parameters: ['+2348012345678', '$2b$10$hash'],
      driverError,
    });
    const wrapped = new Error('could not register', { cause: failure });
    const serialized = JSON.stringify([serializeError(failure), serializeError(wrapped)]);
    expect(serialized).not.toContain('2348012345678');
    expect(serialized).not.toContain('$2b$10$hash');
    expect(serializeError(failure)).toMatchObject({
      message: 'duplicate key value violates unique constraint',
      query: 'INSERT INTO users (phone, pin_hash) VALUES ($1, $2)',
      parameters: '[redacted]',
      driverError: { code: '23505', detail: '[redacted]' },
    });
    expect(serializeError('not an error')).toBe('not an error');
  });
});
