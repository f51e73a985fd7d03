import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '@campus/contracts';
import { assertAuthEmulatorUp, authEmulatorHost } from './auth/emulator-sign-in';
import { createFirebaseTokenVerifier } from './auth/token-verifier';
import { createRedisClient } from './redis/client';
import { killBuiltProcesses, spawnBuiltProcess, type BuiltProcess } from './testing/built-process';
import { TEST_SERVER_URL } from './testing/database';
import { registerTestDatabase, snapshotDeadLetters } from './testing/dead-letters';
import { freePort } from './testing/private-services';
import { deleteRedisPrefix, TEST_REDIS_URL, testRedisPrefix } from './testing/redis';
import { MIGRATIONS_DIR } from './db/migrate';

/**
 * The production build: `npm run build:services` bundles every Node program, and the bundles run
 * with plain node (no tsx) and APP_ENV=production against a database the built migrations made.
 */

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const run = promisify(execFile);

const BUNDLES = {
  command: 'command-service/dist/main.js',
  query: 'query-service/dist/main.js',
  worker: 'projection-worker/dist/main.js',
  gateway: 'infra/dist/gateway.js',
  migrate: 'infra/dist/migrate.js',
  operator: 'projection-worker/dist/operator.js',
} as const;

const withDatabase = (serverUrl: string, name: string) => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

const adminQuery = async (sql: string) => {
  const client = new pg.Client({ connectionString: withDatabase(TEST_SERVER_URL, 'postgres') });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
};

const PROJECT_ID = 'campus-prod-test';
const databaseName = `campus_t_${randomBytes(6).toString('hex')}`;
const databaseUrl = withDatabase(TEST_SERVER_URL, databaseName);
const redisPrefix = testRedisPrefix('production-build');
const filesDir = mkdtempSync(join(tmpdir(), 'campus-production-build-'));

/** A production configuration: a real-looking project, no emulator, secrets of its own. */
const productionEnv = (): NodeJS.ProcessEnv => ({
  PATH: process.env['PATH'],
  HOME: process.env['HOME'],
  APP_ENV: 'production',
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  DATABASE_URL: databaseUrl,
  REDIS_URL: TEST_REDIS_URL,
  REDIS_PREFIX: redisPrefix,
  JOBS_PREFIX: `${redisPrefix}jobs`,
  FIREBASE_PROJECT_ID: PROJECT_ID,
  CHECK_IN_SECRET: randomBytes(24).toString('hex'),
  CALENDAR_FEED_SECRET: randomBytes(24).toString('hex'),
  MAIL_LINK_SECRET: randomBytes(24).toString('hex'),
  UPLOAD_DIR: join(filesDir, 'uploads'),
  REPORTS_DIR: join(filesDir, 'reports'),
  // The mail outbox has nothing to send here; an unused port keeps it off any real server.
  SMTP_HOST: '127.0.0.1',
  SMTP_PORT: '9',
  // Where users reach the product: every mail's unsubscribe link starts with it.
  PUBLIC_URL: 'https://volunteer.university.example',
});

let services: { name: string; process: BuiltProcess; url: string }[] = [];
const urlOf = (name: string) => services.find((s) => s.name === name)?.url ?? '';

/** The emulator's admin API for PROJECT_ID's accounts. */
const emulatorAdmin = (action: string, body: object) =>
  fetch(
    `http://${authEmulatorHost()}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/${action}`,
    {
      method: 'POST',
      headers: { authorization: 'Bearer owner', 'content-type': 'application/json' },
      body: JSON.stringify(body),
    },
  );

/**
 * An account of PROJECT_ID in the auth emulator and an ID token for it as the emulator makes them:
 * unsigned (`alg: none`, no key id). firebase-admin accepts it only with the emulator configured.
 */
const emulatorAccount = async () => {
  const uid = `production-build-${randomBytes(6).toString('hex')}`;
  const email = `${uid}@university.edu`;
  const created = await emulatorAdmin('accounts', { localId: uid, email, emailVerified: true });
  expect(created.status, await created.text()).toBe(200);
  // Signed in after the account was created (a token from before it counts as revoked).
  const now = Math.floor(Date.now() / 1000) + 1;
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const claims = {
    iss: `https://securetoken.google.com/${PROJECT_ID}`,
    aud: PROJECT_ID,
    auth_time: now,
    iat: now,
    exp: now + 3600,
    sub: uid,
    user_id: uid,
    email,
    email_verified: true,
    firebase: { sign_in_provider: 'google.com', identities: { email: [email] } },
  };
  return {
    uid,
    email,
    token: `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.`,
    remove: async () => {
      await emulatorAdmin('accounts:delete', { localId: uid });
    },
  };
};

beforeAll(async () => {
  await assertAuthEmulatorUp();
  const build = await run('npm', ['run', '--silent', 'build:services'], {
    cwd: REPO_ROOT,
    env: { PATH: process.env['PATH'], HOME: process.env['HOME'] },
  });
  expect(build.stdout).toMatch(/built 6 bundles/);

  // The built migrations create the database and apply every file of infra/migrations.
  registerTestDatabase(databaseName, databaseUrl);
  const env = { PATH: process.env['PATH'], APP_ENV: 'production', DATABASE_URL: databaseUrl };
  const migrate = spawnBuiltProcess('migrate', BUNDLES.migrate, env);
  const migrated = await migrate.exitedWithin(30_000);
  expect(migrated, migrate.output()).toEqual({ code: 0, signal: null });
  const files = readdirSync(MIGRATIONS_DIR).map((file) => file.replace(/\.sql$/, ''));
  expect(files.length).toBeGreaterThan(0);
  expect(migrate.output()).toContain(`migrations applied: ${files.sort().join(', ')}`);

  const [command, query, worker, gateway] = await Promise.all([
    freePort(),
    freePort(),
    freePort(),
    freePort(),
  ]);
  const base = productionEnv();
  const spawned = [
    {
      name: 'command-service',
      process: spawnBuiltProcess('command-service', BUNDLES.command, {
        ...base,
        COMMAND_PORT: String(command),
      }),
      url: `http://127.0.0.1:${String(command)}`,
    },
    {
      name: 'query-service',
      process: spawnBuiltProcess('query-service', BUNDLES.query, {
        ...base,
        QUERY_PORT: String(query),
      }),
      url: `http://127.0.0.1:${String(query)}`,
    },
    {
      name: 'projection-worker',
      process: spawnBuiltProcess('projection-worker', BUNDLES.worker, {
        ...base,
        WORKER_METRICS_PORT: String(worker),
      }),
      url: `http://127.0.0.1:${String(worker)}`,
    },
    {
      name: 'gateway',
      process: spawnBuiltProcess('gateway', BUNDLES.gateway, {
        PATH: process.env['PATH'],
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        GATEWAY_PORT: String(gateway),
        COMMAND_URL: `http://127.0.0.1:${String(command)}`,
        QUERY_URL: `http://127.0.0.1:${String(query)}`,
      }),
      url: `http://127.0.0.1:${String(gateway)}`,
    },
  ];
  services = spawned;
  await Promise.all(spawned.map((s) => s.process.waitOk(`${s.url}/healthz`)));
}, 90_000);

afterAll(async () => {
  await Promise.all(services.map((s) => s.process.stop(2_000)));
  killBuiltProcesses();
  const redis = createRedisClient(TEST_REDIS_URL);
  try {
    await deleteRedisPrefix(redis, redisPrefix);
  } finally {
    redis.disconnect();
  }
  try {
    await snapshotDeadLetters(databaseName, databaseUrl);
  } finally {
    await adminQuery(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await adminQuery(`DROP DATABASE IF EXISTS ${databaseName}_r WITH (FORCE)`);
    rmSync(filesDir, { recursive: true, force: true });
  }
}, 60_000);

describe('production build', () => {
  it('runs each service from its bundle with plain node, no tsx, and each answers /healthz', async () => {
    expect(services.map((s) => s.name)).toEqual([
      'command-service',
      'query-service',
      'projection-worker',
      'gateway',
    ]);
    const bundleOf: Record<string, string> = {
      'command-service': BUNDLES.command,
      'query-service': BUNDLES.query,
      'projection-worker': BUNDLES.worker,
      gateway: BUNDLES.gateway,
    };
    for (const { name, process: child, url } of services) {
      expect(child.commandLine(), name).toEqual([
        process.execPath,
        '--enable-source-maps',
        join(REPO_ROOT, bundleOf[name] ?? ''),
      ]);
      expect(child.environmentNames(), name).not.toContain('NODE_OPTIONS');
      const response = await fetch(`${url}/healthz`);
      expect(response.status, name).toBe(200);
    }
  });

  it('the gateway carries anonymous reads to the query service, which reads the read model', async () => {
    const config = await fetch(`${urlOf('gateway')}/api/config`);
    expect(config.status).toBe(200);
    expect(await config.json()).toMatchObject({ universityDomain: 'university.edu' });

    const check = await fetch(
      `${urlOf('gateway')}/api/approved-emails/check/${encodeURIComponent('nobody@university.edu')}`,
    );
    expect(check.status).toBe(200);
  });

  it('refuses an unsigned emulator token with 401 in both services, without reaching Google', async () => {
    const account = await emulatorAccount();
    try {
      // A token the services would accept with the emulator configured, as this process has it.
      const control = createFirebaseTokenVerifier({ projectId: PROJECT_ID });
      await expect(control.verify(account.token)).resolves.toMatchObject({ uid: account.uid });

      const headers = {
        authorization: `Bearer ${account.token}`,
        'content-type': 'application/json',
      };
      const register = await fetch(`${urlOf('command-service')}/api/users`, {
        method: 'POST',
        headers,
        body: JSON.stringify({}),
      });
      expect(register.status).toBe(401);
      // Refused as an invalid token (its header has no key id), not for keys it could not fetch.
      expect(await register.json()).toMatchObject({ message: texts.auth.invalidToken });

      const exists = await fetch(
        `${urlOf('query-service')}/api/users/check/${encodeURIComponent(account.email)}`,
        { headers },
      );
      expect(exists.status).toBe(401);
      expect(await exists.json()).toMatchObject({ message: texts.auth.invalidToken });

      const throughGateway = await fetch(`${urlOf('gateway')}/api/users`, {
        method: 'POST',
        headers,
        body: JSON.stringify({}),
      });
      expect(throughGateway.status).toBe(401);
    } finally {
      await account.remove();
    }
  });

  it('the built operator command reads the projections of the same database', async () => {
    const operator = spawnBuiltProcess('operator', BUNDLES.operator, productionEnv(), ['status']);
    expect(await operator.exitedWithin(20_000), operator.output()).toEqual({
      code: 0,
      signal: null,
    });
    expect(operator.output()).toContain('users');
  });

  it('refuses to start in production with the auth emulator configured', async () => {
    const env = { ...productionEnv(), FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9199' };
    const refused = [
      spawnBuiltProcess('command-service', BUNDLES.command, { ...env, COMMAND_PORT: '0' }),
      spawnBuiltProcess('query-service', BUNDLES.query, { ...env, QUERY_PORT: '0' }),
      spawnBuiltProcess('projection-worker', BUNDLES.worker, { ...env, WORKER_METRICS_PORT: '0' }),
    ];
    for (const child of refused) {
      const how = await child.exitedWithin(20_000);
      expect(how, `${child.name}: ${child.output()}`).toEqual({ code: 1, signal: null });
      expect(child.output(), child.name).toMatch(/FIREBASE_AUTH_EMULATOR_HOST: must not be set/);
    }
  });

  it('the npm start:* scripts run in production mode: a development setting is refused', async () => {
    // No APP_ENV given: the script must set it, or the emulator (unsigned tokens) would be accepted.
    const env: NodeJS.ProcessEnv = {
      ...productionEnv(),
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9199',
    };
    delete env['APP_ENV'];
    delete env['NODE_ENV'];
    for (const script of ['start:command-service', 'start:query-service']) {
      const started = await run('npm', ['run', '--silent', script], {
        cwd: REPO_ROOT,
        env: { ...env, COMMAND_PORT: '0', QUERY_PORT: '0' },
        timeout: 30_000,
      }).then(
        () => ({ code: 0, output: '' }),
        (error: unknown) => {
          const failed = error as { code?: number; stdout?: string; stderr?: string };
          return {
            code: failed.code ?? -1,
            output: `${failed.stdout ?? ''}${failed.stderr ?? ''}`,
          };
        },
      );
      expect(started.code, `${script}: ${started.output}`).not.toBe(0);
      expect(started.output, script).toMatch(/FIREBASE_AUTH_EMULATOR_HOST: must not be set/);
    }
  });

  it('the built operator backs up and restores into a new database, migrating it from the bundle', async () => {
    const file = join(filesDir, 'backup.ndjson.gz');
    const backup = spawnBuiltProcess('operator', BUNDLES.operator, productionEnv(), [
      'backup',
      '--out',
      file,
    ]);
    expect(await backup.exitedWithin(30_000), backup.output()).toEqual({ code: 0, signal: null });
    const restoredUrl = withDatabase(TEST_SERVER_URL, `${databaseName}_r`);
    registerTestDatabase(`${databaseName}_r`, restoredUrl);
    const restore = spawnBuiltProcess(
      'operator',
      BUNDLES.operator,
      { ...productionEnv(), DATABASE_URL: restoredUrl },
      ['restore', '--from', file],
    );
    expect(await restore.exitedWithin(60_000), restore.output()).toEqual({ code: 0, signal: null });
    const count = async (url: string) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const { rows } = await client.query<{ events: string; migrations: string }>(
          `SELECT (SELECT count(*) FROM es.events)::text AS events,
                  (SELECT count(*) FROM public.migrations)::text AS migrations`,
        );
        return rows[0];
      } finally {
        await client.end();
      }
    };
    const [source, restored] = await Promise.all([count(databaseUrl), count(restoredUrl)]);
    expect(restored).toEqual(source);
    expect(Number(restored?.migrations)).toBe(readdirSync(MIGRATIONS_DIR).length);
  });

  it('SIGTERM stops each service with exit code 0', async () => {
    const stopped = await Promise.all(services.map((s) => s.process.stop()));
    services.forEach((s, i) => {
      expect(stopped[i], `${s.name}: ${s.process.output()}`).toEqual({ code: 0, signal: null });
    });
  });
});
