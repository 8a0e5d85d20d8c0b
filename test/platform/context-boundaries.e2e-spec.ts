import { execFile } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '../..');

/** Lints `source` as if it were the file at `path` (relative to the repository), with the project's config. */
function lint(path: string, source: string): Promise<string[]> {
  const eslint = join(ROOT, 'node_modules/.bin/eslint');
  return new Promise((resolve, reject) => {
    const child = execFile(
      eslint,
      ['--stdin', '--stdin-filename', path, '--format', 'json'],
      { cwd: ROOT },
      (_error, stdout) => {
        try {
          const [result] = JSON.parse(stdout) as { messages: { ruleId: string | null }[] }[];
          resolve(result.messages.map((message) => message.ruleId ?? 'parse-error'));
        } catch (error) {
          reject(error);
        }
      },
    );
    child.stdin?.end(source);
  });
}

/**
 * The house rule of `npm test`'s lint (eslint/context-boundaries.mjs): platform/ imports no
 * context, and a context imports another only through its index.ts. The tree itself passes it
 * (the lint step fails otherwise); here, the rule is shown to catch each kind of breach.
 */
describe('context boundaries lint rule', () => {
  it('refuses platform code that imports a context', async () => {
    expect(
      await lint(
        'src/platform/http/probe.ts',
        `import { PaymentCore } from '../../modules/payments';\nexport const x = PaymentCore;\n`,
      ),
    ).toEqual(['house/context-boundaries']);
  });

  it("refuses a context that reaches into another context's internal files", async () => {
    const source = [
      "import { Payment } from '../../payments/payment.entity';",
      "import type { BillerEndpoint } from '../../billers/connector/biller-connector';",
      "export { PaymentRepository } from '../../payments/payment.repository';",
      'export const x = Payment;',
      'export type Y = BillerEndpoint;',
      '',
    ].join('\n');
    expect(await lint('src/modules/notifications/dto/probe.ts', source)).toEqual([
      'house/context-boundaries',
      'house/context-boundaries',
      'house/context-boundaries',
    ]);
  });

  it("allows a context's own files, another context's index, and the applications' composition", async () => {
    expect(
      await lint(
        'src/modules/notifications/probe.ts',
        "import { PAYMENT_EVENTS } from '../payments';\nimport { NOTIFICATIONS_QUEUE } from './notifications.events';\nexport const x = [PAYMENT_EVENTS, NOTIFICATIONS_QUEUE];\n",
      ),
    ).toEqual([]);
    expect(
      await lint(
        'src/probe.ts',
        "import { PAYMENT_ENTITIES } from './modules/payments/payments.entities';\nexport const x = PAYMENT_ENTITIES;\n",
      ),
    ).toEqual([]);
  });
});
