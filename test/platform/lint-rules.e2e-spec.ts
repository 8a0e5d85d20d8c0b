import { lintProbes, type LintProbe } from '../support/lint-probe';

const SEND = 'async function send(): Promise<void> {}';
const FLOATING = `${SEND}\nexport function go(): void {\n  send();\n}\n`;
const UNTYPED_FLOATING = 'async function send() {}\nfunction go() {\n  send();\n}\ngo();\n';

/** Every tree the lint types, each with a floating promise planted in it. */
const FLOATING_IN = ['src/modules/notifications', 'test/platform', 'bench', 'migrations'];

const BOUNDARY_PROBES = {
  platformImportsContext: {
    directory: 'src/platform/http',
    source: `import { PaymentCore } from '../../modules/payments';\nexport const x = PaymentCore;\n`,
  },
  contextReachesIn: {
    directory: 'src/modules/notifications/dto',
    source: [
      "import { Payment } from '../../payments/payment.entity';",
      "import type { BillerEndpoint } from '../../billers/connector/biller-connector';",
      "export { PaymentRepository } from '../../payments/payment.repository';",
      'export const x = Payment;',
      'export type Y = BillerEndpoint;',
      '',
    ].join('\n'),
  },
  contextImportsIndex: {
    directory: 'src/modules/notifications',
    source:
      "import { PAYMENT_EVENTS } from '../payments';\nimport { NOTIFICATIONS_QUEUE } from './notifications.events';\nexport const x = [PAYMENT_EVENTS, NOTIFICATIONS_QUEUE];\n",
  },
  composition: {
    directory: 'src',
    source:
      "import { PAYMENT_ENTITIES } from './modules/payments/payments.entities';\nexport const x = PAYMENT_ENTITIES;\n",
  },
};

const TYPED_PROBES = {
  ...Object.fromEntries(
    FLOATING_IN.map((directory): [string, LintProbe] => [`floating:${directory}`, { directory, source: FLOATING }]),
  ),
  handled: {
    directory: 'src/modules/notifications',
    source: [
      SEND,
      'export async function go(): Promise<void> {',
      '  await send();',
      '  void send().catch(() => undefined);',
      '}',
      '',
    ].join('\n'),
  },
  asyncCallbacks: {
    directory: 'src/modules/notifications',
    source: [
      "import { EventEmitter } from 'node:events';",
      SEND,
      'export function go(emitter: EventEmitter): void {',
      "  emitter.on('tick', async () => {",
      '    await send();',
      '  });',
      '  setTimeout(async () => {',
      '    await send();',
      '  }, 1);',
      '}',
      '',
    ].join('\n'),
  },
  missingMember: {
    directory: 'src/modules/notifications',
    source: [
      "type Colour = 'RED' | 'GREEN' | 'BLUE';",
      'export function withoutDefault(colour: Colour): number {',
      '  switch (colour) {',
      "    case 'RED':",
      '      return 1;',
      "    case 'GREEN':",
      '      return 2;',
      '  }',
      '  return 0;',
      '}',
      'export function withDefault(colour: Colour): number {',
      '  switch (colour) {',
      "    case 'RED':",
      '      return 1;',
      '    default:',
      '      return 0;',
      '  }',
      '}',
      '',
    ].join('\n'),
  },
  everyMember: {
    directory: 'src/modules/notifications',
    source: [
      "type Colour = 'RED' | 'GREEN';",
      'export function named(colour: Colour): number {',
      '  switch (colour) {',
      "    case 'RED':",
      '      return 1;',
      "    case 'GREEN':",
      '      return 2;',
      '  }',
      '}',
      'export function guarded(colour: Colour): number {',
      '  switch (colour) {',
      "    case 'RED':",
      '      return 1;',
      "    case 'GREEN':",
      '      return 2;',
      '    default: {',
      '      const unknown: never = colour;',
      '      throw new Error(`no colour ${String(unknown)}`);',
      '    }',
      '  }',
      '}',
      'export function anyText(text: string): number {',
      '  switch (text) {',
      "    case 'RED':",
      '      return 1;',
      '  }',
      '  return 0;',
      '}',
      '',
    ].join('\n'),
  },
  moduleJs: { directory: 'eslint', source: UNTYPED_FLOATING, fileName: 'context-boundaries.mjs' },
  commonJs: { directory: '.', source: UNTYPED_FLOATING, fileName: 'jest.config.js' },
};

/**
 * The lint's own rules, each shown to catch its breach: the house rule on context boundaries and
 * the type-aware rules. Every probe of both is linted by one ESLint process, each against a
 * TypeScript program of its own file and what that file imports (lint-probe.ts).
 */
describe('lint rules of npm test', () => {
  let reported: Record<string, string[]>;

  beforeAll(async () => {
    reported = await lintProbes({ ...BOUNDARY_PROBES, ...TYPED_PROBES });
  }, 300_000);

  /**
   * The house rule of `npm test`'s lint (eslint/context-boundaries.mjs): platform/ imports no
   * context, and a context imports another only through its index.ts. The tree itself passes it
   * (the lint step fails otherwise); here, the rule is shown to catch each kind of breach.
   */
  describe('context boundaries lint rule', () => {
    it('refuses platform code that imports a context', () => {
      expect(reported.platformImportsContext).toEqual(['house/context-boundaries']);
    });

    it("refuses a context that reaches into another context's internal files", () => {
      expect(reported.contextReachesIn).toEqual([
        'house/context-boundaries',
        'house/context-boundaries',
        'house/context-boundaries',
      ]);
    });

    it("allows a context's own files, another context's index, and the applications' composition", () => {
      expect(reported.contextImportsIndex).toEqual([]);
      expect(reported.composition).toEqual([]);
    });
  });

  /**
   * The type-aware rules of `npm test`'s lint (eslint.config.mjs): a promise is awaited or detached
   * on purpose, an async function is not handed to a caller that drops its rejection, and a switch
   * over a union names every member. The tree passes them; here each is shown to catch its breach.
   */
  describe('type-aware lint rules', () => {
    it.each(FLOATING_IN)('refuses a floating promise in %s', (directory) => {
      expect(reported[`floating:${directory}`]).toEqual(['@typescript-eslint/no-floating-promises']);
    });

    it('allows an awaited promise, and a detached one whose rejection is handled', () => {
      expect(reported.handled).toEqual([]);
    });

    it('refuses an async function where a void callback is expected (a listener, a timer)', () => {
      expect(reported.asyncCallbacks).toEqual([
        '@typescript-eslint/no-misused-promises',
        '@typescript-eslint/no-misused-promises',
      ]);
    });

    it('refuses a switch over a union that misses a member, even behind a default', () => {
      expect(reported.missingMember).toEqual([
        '@typescript-eslint/switch-exhaustiveness-check',
        '@typescript-eslint/switch-exhaustiveness-check',
      ]);
    });

    it('allows a switch naming every member, with or without a default, and one over plain text', () => {
      expect(reported.everyMember).toEqual([]);
    });

    it('leaves plain JavaScript out of the type-aware rules', () => {
      expect(reported.moduleJs).toEqual([]);
      expect(reported.commonJs).toEqual([]);
    });
  });
});
