import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assertAuthEmulatorUp,
  createTestDatabase,
  emulatorIdToken,
  expectDeadLetters,
  freePort,
  releaseTestResources,
  serviceTestEnv,
  spawnServiceProcess,
  stopServiceProcesses,
  testRedisPrefix,
  type ServiceProcess,
  type TestDatabase,
} from './testing';

/** Lowercase: the auth emulator keeps addresses as typed, but a marker must survive any casing. */
const MARKER = `mk${randomBytes(5).toString('hex')}q`;

/** Waits for `check`, failing at once (with its output) if one of `services` has exited. */
const until = async (
  what: string,
  services: readonly ServiceProcess[],
  check: () => Promise<boolean>,
  timeoutMs = 60_000,
) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    for (const service of services) service.check();
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

describe('no personal data in any log line of any process, while projections fail', () => {
  let db: TestDatabase | undefined;
  let smtp: SMTPServer | undefined;
  let dirs: string[] = [];
  /** The three services, then the operator's CLI. */
  const procs: ServiceProcess[] = [];
  const prefix = testRedisPrefix('logs');
  let commandUrl = '';
  let queryUrl = '';
  let env: NodeJS.ProcessEnv = {};

  beforeAll(async () => {
    await assertAuthEmulatorUp();
    db = await createTestDatabase();
    await expectDeadLetters(
      db.pool,
      'a profile edit the read model refuses on purpose, to see its failure logged without values',
      { projection: 'users', eventType: 'UserProfileUpdated' },
    );
    // A read model and a command table that refuse rows carrying the marker: their errors' detail
    // ('Failing row contains (...)') quotes the whole row, names, address and bio included.
    await db.pool.query(`
      ALTER TABLE read.users ADD CONSTRAINT users_first_name_refused
        CHECK (position('${MARKER}' in coalesce(first_name, '')) = 0);
      ALTER TABLE read.users ADD CONSTRAINT users_bio_refused
        CHECK (position('${MARKER}' in coalesce(bio, '')) = 0);
      ALTER TABLE cmd.idempotency_keys ADD CONSTRAINT idempotency_key_refused
        CHECK (position('${MARKER}' in key) = 0);`);

    // A mail server that refuses the marked address, quoting it as real servers do.
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (address.address.includes(MARKER)) {
          const refusal = new Error(`Mailbox <${address.address}> unavailable`);
          callback(Object.assign(refusal, { responseCode: 550 }));
        } else callback();
      },
      onData(stream, _session, callback) {
        stream.on('data', () => undefined);
        stream.on('end', () => callback());
      },
    });
    smtp = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const smtpPort = (server.server.address() as AddressInfo).port;

    const uploadDir = await mkdtemp(join(tmpdir(), 'campus-logs-uploads-'));
    const reportsDir = await mkdtemp(join(tmpdir(), 'campus-logs-reports-'));
    dirs = [uploadDir, reportsDir];
    const [commandPort, queryPort, metricsPort] = [
      await freePort(),
      await freePort(),
      await freePort(),
    ];
    env = {
      ...serviceTestEnv({ databaseUrl: db.url, redisPrefix: prefix, logLevel: 'debug' }),
      UPLOAD_DIR: uploadDir,
      REPORTS_DIR: reportsDir,
      COMMAND_PORT: String(commandPort),
      QUERY_PORT: String(queryPort),
      WORKER_METRICS_PORT: String(metricsPort),
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtpPort),
      OUTBOX_INTERVAL_MS: '200',
    };
    // Every byte is kept: the test reads every line each process wrote.
    procs.push(
      spawnServiceProcess('command-service', env, { keepAllOutput: true }),
      spawnServiceProcess('query-service', env, { keepAllOutput: true }),
      spawnServiceProcess('projection-worker', env, { keepAllOutput: true }),
    );
    commandUrl = `http://127.0.0.1:${String(commandPort)}`;
    queryUrl = `http://127.0.0.1:${String(queryPort)}`;
    const urls = [commandUrl, queryUrl, `http://127.0.0.1:${String(metricsPort)}`];
    // Each wait fails at once, with the process's output, if that process dies while starting.
    await Promise.all(procs.map((proc, i) => proc.waitHealthy(urls[i]!)));
  }, 120_000);

  afterAll(async () => {
    try {
      await stopServiceProcesses(procs);
      const server = smtp;
      if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
    } finally {
      await releaseTestResources({ redisPrefix: prefix, db, dirs });
    }
  }, 60_000);

  const send = async (
    method: 'POST' | 'PUT',
    path: string,
    token: string,
    body: object,
    headers: Record<string, string> = {},
  ) => {
    const response = await fetch(`${commandUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as { id?: string } };
  };

  it('logs every failure by its class, code and names, and never the marker', async () => {
    const { pool } = db!;
    const services = procs.slice(0, 3);
    // Ada's first name is refused by the read model (her registration is held without it).
    const adaToken = await emulatorIdToken(`ada.${MARKER}@university.edu`);
    const ada = await send('POST', '/api/users', adaToken, {
      first_name: `Ada${MARKER}`,
      last_name: `Lovelace${MARKER}`,
      phone: '5550001111',
    });
    expect(ada.status).toBe(201);
    // Grace's row goes in with the marker in her name and address; her bio edit is refused.
    const graceEmail = `grace.${MARKER}@university.edu`;
    const graceToken = await emulatorIdToken(graceEmail);
    const grace = await send('POST', '/api/users', graceToken, {
      first_name: 'Grace',
      last_name: `Hopper${MARKER}`,
      phone: '5550002222',
      major: `Math ${MARKER}`,
    });
    expect(grace.status).toBe(201);
    const adaId = ada.body.id ?? '';
    const graceId = grace.body.id ?? '';
    const edit = await send('PUT', `/api/users/${graceId}`, graceToken, {
      bio: `About ${MARKER}`,
    });
    expect(edit.status).toBe(200);
    // A mail to Grace's address, which the mail server refuses quoting it.
    const request = await send('POST', `/api/users/${adaId}/friends`, adaToken, {
      receiver_id: graceId,
    });
    expect(request.status).toBeLessThan(300);
    // A command whose own table refuses its row: an unhandled error answered 500.
    const refused = await send(
      'PUT',
      `/api/users/${graceId}`,
      graceToken,
      { major: 'Physics' },
      { 'idempotency-key': `retry-${MARKER}` },
    );
    expect(refused.status).toBe(500);
    // Reads naming the address in their path.
    const lookup = await fetch(`${queryUrl}/api/users/email/${encodeURIComponent(graceEmail)}`, {
      headers: { authorization: `Bearer ${graceToken}` },
    });
    expect(lookup.status).toBeLessThan(500);

    await until('the refused bio edit dead-lettered', services, async () => {
      const { rowCount } = await pool.query(
        `SELECT 1 FROM read.dead_letters WHERE event_type = 'UserProfileUpdated'`,
      );
      return rowCount === 1;
    });
    await until('the refused mail recorded', services, async () => {
      const { rowCount } = await pool.query(
        'SELECT 1 FROM outbox.messages WHERE last_error IS NOT NULL',
      );
      return (rowCount ?? 0) > 0;
    });
    const { rows: users } = await pool.query<{ id: string; first_name: string | null }>(
      'SELECT id::text, first_name FROM read.users WHERE id = ANY($1::uuid[]) ORDER BY first_name',
      [[adaId, graceId]],
    );
    expect(users).toEqual([
      { id: graceId, first_name: 'Grace' },
      { id: adaId, first_name: null },
    ]);

    // What operators read: the CLI's dead letters, the stored error texts.
    const cli = spawnServiceProcess('operator', env, {
      script: 'projection-worker/src/cli/main.ts',
      args: ['dead-letters'],
      keepAllOutput: true,
    });
    procs.push(cli);
    await cli.exited;
    expect(cli.child.exitCode, cli.output()).toBe(0);
    expect(cli.output()).toContain('UserProfileUpdated');
    expect(cli.output()).toContain('users_bio_refused');
    const { rows: stored } = await pool.query<{ error: string }>(
      `SELECT error FROM read.dead_letters
       UNION ALL SELECT last_error FROM outbox.messages WHERE last_error IS NOT NULL`,
    );
    expect(stored.length).toBeGreaterThanOrEqual(2);
    for (const { error } of stored) expect(error).not.toContain(MARKER);

    // None died on the way (its last lines would be missing below).
    for (const service of services) service.check();
    await stopServiceProcesses(procs);
    const logs = Object.fromEntries(procs.map((p) => [p.name, p.output()]));
    // The failures were logged (so the absence below means something)...
    expect(logs['projection-worker']).toContain('event dead-lettered');
    expect(logs['projection-worker']).toContain('"constraint":"users_bio_refused"');
    expect(logs['projection-worker']).toContain('registration refused by the read model');
    expect(logs['projection-worker']).toContain('"constraint":"users_first_name_refused"');
    expect(logs['projection-worker']).toContain('outbox: send failed');
    expect(logs['command-service']).toContain('unhandled error');
    expect(logs['command-service']).toContain('"constraint":"idempotency_key_refused"');
    // ...and no line of any process carries the marker.
    for (const [name, output] of Object.entries(logs)) {
      const leaks = output.split('\n').filter((line) => line.includes(MARKER));
      expect(leaks, `${name} logged personal data`).toEqual([]);
    }
  }, 180_000);
});
