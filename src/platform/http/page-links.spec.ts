import { pageLinkHeader, PageLinkInput } from './page-links';

/** The header as `{ rel: url }`, to assert on one link at a time. */
function parse(header: string): Record<string, string> {
  return Object.fromEntries(
    header.split(', ').map((link) => {
      const match = /^<([^>]+)>; rel="(\w+)"$/.exec(link);
      if (!match) throw new Error(`not a link: ${link}`);
      return [match[2], match[1]];
    }),
  );
}

const base: PageLinkInput = {
  publicBaseUrl: 'https://pay.example.com',
  requestUrl: '/api/v1/admin/billers?q=ikeja%20electric&active=true&page=1&size=2',
  page: 1,
  size: 2,
  totalItems: 5,
};

describe('pageLinkHeader', () => {
  it('links first, prev, next and last in that order, keeping the filters and the size', () => {
    const header = pageLinkHeader(base);
    expect(header.split(', ').map((link) => /rel="(\w+)"/.exec(link)?.[1])).toEqual(['first', 'prev', 'next', 'last']);
    expect(parse(header)).toEqual({
      first: 'https://pay.example.com/api/v1/admin/billers?q=ikeja+electric&active=true&size=2&page=0',
      prev: 'https://pay.example.com/api/v1/admin/billers?q=ikeja+electric&active=true&size=2&page=0',
      next: 'https://pay.example.com/api/v1/admin/billers?q=ikeja+electric&active=true&size=2&page=2',
      last: 'https://pay.example.com/api/v1/admin/billers?q=ikeja+electric&active=true&size=2&page=2',
    });
  });

  it('has no prev on the first page and no next on the last', () => {
    expect(Object.keys(parse(pageLinkHeader({ ...base, page: 0 })))).toEqual(['first', 'next', 'last']);
    expect(Object.keys(parse(pageLinkHeader({ ...base, page: 2 })))).toEqual(['first', 'prev', 'last']);
  });

  it('writes the effective size when the request left it to the default', () => {
    const links = parse(pageLinkHeader({ ...base, requestUrl: '/api/v1/admin/posting-attempts', page: 0, size: 20 }));
    expect(links.last).toBe('https://pay.example.com/api/v1/admin/posting-attempts?size=20&page=0');
  });

  it('points prev of a page past the end at the last page with items', () => {
    const links = parse(pageLinkHeader({ ...base, page: 9 }));
    expect(links.prev).toMatch(/&page=2$/);
    expect(links.last).toMatch(/&page=2$/);
    expect(links.next).toBeUndefined();
  });

  it('answers first = last = page 0 for an empty list', () => {
    const links = parse(pageLinkHeader({ ...base, totalItems: 0, page: 0 }));
    expect(links).toEqual({ first: links.first, last: links.first });
    expect(links.first).toMatch(/&page=0$/);
  });

  it('keeps a proxy prefix of PUBLIC_BASE_URL and drops its trailing slash', () => {
    const links = parse(pageLinkHeader({ ...base, publicBaseUrl: 'https://pay.example.com/edge/' }));
    expect(links.first).toMatch(/^https:\/\/pay\.example\.com\/edge\/api\/v1\/admin\/billers\?/);
  });

  it('replaces every page parameter the request repeated', () => {
    const links = parse(pageLinkHeader({ ...base, requestUrl: '/api/v1/admin/billers?page=1&page=1' }));
    expect(links.next).toBe('https://pay.example.com/api/v1/admin/billers?size=2&page=2');
  });
});
