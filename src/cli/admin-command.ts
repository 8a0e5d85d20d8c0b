import { USER_ROLES, UserRole } from '../platform/auth/principal';
import { normalizePhoneNumber } from '../modules/identity/phone-number';

export type AdminCommand =
  | { name: 'create'; phone: string; pin?: string }
  | { name: 'promote'; phone: string; role: UserRole }
  | { name: 'top-up'; phone: string; amount: number; reference: string; currency?: string }
  | { name: 'analytics-rebuild'; merchantId: string | null };

export const ADMIN_USAGE = `Usage:
  npm run admin:create -- --phone +2348000000009 [--pin 246810]
      Creates an ADMIN with that phone number and PIN. Without --pin the PIN is read from
      standard input (so it stays out of the shell history): echo 246810 | npm run admin:create -- --phone ...
  npm run admin:promote -- --phone +2348031234567 --role COMPLIANCE
      Gives an existing user a role: ${USER_ROLES.join(', ')}.
  npm run agent:top-up -- --phone +2348000000005 --amount 10000000 --reference DEP-0042 [--currency NGN]
      Credits an AGENT's float with cash they deposited, in minor units of the floats' currency
      (LIMITS_CURRENCY). One credit per agent and reference: running it again changes nothing.
  npm run analytics:rebuild [-- --merchant 0193f5c2-8a10-7b3c-8d4e-1f2a3b4c5d6e]
      Recomputes merchant analytics' rollups from payments, checkout sessions and payment link views, for one
      merchant or every merchant; the worker keeps counting meanwhile, and no event counts twice. One statement
      per merchant: for a merchant with a long history, run it with DATABASE_STATEMENT_TIMEOUT_MS=0.`;

export class AdminUsageError extends Error {}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Parses `create --phone P [--pin N]`, `promote --phone P --role R`, `top-up --phone P --amount A --reference R
 * [--currency C]` or `analytics-rebuild [--merchant ID]`.
 */
export function parseAdminCommand(argv: string[]): AdminCommand {
  const [name, ...rest] = argv;
  if (name !== 'create' && name !== 'promote' && name !== 'top-up' && name !== 'analytics-rebuild') {
    throw new AdminUsageError(`unknown command "${name ?? ''}"`);
  }
  const options = new Map<string, string>();
  for (let index = 0; index < rest.length; index += 2) {
    const flag = rest[index];
    const value = rest[index + 1];
    if (!flag?.startsWith('--') || value === undefined) throw new AdminUsageError(`cannot read "${rest.join(' ')}"`);
    options.set(flag.slice(2), value);
  }
  if (name === 'analytics-rebuild') {
    assertOnly(options, ['merchant']);
    const merchantId = options.get('merchant') ?? null;
    if (merchantId !== null && !UUID.test(merchantId)) throw new AdminUsageError('--merchant must be a merchant id');
    return { name, merchantId: merchantId?.toLowerCase() ?? null };
  }
  const phone = normalizePhoneNumber(options.get('phone'));
  if (!phone) throw new AdminUsageError('--phone must be a valid international number such as +2348031234567');
  switch (name) {
    case 'create': {
      assertOnly(options, ['phone', 'pin']);
      const pin = options.get('pin');
      if (pin !== undefined && !/^\d{6}$/.test(pin)) throw new AdminUsageError('--pin must be exactly six digits');
      return { name, phone, pin };
    }
    case 'promote': {
      assertOnly(options, ['phone', 'role']);
      const role = options.get('role')?.toUpperCase();
      if (!USER_ROLES.includes(role as UserRole))
        throw new AdminUsageError(`--role must be one of ${USER_ROLES.join(', ')}`);
      return { name, phone, role: role as UserRole };
    }
    case 'top-up': {
      assertOnly(options, ['phone', 'amount', 'reference', 'currency']);
      const amount = Number(options.get('amount'));
      if (!/^\d+$/.test(options.get('amount') ?? '') || !Number.isSafeInteger(amount) || amount <= 0) {
        throw new AdminUsageError('--amount must be a positive whole number of minor units');
      }
      const reference = options.get('reference') ?? '';
      if (!/^[A-Za-z0-9._:/-]{1,64}$/.test(reference)) {
        throw new AdminUsageError('--reference must be 1-64 letters, digits or . _ : / -');
      }
      const currency = options.get('currency');
      if (currency !== undefined && !/^[A-Z]{3}$/.test(currency))
        throw new AdminUsageError('--currency must be ISO 4217');
      return { name, phone, amount, reference, currency };
    }
  }
}

function assertOnly(options: Map<string, string>, allowed: string[]): void {
  const unknown = [...options.keys()].filter((key) => !allowed.includes(key));
  if (unknown.length > 0) throw new AdminUsageError(`unknown option --${unknown[0]}`);
}
