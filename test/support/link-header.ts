/**
 * An RFC 8288 `Link` header as `{ rel: url }`, failing on anything else, so a test asserts
 * on each link and notices one that should not be there.
 */
export function parseLinkHeader(header: string | undefined): Record<string, string> {
  if (!header) throw new Error('no Link header');
  return Object.fromEntries(
    header.split(', ').map((link) => {
      const match = /^<([^>]+)>; rel="([a-z]+)"$/.exec(link);
      if (!match) throw new Error(`not a link: ${link}`);
      return [match[2], match[1]];
    }),
  );
}
