/** Response header carrying the number of items in the whole list, every page together. */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';

/** RFC 8288 web linking header carrying the links to the other pages. */
export const LINK_HEADER = 'Link';

export interface PageLinkInput {
  /** PUBLIC_BASE_URL: where clients reach the API, with any prefix a proxy adds. */
  publicBaseUrl: string;
  /** The request's path and query as the app received it (Express `originalUrl`). */
  requestUrl: string;
  page: number;
  size: number;
  totalItems: number;
}

/**
 * The `Link` header of one page of a list answered as a JSON array: `first` and `last` always,
 * `prev` and `next` where such a page exists. A page past the end answers `[]`; its `prev`
 * points at the last page that has items, which is what a client stepping back wants.
 *
 * The URLs are absolute, under PUBLIC_BASE_URL, like every other link the API hands out
 * (receipt downloads): behind a proxy that adds a path prefix, a path-relative link would
 * lose the prefix, and many Link parsers do not resolve references at all. Each keeps the
 * request's own filters in their order and carries the effective `size` (so a default size
 * stays fixed if the default changes), with `page` last.
 */
export function pageLinkHeader(input: PageLinkInput): string {
  const lastPage = Math.max(Math.ceil(input.totalItems / input.size) - 1, 0);
  const links: [string, number][] = [['first', 0]];
  if (input.page > 0) links.push(['prev', Math.min(input.page - 1, lastPage)]);
  if (input.page < lastPage) links.push(['next', input.page + 1]);
  links.push(['last', lastPage]);
  const url = new URL(input.requestUrl, 'http://request.invalid');
  const base = `${input.publicBaseUrl.replace(/\/+$/, '')}${url.pathname}`;
  return links
    .map(([rel, page]) => {
      const query = new URLSearchParams(url.searchParams);
      query.delete('page');
      query.set('size', String(input.size));
      query.set('page', String(page));
      return `<${base}?${query.toString()}>; rel="${rel}"`;
    })
    .join(', ');
}
