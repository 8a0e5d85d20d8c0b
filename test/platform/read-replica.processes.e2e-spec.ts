import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { Client } from 'pg';
import request from 'supertest';
import { ServiceProcess, startApiProcess } from '../payments/support/service-process';
import { compiledCli } from '../support/compiled-cli';
import { freePort } from '../support/disposable-redis';
import { DisposableCluster, startPrimaryCluster, startStandbyCluster } from '../support/disposable-postgres';
import { waitFor } from '../support/wait-for';

const run = promisify(execFile);
const DATABASE = 'payment_service';

/**
 * `DATABASE_REPLICA_URL` against the real thing: a primary cluster and a streaming hot standby of
 * it (`pg_basebackup -R`) of the spec's own, migrated and seeded with the project's commands, and
 * the built API with DATABASE_URL on the primary and DATABASE_REPLICA_URL on the standby. Replay
 * paused on the standby, a biller added on the primary is missing from `GET /billers` (the standby's
 * answer) while a read that stays on the primary (the internal customer resolution, which looks the
 * biller up as a payment does) finds it; replay resumed, the directory shows it; the standby
 * stopped, the directory still answers from the primary and the service stays ready. No timing:
 * each step waits for a state (replay paused, replayed up to the primary's position).
 */
describe('read replica: a streaming standby behind GET /billers', () => {
  let primary: DisposableCluster | undefined;
  let standby: DisposableCluster | undefined;
  let onPrimary: Client;
  let onStandby: Client;
  let api: ServiceProcess | undefined;
  let http: ReturnType<typeof request>;
  const internalKey = process.env.INTERNAL_API_KEY ?? '';

  /** Runs one of the project's commands (`npm run <name>`'s compiled script) against the primary. */
  async function command(name: string, env: NodeJS.ProcessEnv): Promise<void> {
    const cli = compiledCli(name);
    await run(cli.command, cli.args, { cwd: cli.cwd, env, timeout: 120_000 });
  }

  /** The directory's slugs in a category, as the API answers them. */
  async function directorySlugs(categorySlug: string): Promise<string[]> {
    const response = await http.get('/api/v1/billers').query({ categorySlug, size: 100 }).expect(200);
    return (response.body as { items: { slug: string }[] }).items.map((item) => item.slug);
  }

  beforeAll(async () => {
    primary = await startPrimaryCluster();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: primary.url(DATABASE),
      REDIS_KEY_PREFIX: `${process.env.REDIS_KEY_PREFIX ?? 'test'}:replica-${randomBytes(3).toString('hex')}`,
    };
    delete env.DATABASE_REPLICA_URL;
    await command('create-database', env);
    await command('migrate', env);
    await command('seed', env);
    standby = await startStandbyCluster(primary);
    onPrimary = new Client({ connectionString: primary.url(DATABASE) });
    onStandby = new Client({ connectionString: standby.url(DATABASE) });
    await Promise.all([onPrimary.connect(), onStandby.connect()]);
    const port = await freePort();
    api = await startApiProcess({}, port, { ...env, DATABASE_REPLICA_URL: standby.url(DATABASE) });
    http = request(`http://127.0.0.1:${port}`);
  }, 300_000);

  afterAll(async () => {
    if (api && api.child.exitCode === null) api.child.kill('SIGKILL');
    await api?.exited;
    await onPrimary?.end().catch(() => undefined);
    await onStandby?.end().catch(() => undefined);
    await standby?.remove();
    await primary?.remove();
  }, 120_000);

  it('answers the directory from the standby, falls back to the primary when the standby stops', async () => {
    expect((await onStandby.query<{ standby: boolean }>('SELECT pg_is_in_recovery() AS standby')).rows[0].standby).toBe(
      true,
    );
    const category = (await http.get('/api/v1/billers/categories').expect(200)).body as { slug: string }[];
    expect(category.length).toBeGreaterThan(0);
    const categorySlug = category[0].slug;
    const before = await directorySlugs(categorySlug);
    expect(before.length).toBeGreaterThan(0);

    await onStandby.query('SELECT pg_wal_replay_pause()');
    await waitFor(
      async () => (await onStandby.query<{ state: string }>('SELECT pg_get_wal_replay_pause_state() AS state')).rows[0],
      (row) => row.state === 'paused',
      'replay paused on the standby',
      30,
    );

    // A biller added on the primary: a copy of one of the category's, under a new slug.
    const slug = `replica-${randomBytes(3).toString('hex')}`;
    const columns = (
      await onPrimary.query<{ name: string }>(
        `SELECT column_name AS name FROM information_schema.columns
          WHERE table_name = 'billers' AND is_generated = 'NEVER' ORDER BY ordinal_position`,
      )
    ).rows.map((row) => row.name);
    const values = columns.map((name) =>
      name === 'id' ? 'gen_random_uuid()' : name === 'slug' || name === 'name' ? '$1' : `"${name}"`,
    );
    await onPrimary.query(
      `INSERT INTO billers (${columns.map((name) => `"${name}"`).join(', ')})
       SELECT ${values.join(', ')} FROM billers WHERE slug = $2`,
      [slug, before[0]],
    );

    // The standby has not replayed it: the directory does not list it, nor show it.
    expect(await directorySlugs(categorySlug)).not.toContain(slug);
    await http.get(`/api/v1/billers/${slug}`).expect(404);
    // A read that stays on the primary finds it (a payment's lookup of its biller).
    await http
      .post('/internal/customers/resolve')
      .set('X-Internal-Api-Key', internalKey)
      .send({ biller: slug, accountReference: '12345678901' })
      .expect(200);
    await http
      .post('/internal/customers/resolve')
      .set('X-Internal-Api-Key', internalKey)
      .send({ biller: `${slug}-nowhere`, accountReference: '12345678901' })
      .expect(404);

    // Replay resumed and caught up with the primary: the directory lists it.
    const { lsn } = (await onPrimary.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn')).rows[0];
    await onStandby.query('SELECT pg_wal_replay_resume()');
    await waitFor(
      async () =>
        (await onStandby.query<{ caught: boolean }>('SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS caught', [lsn]))
          .rows[0],
      (row) => row.caught,
      'the standby replaying up to the biller',
      30,
    );
    expect(await directorySlugs(categorySlug)).toContain(slug);
    await http.get(`/api/v1/billers/${slug}`).expect(200);
    expect((await http.get('/api/v1/health/ready').expect(200)).body).toMatchObject({ checks: { replica: 'up' } });

    // The standby stopped: the directory answers from the primary, and the service stays ready.
    await onStandby.end().catch(() => undefined);
    await standby?.stop();
    expect(await directorySlugs(categorySlug)).toContain(slug);
    await http.get(`/api/v1/billers/${slug}`).expect(200);
    await http.get('/api/v1/billers/categories').expect(200);
    expect((await http.get('/api/v1/health/ready').expect(200)).body).toEqual({
      status: 'up',
      checks: { database: 'up', redis: 'up', migrations: 'up', replica: 'down' },
    });
  });
});
