import { parseOrigin } from './origin-parser';

describe('parseOrigin', () => {
  it.each([
    ['https://shop.example', 'https://shop.example', 'shop.example', false],
    ['https://Shop.EXAMPLE.com/', 'https://shop.example.com', 'shop.example.com', false],
    ['https://pay.shop.example:8443', 'https://pay.shop.example:8443', 'pay.shop.example', false],
    ['https://shop.example:443', 'https://shop.example', 'shop.example', false],
    ['https://bücher.example', 'https://xn--bcher-kva.example', 'xn--bcher-kva.example', false],
    ['https://xn--bcher-kva.example', 'https://xn--bcher-kva.example', 'xn--bcher-kva.example', false],
    ['http://localhost:3000', 'http://localhost:3000', 'localhost', true],
    ['http://LOCALHOST', 'http://localhost', 'localhost', true],
  ])('accepts %s as %s', (input, origin, hostname, testModeOnly) => {
    expect(parseOrigin(input)).toEqual({ ok: true, parsed: { origin, hostname, testModeOnly } });
  });

  it.each([
    ['http://shop.example', 'https'],
    ['ftp://shop.example', 'https'],
    ['shop.example', 'not a URL'],
    ['https://shop.example/checkout', 'path'],
    ['https://shop.example//', 'path'],
    ['https://shop.example/?', 'query'],
    ['https://shop.example?a=1', 'query'],
    ['https://shop.example#top', 'fragment'],
    ['https://user@shop.example', 'user information'],
    ['https://user:pw@shop.example', 'user information'],
    ['https://@shop.example', 'user information'],
    ['https://*.shop.example', 'wildcard'],
    ['https://127.0.0.1', 'IP address'],
    ['https://[::1]', 'IP address'],
    ['https://[::ffff:127.0.0.1]', 'IP address'],
    ['https://169.254.169.254', 'IP address'],
    ['https://0x7f.1', 'IP address'],
    ['https://2130706433', 'IP address'],
    ['https://localhost', 'localhost'],
    ['https://app.localhost', 'localhost'],
    ['http://localhost.example', 'https'],
    ['https://intranet', 'two labels'],
    ['https://shop.example.', 'valid DNS name'],
    ['https://-shop.example', 'valid DNS name'],
    ['https://shop_x.example', 'valid DNS name'],
    ['https://shop .example', 'spaces'],
    ['https:\\\\shop.example', 'backslashes'],
    ['', 'characters'],
    [`https://${'a'.repeat(290)}.example`, 'characters'],
  ])('refuses %s (%s)', (input, reason) => {
    const result = parseOrigin(input);
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.reason).toContain(reason);
  });
});
