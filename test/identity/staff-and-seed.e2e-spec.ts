import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { DEMO_USERS, IdentitySeeder } from '../../src/modules/identity/identity.seeder';
import { StaffAccountError, StaffAccountService } from '../../src/modules/identity/staff-account.service';
import { StaffProbeController } from './support/staff-probe.controller';
import { bearer, login, randomPhoneNumber, signUp } from '../factories/customer.factory';
import { CLI_RUN_TIMEOUT_MS, compiledCli } from '../support/compiled-cli';
import { createIdentityApp, IdentityApp } from './support/identity-kit';

const run = promisify(execFile);

/** Runs the compiled admin task as `npm run admin:*` does, against the app's database and Redis. */
function adminTask(ctx: IdentityApp, args: string[], stdin?: string) {
  const cli = compiledCli('admin');
  const child = run(cli.command, [...cli.args, ...args], {
    cwd: cli.cwd,
    env: { ...process.env, REDIS_KEY_PREFIX: ctx.config.REDIS_KEY_PREFIX },
    timeout: CLI_RUN_TIMEOUT_MS,
  });
  if (stdin !== undefined) child.child.stdin?.end(stdin);
  return child;
}

describe('Identity: staff accounts, the admin task and the demo seed', () => {
  let ctx: IdentityApp;

  beforeAll(async () => {
    ctx = await createIdentityApp({ controllers: [StaffProbeController] });
  });

  afterAll(async () => {
    await ctx.close();
  });

  it('seeds the demo customer (TIER_1), admin, support user and agent once, and they can log in', async () => {
    const seeder = new IdentitySeeder(ctx.config);
    const first = await ctx.db.transaction((manager) => seeder.run(manager));
    const second = await ctx.db.transaction((manager) => seeder.run(manager));
    expect(first).toEqual({ created: 4, existing: 0 });
    expect(second).toEqual({ created: 0, existing: 4 });

    const [customer, admin] = DEMO_USERS;
    const customerTokens = await login(ctx.http, customer.phone, customer.pin);
    const profile = await ctx.http.get('/api/v1/profile').set(bearer(customerTokens.accessToken)).expect(200);
    expect(profile.body).toMatchObject({ phone: '+2348000000001', role: 'CUSTOMER', kycTier: 'TIER_1', pinSet: true });
    expect(await ctx.db.query(`SELECT 1 FROM kyc_submissions WHERE user_id = $1`, [profile.body.id])).toHaveLength(1);
    await ctx.http.get('/api/v1/staff-probe/admin').set(bearer(customerTokens.accessToken)).expect(403);

    const adminTokens = await login(ctx.http, admin.phone, admin.pin);
    const probe = await ctx.http.get('/api/v1/staff-probe/admin').set(bearer(adminTokens.accessToken)).expect(200);
    expect(probe.body.role).toBe('ADMIN');

    for (const staff of DEMO_USERS.filter((user) => user.role === 'SUPPORT' || user.role === 'AGENT')) {
      const tokens = await login(ctx.http, staff.phone, staff.pin);
      const shown = await ctx.http.get('/api/v1/profile').set(bearer(tokens.accessToken)).expect(200);
      expect(shown.body).toMatchObject({ phone: staff.phone, role: staff.role });
    }
    expect(DEMO_USERS.map((user) => user.role)).toEqual(['CUSTOMER', 'ADMIN', 'SUPPORT', 'AGENT']);
  });

  it('creates an admin only for a free number with a strong PIN', async () => {
    const accounts = ctx.app.get(StaffAccountService);
    const phone = randomPhoneNumber();
    await expect(accounts.createAdmin(phone, '123456')).rejects.toThrow(StaffAccountError);
    const admin = await accounts.createAdmin(phone, '480264');
    expect(admin.role).toBe('ADMIN');
    await expect(accounts.createAdmin(phone, '480264')).rejects.toThrow(/already registered/);
    const tokens = await login(ctx.http, phone, '480264');
    await ctx.http.get('/api/v1/staff-probe/admin').set(bearer(tokens.accessToken)).expect(200);
    await expect(accounts.assignRole(randomPhoneNumber(), 'ADMIN')).rejects.toThrow(/no user/);
  });

  it(
    'runs the admin command-line task: create (PIN on stdin) and promote',
    async () => {
      const adminPhone = randomPhoneNumber();
      const created = await adminTask(ctx, ['create', '--phone', adminPhone], '370915\n');
      expect(created.stdout).toContain(`admin created: ${adminPhone}`);
      const adminTokens = await login(ctx.http, adminPhone, '370915');
      await ctx.http.get('/api/v1/staff-probe/admin').set(bearer(adminTokens.accessToken)).expect(200);

      const supportPhone = randomPhoneNumber();
      const customer = await signUp(ctx.http, supportPhone);
      await ctx.http.get('/api/v1/staff-probe/compliance').set(bearer(customer.accessToken)).expect(403);
      const promoted = await adminTask(ctx, ['promote', '--phone', supportPhone, '--role', 'COMPLIANCE']);
      expect(promoted.stdout).toContain('role CUSTOMER -> COMPLIANCE');
      // The task dropped the cached session, so the same token carries the new role at once.
      await ctx.http.get('/api/v1/staff-probe/compliance').set(bearer(customer.accessToken)).expect(200);
    },
    2 * CLI_RUN_TIMEOUT_MS + 30_000,
  );
});
