import {
  comparePositions,
  maxPosition,
  START_POSITION,
  type EventStore,
  type GlobalPosition,
} from '@campus/contracts';
import {
  createEventStore,
  createLogger,
  createPersonalDataVault,
  type Logger,
  type PersonalDataVault,
  type Pool,
} from '@campus/infra';
import {
  boardKeys,
  createTestDatabase,
  deleteRedisPrefix,
  TEST_REDIS_URL,
  testRedisPrefix,
  type TestDatabase,
} from '@campus/infra/testing';
import { createRedisClient, type RedisClient } from '@campus/infra';
import { readCheckpointStates } from '../projector/checkpoints';
import { listDeadLetters } from '../projector/dead-letters';
import { runProjections, type ProjectorOptions } from '../projector/run-projections';
import type { Projection } from '../projector/projection';
import { allProjections } from '../projections';
import type { TestEvent } from './events';

/** The unsubscribe links of the outbox tests' mail (docs/mail.md). */
export const TEST_MAIL_LINKS = {
  publicUrl: 'http://campus.test',
  secret: 'test-mail-link-secret',
} as const;

export type ProjectOptions = {
  readonly projections?: readonly Projection[];
  readonly batchSize?: number;
  readonly retry?: ProjectorOptions['retry'];
  readonly logger?: Logger;
  /** Unless set, a run that dead-letters anything fails (a projection bug must not pass quietly). */
  readonly allowDeadLetters?: boolean;
};

/**
 * A fresh database, an event store on it, a vault and a Redis key prefix of its own; `append`
 * writes events to the store and `project` runs the real projector until it has caught up.
 */
export const createProjectionHarness = async (label: string) => {
  const db: TestDatabase = await createTestDatabase({ poolMax: 8 });
  const pool: Pool = db.pool;
  const store: EventStore = await createEventStore({ pool });
  const vault: PersonalDataVault = createPersonalDataVault(pool);
  const redis: RedisClient = createRedisClient(TEST_REDIS_URL);
  const prefix = testRedisPrefix(label);
  const logger = createLogger('test');

  /**
   * What the projector, a replay and the job workers are given of the harness: its store, pool,
   * vault, logger, Redis and board prefix (spread into their options).
   */
  const workerDeps = { store, pool, vault, logger, redis, keyPrefix: prefix } as const;

  // Appends settle only once older transactions anywhere on the server end (other test files'
  // included), so catching up waits for the last appended position, not the store's head.
  let appended: GlobalPosition = START_POSITION;
  const append = async (...events: readonly TestEvent[]) => {
    for (const { stream, event } of events) {
      const { position } = await store.append(stream, [event]);
      appended = maxPosition(appended, position);
    }
  };

  /** Runs the projector from its checkpoints until it has applied everything appended so far. */
  const project = async (options: ProjectOptions = {}) => {
    const projections = options.projections ?? allProjections;
    const head = appended;
    const states = await readCheckpointStates(
      pool,
      projections.map((p) => p.name),
    );
    const behind = projections.some(
      (p) => comparePositions(states.get(p.name)?.committed ?? START_POSITION, head) < 0,
    );
    if (!behind) return;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), 15_000);
    const progress = { caughtUp: false };
    try {
      await runProjections({
        ...workerDeps,
        logger: options.logger ?? logger,
        projections,
        signal: controller.signal,
        ...(options.batchSize ? { batchSize: options.batchSize } : {}),
        ...(options.retry ? { retry: options.retry } : {}),
        onBatch: ({ last }) => {
          if (comparePositions(last, head) >= 0) {
            progress.caughtUp = true;
            controller.abort();
          }
        },
      });
    } finally {
      clearTimeout(timer);
    }
    if (!progress.caughtUp) throw new Error('the projector did not catch up within 15 s');
    if (!options.allowDeadLetters) {
      const dead = await listDeadLetters(pool);
      if (dead.length) throw new Error(`dead letters: ${JSON.stringify(dead, null, 2)}`);
    }
  };

  /** A board as [member, score] pairs, highest first. */
  const board = async (key: string): Promise<[string, number][]> => {
    const flat = await redis.zrevrange(key, 0, -1, 'WITHSCORES');
    const out: [string, number][] = [];
    for (let i = 0; i + 1 < flat.length; i += 2) out.push([flat[i] ?? '', Number(flat[i + 1])]);
    return out;
  };

  /** Every board under the prefix, keyed by the part after the prefix. */
  const allBoards = async (): Promise<Record<string, [string, number][]>> => {
    const out: Record<string, [string, number][]> = {};
    for (const key of await boardKeys(redis, prefix))
      out[key.slice(prefix.length)] = await board(key);
    return out;
  };

  const close = async () => {
    await deleteRedisPrefix(redis, prefix);
    redis.disconnect();
    await store.close();
    await db.drop();
  };

  return {
    db,
    pool,
    store,
    vault,
    redis,
    prefix,
    logger,
    workerDeps,
    append,
    project,
    board,
    allBoards,
    close,
  };
};
export type ProjectionHarness = Awaited<ReturnType<typeof createProjectionHarness>>;

/** Every row of the read model's tables, in a stable order (to compare two projections). */
export const snapshotReadModel = async (pool: Pool) => {
  const tables: Record<string, string> = {
    users: 'SELECT * FROM read.users ORDER BY id',
    organizations: 'SELECT * FROM read.organizations ORDER BY id',
    memberships: 'SELECT * FROM read.memberships ORDER BY organization_id, user_id',
    opportunities: 'SELECT * FROM read.opportunities ORDER BY id',
    announcements: 'SELECT * FROM read.announcements ORDER BY id',
    signups: 'SELECT * FROM read.signups ORDER BY opportunity_id, user_id',
    friendships: 'SELECT * FROM read.friendships ORDER BY friendship_id',
    point_ledger: 'SELECT * FROM read.point_ledger ORDER BY id',
    monthly_points: 'SELECT * FROM read.monthly_points ORDER BY user_id, month',
    user_badges: 'SELECT * FROM read.user_badges ORDER BY user_id',
  };
  const out: Record<string, unknown[]> = {};
  for (const [name, sql] of Object.entries(tables)) out[name] = (await pool.query(sql)).rows;
  return out;
};
