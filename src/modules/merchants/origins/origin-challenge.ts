/** Where an origin's challenge token goes (design/merchants.md section 4). */
export const DNS_CHALLENGE_PREFIX = '_paysvc-challenge.';
export const DNS_CHALLENGE_VALUE_PREFIX = 'paysvc-verification=';
export const HTTP_CHALLENGE_PATH = '/.well-known/paysvc-verification.txt';

export interface OriginChallenge {
  token: string;
  dns: { type: 'TXT'; name: string; value: string };
  http: { url: string; body: string };
}

/** The challenge of `origin` (canonical, `https://host[:port]`) with its token. */
export function originChallenge(origin: string, token: string): OriginChallenge {
  const hostname = new URL(origin).hostname;
  return {
    token,
    dns: { type: 'TXT', name: `${DNS_CHALLENGE_PREFIX}${hostname}`, value: `${DNS_CHALLENGE_VALUE_PREFIX}${token}` },
    http: { url: `${origin}${HTTP_CHALLENGE_PATH}`, body: token },
  };
}
