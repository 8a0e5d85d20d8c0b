/** The parts of the API's request pipeline `bench/pipeline-parts.bench.ts` can take out, and what each is. */
export const PIPELINE_PARTS = {
  'access-log': 'the request logger (a request id and a child logger a request, the access line)',
  host: 'the Host header check',
  metrics: 'the HTTP metrics middleware',
  headers: 'the security headers',
  'json-keys': "the JSON body parser's key check (Express's JSON parser alone)",
  'log-context': "nestjs-pino's async context (the request's logger in an AsyncLocalStorage)",
  'global-guards': 'ContentTypeGuard and AccessPolicyGuard',
  'user-guard': 'the route declared @Public() instead of @CustomerAuth(): no JWT, no session check',
  passport:
    "passport around the user guard's work: the guard verifies the JWT with jsonwebtoken and calls the strategy's validate itself",
  'session-read': "the session check's Redis read: each session's answer is kept in the process after its first lookup",
  dto: 'the body declared as a plain object: no class-transformer, no class-validator',
  'idempotency-key': 'the Idempotency-Key parameter',
} as const;

export type PipelinePart = keyof typeof PIPELINE_PARTS;
