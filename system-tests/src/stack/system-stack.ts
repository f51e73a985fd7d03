import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { comparePositions, CONSISTENCY_TOKEN_HEADER, instantToEastern } from '@campus/contracts';
import {
  createEventStore,
  createLogger,
  createPersonalDataVault,
  createPool,
  createRedisClient,
  type Pool,
  type RedisClient,
} from '@campus/infra';
import { startCatchAllSmtp } from '@campus/infra/mail';
import {
  assertAuthEmulatorUp,
  authEmulatorHost,
  emulatorIdToken,
  freePort,
  spawnServiceProcess,
  startPrivatePostgres,
  startPrivateRedis,
  TEST_FIREBASE_PROJECT_ID,
  type ServiceProcess,
} from '@campus/infra/testing';
import { createStackChecks } from './stack-checks';

/**
 * The whole product as it runs in production, on a Postgres and a Redis of the test's own: every
 * service its own OS process (command services, query services and projection workers under tsx,
 * the gateway in front), a catch-all SMTP server for the mail outbox, and a generator of a steady
 * mix of commands sent through the gateway over HTTP that records which were acknowledged.
 *
 * What it holds is checked with stack-checks.ts, as fault-stack.ts's is.
 */

export const BOARD_PREFIX = 'campus:';
export const ADMIN = 'system-admin@university.edu';
const CORRELATION_HEADER = 'x-correlation-id';
const HOUR = 3_600_000;
/** The seeding command service's clock: two days back, so "tomorrow" by it is yesterday. */
export const SEED_CLOCK_OFFSET_MS = -48 * HOUR;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// --- service processes --------------------------------------------------------------------

export type Instance = {
  readonly name: string;
  /** The service's base URL (a worker's: its metrics server, which answers /healthz and /readyz). */
  readonly url: string;
  readonly process: ServiceProcess;
  /** Set once the test killed it on purpose. */
  readonly killed: () => boolean;
  /** When its process exited (Date.now()), or null while it runs. */
  readonly exitedAt: () => number | null;
  /** kill -9 of its process group: no cleanup, no graceful stop. */
  readonly kill9: () => Promise<void>;
};

export type Role = 'leader' | 'standby' | 'unknown' | 'down';

/** GET `url`/readyz, with its status and JSON body (status 0 when nothing answered). */
export const readyz = async (url: string): Promise<{ status: number; body: unknown }> => {
  try {
    const response = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2_000) });
    const text = await response.text();
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
    return { status: response.status, body };
  } catch {
    return { status: 0, body: null };
  }
};

/** A worker's role as its /readyz says: 'unknown' when it answers without one (or 404). */
export const roleOf = async (worker: Instance): Promise<Role> => {
  const { status, body } = await readyz(worker.url);
  if (status === 0) return 'down';
  const role = (body as { role?: unknown } | null)?.role;
  return role === 'leader' || role === 'standby' ? role : 'unknown';
};

// --- the command stream -------------------------------------------------------------------

export type Outcome = 'acknowledged' | 'answered' | 'refused' | 'failed';
export type CommandRecord = {
  readonly lane: string;
  readonly startedAt: number;
  readonly endedAt: number;
  readonly outcome: Outcome;
  readonly status: number;
};
export type ReadRecord = {
  readonly kind: string;
  readonly startedAt: number;
  readonly endedAt: number;
  readonly status: number;
};
type Reply = { status: number; body: unknown; headers: Headers } | null;

export type Account = { token: string; userId: string; email: string };
export type PastOpportunity = { id: string; signed: Account[] };

const bodyId = (reply: Reply): string | null => {
  const id = (reply?.body as { id?: unknown } | null)?.id;
  return typeof id === 'string' ? id : null;
};

const pick = <T>(items: readonly T[]): T => {
  const item = items[Math.floor(Math.random() * items.length)];
  if (item === undefined) throw new Error('nothing to pick from');
  return item;
};

/** Runs `fn` over `items`, at most `limit` at a time. */
const inParallel = async <T>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<void>,
) => {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const item = items[next++] as T;
        await fn(item);
      }
    }),
  );
};

const opportunityBody = (startsAt: Date, organizationId: string, slots: number) => {
  const { date, time } = instantToEastern(startsAt);
  return {
    name: `Shift ${randomUUID().slice(0, 6)}`,
    description: 'Bring gloves.',
    date,
    time,
    duration: 60,
    total_slots: slots,
    host_org_id: organizationId,
    causes: ['Environment & Sustainability'],
  };
};

// --- the stack ----------------------------------------------------------------------------

export const startSystemStack = async () => {
  await assertAuthEmulatorUp();
  const dir = await mkdtemp(join(tmpdir(), 'campus-system-'));
  const postgres = await startPrivatePostgres();
  const redisServer = await startPrivateRedis();
  const smtp = await startCatchAllSmtp();
  const logger = createLogger('system');
  const pool: Pool = createPool(postgres.databaseUrl, { max: 5, applicationName: 'system-test' });
  const store = await createEventStore({ pool, notify: false });
  const vault = createPersonalDataVault(pool);
  const redis: RedisClient = createRedisClient(redisServer.url);
  redis.on('error', () => undefined);
  const run = randomUUID().slice(0, 8);

  const baseEnv = (): NodeJS.ProcessEnv => ({
    PATH: process.env['PATH'],
    HOME: process.env['HOME'],
    APP_ENV: 'test',
    LOG_LEVEL: process.env['SYSTEM_LOG_LEVEL'] ?? 'warn',
    DATABASE_URL: postgres.databaseUrl,
    REDIS_URL: redisServer.url,
    REDIS_PREFIX: BOARD_PREFIX,
    JOBS_PREFIX: `system-jobs-${run}`,
    FIREBASE_PROJECT_ID: TEST_FIREBASE_PROJECT_ID,
    FIREBASE_AUTH_EMULATOR_HOST: authEmulatorHost(),
    ADMIN_EMAILS: ADMIN,
    RATE_LIMIT_COMMANDS: '0',
    UPLOAD_DIR: join(dir, 'uploads'),
    REPORTS_DIR: join(dir, 'reports'),
    PROJECTION_BATCH_SIZE: '20',
    BOARDS_CHECK_MS: '250',
    SMTP_HOST: smtp.host,
    SMTP_PORT: String(smtp.port),
    OUTBOX_INTERVAL_MS: '200',
  });

  const instances: Instance[] = [];
  const launch = (
    name: string,
    service: string,
    url: string,
    env: NodeJS.ProcessEnv,
    script?: string,
  ): Instance => {
    const child = spawnServiceProcess(service, env, script ? { script } : {});
    let killed = false;
    let exitedAt: number | null = null;
    void child.exited.then(() => {
      exitedAt = Date.now();
    });
    const instance: Instance = {
      name,
      url,
      process: child,
      killed: () => killed,
      exitedAt: () => exitedAt,
      kill9: async () => {
        killed = true;
        const pid = child.child.pid;
        if (pid !== undefined && child.running()) {
          try {
            process.kill(-pid, 'SIGKILL');
          } catch {
            // Already gone.
          }
        }
        await child.exited;
      },
    };
    instances.push(instance);
    return instance;
  };

  const startCommandService = async (name: string, clockOffsetMs = 0) => {
    const port = await freePort();
    return launch(name, 'command-service', `http://127.0.0.1:${String(port)}`, {
      ...baseEnv(),
      COMMAND_PORT: String(port),
      CLOCK_OFFSET_MS: String(clockOffsetMs),
    });
  };
  const startQueryService = async (name: string) => {
    const port = await freePort();
    return launch(name, 'query-service', `http://127.0.0.1:${String(port)}`, {
      ...baseEnv(),
      QUERY_PORT: String(port),
    });
  };
  const startWorker = async (name: string) => {
    const port = await freePort();
    return launch(name, 'projection-worker', `http://127.0.0.1:${String(port)}`, {
      ...baseEnv(),
      WORKER_METRICS_PORT: String(port),
    });
  };
  /** The gateway over every instance (COMMAND_URLS, QUERY_URLS); COMMAND_URL/QUERY_URL name the first. */
  const startGateway = async (commands: readonly Instance[], queries: readonly Instance[]) => {
    const port = await freePort();
    return launch(
      'gateway',
      'gateway',
      `http://127.0.0.1:${String(port)}`,
      {
        PATH: process.env['PATH'],
        HOME: process.env['HOME'],
        LOG_LEVEL: 'warn',
        GATEWAY_PORT: String(port),
        COMMAND_URL: commands[0]?.url,
        QUERY_URL: queries[0]?.url,
        COMMAND_URLS: commands.map((c) => c.url).join(','),
        QUERY_URLS: queries.map((q) => q.url).join(','),
      },
      'infra/src/gateway/main.ts',
    );
  };
  const waitHealthy = (...list: Instance[]) =>
    Promise.all(list.map((i) => i.process.waitHealthy(i.url, 120_000)));

  // --- what the store and the read model hold ---------------------------------------------

  const checks = createStackChecks({
    pool,
    store,
    vault,
    logger,
    redis,
    boardPrefix: BOARD_PREFIX,
  });

  /** Opportunities whose stored count of registered participants differs from their signup rows. */
  const miscountedOpportunities = async () => {
    const { rows } = await pool.query<{ id: string; stored: number; counted: number }>(
      `SELECT o.id, o.registered_count AS stored,
              (SELECT count(*)::int FROM read.signups s
                WHERE s.opportunity_id = o.id AND s.registered) AS counted
         FROM read.opportunities o`,
    );
    return {
      opportunities: rows.length,
      registered: rows.reduce((n, r) => n + r.counted, 0),
      miscounted: rows.filter((r) => r.stored !== r.counted),
    };
  };

  const deadLetters = async () => {
    const { rows } = await pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM read.dead_letters',
    );
    return rows[0]?.n ?? 0;
  };

  const count = async (sql: string) => {
    const { rows } = await pool.query<{ n: number }>(sql);
    return rows[0]?.n ?? 0;
  };

  /**
   * Waits until the outbox has read the log to its head and nothing is due: every message is
   * sent, skipped, failed, or pending under a lease (claimed by a sender that was killed).
   */
  const waitOutboxSettled = async (timeoutMs = 30_000) => {
    const head = await store.headPosition();
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const { rows } = await pool.query<{ txn: string; seq: string }>(
        'SELECT txn::text, seq::text FROM outbox.checkpoint',
      );
      const at = rows[0] && { txn: BigInt(rows[0].txn), seq: BigInt(rows[0].seq) };
      const due = await count(
        `SELECT count(*)::int AS n FROM outbox.messages
          WHERE status = 'pending' AND next_attempt_at <= now()`,
      );
      if (at && comparePositions(at, head) >= 0 && due === 0) return;
      if (Date.now() > deadline) throw new Error('the outbox did not settle in time');
      await sleep(200);
    }
  };

  /** The outbox's messages against what the SMTP server received, by Message-ID. */
  const mailDeliveries = async () => {
    const { rows } = await pool.query<{ id: string; status: string }>(
      'SELECT id, status FROM outbox.messages',
    );
    const messageIdOf = (id: string) => `<${id.replace(/:/g, '.')}@outbox.campus>`;
    const received = new Map<string, number>();
    for (const mail of smtp.received())
      received.set(mail.messageId ?? '', (received.get(mail.messageId ?? '') ?? 0) + 1);
    const known = new Set(rows.map((r) => messageIdOf(r.id)));
    const sent = rows.filter((r) => r.status === 'sent');
    return {
      messages: rows.length,
      sent: sent.length,
      received: smtp.received().length,
      /** Message-IDs received more than once. */
      duplicates: [...received].filter(([, n]) => n > 1).map(([id, n]) => ({ id, n })),
      /** Messages marked sent that never arrived. */
      sentNotReceived: sent.filter((r) => !received.has(messageIdOf(r.id))).length,
      /** Mails that arrived whose message is not marked sent (a sender killed before marking it). */
      receivedNotMarked: rows.filter((r) => r.status !== 'sent' && received.has(messageIdOf(r.id)))
        .length,
      /** Mails that name no outbox message at all. */
      unknown: [...received.keys()].filter((id) => !known.has(id)).length,
      byKind: Object.fromEntries(
        (
          await pool.query<{ kind: string; n: number }>(
            `SELECT kind, count(*)::int AS n FROM outbox.messages WHERE status = 'sent' GROUP BY kind`,
          )
        ).rows.map((r) => [r.kind, r.n]),
      ),
    };
  };

  // --- HTTP clients and the load ------------------------------------------------------------

  const commands: CommandRecord[] = [];
  const reads: ReadRecord[] = [];
  /** Correlation ids of acknowledged commands: answered 2xx with a consistency token. */
  const acknowledged: string[] = [];

  /** One command over HTTP with its own correlation id; the outcome is recorded under `lane`. */
  const send = async (
    base: string,
    lane: string,
    method: 'POST' | 'PUT' | 'DELETE',
    path: string,
    token: string,
    body?: object,
  ): Promise<Reply> => {
    const correlationId = randomUUID();
    const startedAt = Date.now();
    const record = (outcome: Outcome, status: number) =>
      commands.push({ lane, startedAt, endedAt: Date.now(), outcome, status });
    try {
      const response = await fetch(`${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          [CORRELATION_HEADER]: correlationId,
        },
        body: JSON.stringify(body ?? {}),
        signal: AbortSignal.timeout(15_000),
      });
      const text = await response.text();
      let parsed: unknown = null;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = null;
      }
      const { status } = response;
      if (status >= 200 && status < 300) {
        if (response.headers.get(CONSISTENCY_TOKEN_HEADER)) {
          acknowledged.push(correlationId);
          record('acknowledged', status);
        } else record('answered', status);
      } else record(status >= 500 ? 'failed' : 'refused', status);
      return { status, body: parsed, headers: response.headers };
    } catch {
      record('failed', 0);
      return null;
    }
  };

  /** One read over HTTP, recorded under `kind`. */
  const read = async (base: string, kind: string, path: string, token: string) => {
    const startedAt = Date.now();
    let status = 0;
    try {
      const response = await fetch(`${base}${path}`, {
        headers: { authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(15_000),
      });
      await response.arrayBuffer();
      status = response.status;
    } catch {
      status = 0;
    }
    reads.push({ kind, startedAt, endedAt: Date.now(), status });
    return status;
  };

  let admin: Account | undefined;
  let host: Account | undefined;
  const students: Account[] = [];
  /** The students seeded before the load (the load's readers: the read model knows them). */
  const seeded: Account[] = [];
  const organizations: string[] = [];
  const past: PastOpportunity[] = [];
  const future: string[] = [];
  /** Signups the test saw acknowledged and not yet withdrawn: `${opportunityId} ${userId}`. */
  const registrations = new Map<string, { opportunityId: string; who: Account }>();
  let emails = 0;
  const accounts = () => {
    if (!admin || !host) throw new Error('seed first');
    return { admin, host };
  };

  const register = async (base: string, label: string, email?: string): Promise<Account> => {
    const address = email ?? `sys-${label}-${run}-${String(++emails)}@university.edu`;
    const token = await emulatorIdToken(address);
    const reply = await send(base, 'seed', 'POST', '/api/users', token, {
      first_name: 'Sam',
      last_name: label,
      phone: '5551234567',
      has_car: false,
    });
    const userId = bodyId(reply);
    if (reply?.status !== 201 || !userId)
      throw new Error(`registering a ${label}: ${String(reply?.status)}`);
    return { token, userId, email: address };
  };

  const createApproved = async (base: string, lane: string, body: object) => {
    const { admin: a, host: h } = accounts();
    const created = await send(base, lane, 'POST', '/api/opps', h.token, body);
    const id = bodyId(created);
    if (created?.status !== 201 || !id) return null;
    const approved = await send(base, lane, 'PUT', `/api/opps/${id}`, a.token, { approved: true });
    return approved && approved.status < 300 ? id : null;
  };

  /**
   * Seeds through the command service at `base`, whose clock runs two days back: the people, two
   * approved organizations, `pastCount` approved opportunities starting 36 hours ago in real time
   * (12 hours ahead by that clock) with five students signed up to each, and a few a week ahead.
   */
  const seed = async (base: string, options: { students: number; pastCount: number }) => {
    admin = await register(base, 'admin', ADMIN);
    host = await register(base, 'host');
    const labels = Array.from({ length: options.students }, () => 'student');
    await inParallel(labels, 4, async (label) => {
      students.push(await register(base, label));
    });
    seeded.push(...students);
    for (const name of ['Runners', 'Readers']) {
      const created = await send(base, 'seed', 'POST', '/api/orgs', host.token, {
        name: `${name} ${run}`,
        type: 'Sports Team',
      });
      const id = bodyId(created);
      if (created?.status !== 201 || !id) throw new Error('creating an organization failed');
      const approved = await send(base, 'seed', 'PUT', `/api/orgs/${id}`, admin.token, {
        approved: true,
      });
      if (approved?.status !== 200) throw new Error('approving an organization failed');
      organizations.push(id);
    }
    const startsAt = new Date(Date.now() - 36 * HOUR);
    await inParallel(
      Array.from({ length: options.pastCount }, (_, i) => i),
      4,
      async (i) => {
        const body = opportunityBody(
          new Date(startsAt.getTime() + i * 60_000),
          pick(organizations),
          10,
        );
        const id = await createApproved(base, 'seed', body);
        if (!id) throw new Error('seeding a past opportunity failed');
        const signed: Account[] = [];
        for (const who of [...students].sort(() => Math.random() - 0.5).slice(0, 5)) {
          const reply = await send(base, 'seed', 'POST', '/api/register-opp', who.token, {
            user_id: who.userId,
            opportunity_id: id,
          });
          if (reply && reply.status < 300) signed.push(who);
        }
        past.push({ id, signed });
      },
    );
    for (let i = 0; i < 4; i++) {
      const id = await createApproved(
        base,
        'seed',
        opportunityBody(new Date(Date.now() + 7 * 24 * HOUR), pick(organizations), 3),
      );
      if (id) future.push(id);
    }
  };

  /**
   * The steady mix through the gateway at `base`, until stopped: new opportunities a week ahead
   * (three slots, so they fill and waitlists form), signups (the waitlist when full),
   * unregistrations (which promote from the waitlist: mail), attendance on the seeded opportunities
   * that have started (points, boards), friend requests (mail), accepts and removals, profile
   * edits with the odd new registration, organization joins and leaves, and reads.
   */
  const startLoad = (base: string, options: { attendanceEveryMs: number }) => {
    let running = true;
    const { admin: a, host: h } = accounts();
    const pending = [...past];
    const lane = async (name: string, pauseMs: number, step: () => Promise<unknown>) => {
      while (running) {
        let more: unknown = true;
        try {
          more = await step();
        } catch {
          commands.push({
            lane: name,
            startedAt: Date.now(),
            endedAt: Date.now(),
            outcome: 'failed',
            status: 0,
          });
        }
        if (more === false) return;
        await sleep(pauseMs);
      }
    };
    const lanes = [
      lane('opportunities', 1_500, async () => {
        const id = await createApproved(
          base,
          'opportunities',
          opportunityBody(new Date(Date.now() + 7 * 24 * HOUR), pick(organizations), 3),
        );
        if (id) future.push(id);
      }),
      lane('signups', 40, async () => {
        const who = pick(students);
        // Mostly the newest opportunities, so they fill up and waitlists form.
        const opportunityId = pick(future.slice(-4));
        const reply = await send(base, 'signups', 'POST', '/api/register-opp', who.token, {
          user_id: who.userId,
          opportunity_id: opportunityId,
        });
        if (reply && reply.status < 300)
          registrations.set(`${opportunityId} ${who.userId}`, { opportunityId, who });
        else if (reply?.status === 409)
          await send(base, 'signups', 'POST', `/api/opps/${opportunityId}/waitlist`, who.token);
      }),
      lane('unregistrations', 120, async () => {
        const entries = [...registrations];
        if (entries.length === 0) return;
        const [key, { opportunityId, who }] = pick(entries);
        const reply = await send(
          base,
          'unregistrations',
          'POST',
          '/api/unregister-opp',
          who.token,
          {
            user_id: who.userId,
            opportunity_id: opportunityId,
          },
        );
        if (reply && reply.status < 500) registrations.delete(key);
      }),
      lane('attendance', options.attendanceEveryMs, async () => {
        const next = pending.shift();
        if (!next) return false;
        await send(base, 'attendance', 'PUT', '/api/attendance', h.token, {
          opportunity_id: next.id,
          user_ids: next.signed.filter(() => Math.random() < 0.8).map((s) => s.userId),
          duration: 30 + Math.floor(Math.random() * 90),
        });
        return true;
      }),
      lane('friends', 40, async () => {
        const who = pick(students);
        const other = pick(students);
        if (other === who) return;
        const roll = Math.random();
        if (roll < 0.15) {
          await send(
            base,
            'friends',
            'DELETE',
            `/api/users/${who.userId}/friends/${other.userId}`,
            who.token,
          );
          return;
        }
        const reply = await send(
          base,
          'friends',
          'POST',
          `/api/users/${who.userId}/friends`,
          who.token,
          {
            receiver_id: other.userId,
          },
        );
        const id = bodyId(reply);
        if (reply && reply.status < 300 && id && Math.random() < 0.6)
          await send(base, 'friends', 'PUT', `/api/friendships/${id}/accept`, other.token);
      }),
      lane('profiles', 60, async () => {
        if (Math.random() < 0.05) {
          const email = `sys-late-${run}-${String(++emails)}@university.edu`;
          const token = await emulatorIdToken(email);
          const reply = await send(base, 'profiles', 'POST', '/api/users', token, {
            first_name: 'Late',
            last_name: 'Comer',
            phone: '5551234567',
            has_car: false,
          });
          const userId = bodyId(reply);
          if (reply?.status === 201 && userId) students.push({ token, userId, email });
          return;
        }
        const who = pick(students);
        await send(base, 'profiles', 'PUT', `/api/users/${who.userId}`, who.token, {
          bio: `Bio ${randomUUID().slice(0, 8)}`,
        });
      }),
      lane('organizations', 60, async () => {
        const who = pick(students);
        const path = Math.random() < 0.6 ? '/api/register-org' : '/api/unregister-org';
        await send(base, 'organizations', 'POST', path, who.token, {
          user_id: who.userId,
          organization_id: pick(organizations),
        });
      }),
      lane('reads', 50, async () => {
        const who = pick(seeded);
        const roll = Math.random();
        if (roll < 0.5) await read(base, 'opps', '/api/opps?limit=20&view=cards', who.token);
        else if (roll < 0.8)
          await read(base, 'user', `/api/users/${pick(seeded).userId}`, who.token);
        else await read(base, 'leaderboard', '/api/leaderboard?period=all', a.token);
      }),
    ];
    return {
      stop: async () => {
        running = false;
        await Promise.all(lanes);
      },
    };
  };

  return {
    postgres,
    redisServer,
    smtp,
    pool,
    store,
    redis,
    instances,
    startCommandService,
    startQueryService,
    startWorker,
    startGateway,
    waitHealthy,
    ...checks,
    miscountedOpportunities,
    deadLetters,
    count,
    waitOutboxSettled,
    mailDeliveries,
    seed,
    startLoad,
    send,
    read,
    commands,
    reads,
    acknowledged,
    accounts: () => ({ ...accounts(), students, organizations, past, future }),
    logDir: dir,
    stop: async () => {
      await Promise.all(
        instances.map((i) => (i.process.running() ? i.process.stop(5_000) : Promise.resolve())),
      );
      redis.disconnect();
      await store.close();
      await pool.end();
      await smtp.close();
      await redisServer.stop();
      await postgres.destroy();
      await rm(dir, { recursive: true, force: true });
    },
  };
};
export type SystemStack = Awaited<ReturnType<typeof startSystemStack>>;
