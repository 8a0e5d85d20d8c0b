import { secretWeakness } from './secret-strength';

/** The biller simulator's signing secret in development (BillersConfig's default). */
export const DEVELOPMENT_BILLER_SIMULATOR_SECRET = 'local-dev-biller-simulator-secret-change-me';

/**
 * Secret values published in this repository: `.env.example`, the e2e defaults
 * (`test/support/test-settings.ts`) and the code's own development defaults. Anyone can read
 * them, so a production process that runs with one is as good as unprotected: a JWT signed
 * with the example JWT_ACCESS_SECRET would be accepted, receipt links forged with the example
 * KEY_HASH_SECRET. `src/configuration.spec.ts` checks that this list covers `.env.example` and the e2e
 * defaults, so a new example value cannot slip past it.
 */
export const PUBLISHED_SECRETS: ReadonlySet<string> = new Set([
  // .env.example
  'local-dev-jwt-secret-change-me-0123456789',
  'local-dev-key-hash-secret-change-me-01234',
  'local-dev-internal-api-key-change-me-0123',
  DEVELOPMENT_BILLER_SIMULATOR_SECRET,
  // test/support/test-settings.ts
  'test-jwt-access-secret-0123456789abcdef',
  'test-key-hash-secret-0123456789abcdefgh',
  'test-internal-api-key-0123456789abcdefg',
]);

/** One secret of the configuration, under the name an operator knows it by. */
export interface NamedSecret {
  /** The variable, e.g. `JWT_ACCESS_SECRET` or `BILLER_CONNECTOR_SECRETS (ref acme)`. */
  name: string;
  value: string;
}

/**
 * What production refuses in its secrets: a published value, a weak one (`secretWeakness`), or
 * one secret reused as another, which would let a leak of the least guarded one (say the
 * metrics token in a Prometheus config) open everything else. Each problem names the variable,
 * never the value.
 */
export function productionSecretProblems(secrets: readonly NamedSecret[]): string[] {
  const problems: string[] = [];
  for (const { name, value } of secrets) {
    if (PUBLISHED_SECRETS.has(value)) {
      problems.push(`${name} must be replaced when NODE_ENV is production: its value is published in this repository`);
      continue;
    }
    const weakness = secretWeakness(value);
    if (weakness) problems.push(`${name} is too weak for production: it ${weakness}`);
  }
  for (let first = 0; first < secrets.length; first += 1) {
    for (let second = first + 1; second < secrets.length; second += 1) {
      if (secrets[first].value === secrets[second].value) {
        problems.push(
          `${secrets[first].name} and ${secrets[second].name} must not be equal when NODE_ENV is production: each secret needs its own value`,
        );
      }
    }
  }
  return problems;
}
