import { parseArgs } from 'node:util';
import { SingleBar } from 'cli-progress';
import { formatPosition } from '@campus/contracts';
import {
  createEventStore,
  createLogger,
  createPersonalDataVault,
  createPool,
  createRedisClient,
  describeError,
  ensureDatabase,
  migrate,
} from '@campus/infra';
import { readProjectionStatus, REPLAY_ALL } from '@campus/read-model';
import { rebuildBoards } from '../boards/rebuild-boards';
import { loadWorkerEnv } from '../config/env';
import { replayProjections, type ReplayProgress } from '../jobs/replay/replay';
import { backupEventStore, DEFAULT_BACKUP_BATCH_SIZE } from '../operations/backup';
import {
  BackupRestoreError,
  type BackupCounts,
  type EventsProgress,
} from '../operations/backup-file';
import { DEFAULT_RESTORE_BATCH_SIZE, restoreEventStore } from '../operations/restore';
import { listDeadLetters } from '../projector/dead-letters';
import { allProjections } from '../projections';

const USAGE = `Operator commands of the projection worker (environment as the worker's):

  replay <projection|all> [--batch-size N]   rebuild into a shadow schema and swap it in
  dead-letters [--projection NAME] [--limit N] list events the projections skipped
  rebuild-boards                             rewrite every Redis leaderboard from Postgres
  status                                     each projection's checkpoint, lag and dead letters
  backup --out FILE [--batch-size N]         write the event store, personal-data keys, erasures
                                             and outbox messages to FILE (gzip), as of one snapshot
  restore --from FILE [--batch-size N]       load FILE into this database (migrated first; its
                                             event store must be empty), then run: replay all

Projections: ${allProjections.map((p) => p.name).join(', ')}`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    projection: { type: 'string' },
    limit: { type: 'string' },
    'batch-size': { type: 'string' },
    out: { type: 'string' },
    from: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});
const [command, argument] = positionals;

const positiveInt = (text: string | undefined, fallback: number) => {
  const value = Number(text ?? fallback);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`Not a positive whole number: ${String(text)}`);
  return value;
};

/** A progress bar on stderr: events replayed of the log's total, events per second and ETA. */
const progressBar = () => {
  const bar = new SingleBar({
    format:
      'replay {phase} [{bar}] {percentage}% | {value}/{total} events | {rate} events/s | ETA {eta_formatted}',
    hideCursor: true,
    etaBuffer: 50,
  });
  let started = false;
  return {
    update: (p: ReplayProgress) => {
      const payload = { phase: p.phase.padEnd(11), rate: p.eventsPerSecond };
      const total = Math.max(p.total ?? 0, p.events, 1);
      if (!started) {
        if (p.phase === 'preparing') return;
        bar.start(total, p.events, payload);
        started = true;
      }
      if (total !== bar.getTotal()) bar.setTotal(total);
      bar.update(p.events, payload);
    },
    stop: () => {
      if (started) bar.stop();
    },
  };
};

/**
 * Runs a backup or a restore with a progress bar on stderr (events done of the total), stopped
 * before `run`'s answer is returned.
 */
const withEventsBar = async <T>(
  label: string,
  run: (onProgress: (progress: EventsProgress) => void) => Promise<T>,
): Promise<T> => {
  const bar = new SingleBar({
    format: `${label} [{bar}] {percentage}% | {value}/{total} events | ETA {eta_formatted}`,
    hideCursor: true,
    etaBuffer: 50,
  });
  // Set by the callback: an object, so the check after `run` is not narrowed to its first value.
  const shown = { started: false };
  try {
    return await run(({ events, total }) => {
      if (!shown.started) {
        bar.start(Math.max(total, 1), events);
        shown.started = true;
      }
      bar.update(events);
    });
  } finally {
    if (shown.started) bar.stop();
  }
};

const describeCounts = (c: BackupCounts) =>
  `${String(c.events)} events (${String(c.streams)} streams), ${String(c.subjectKeys)} ` +
  `personal-data keys, ${String(c.erasures)} erasures, ${String(c.outboxMessages)} outbox messages`;

const postgresOnly = (eventStoreUrl: string | undefined, command: string) => {
  if (eventStoreUrl) {
    throw new BackupRestoreError(
      `${command} covers the Postgres event store; with EVENTSTORE_URL set, use EventStoreDB's own backups`,
    );
  }
};

const main = async () => {
  if (values.help || !command) {
    console.log(USAGE);
    return;
  }
  const env = loadWorkerEnv();
  const logger = createLogger('operator', process.env['LOG_LEVEL'] ?? 'warn');
  const pool = createPool(env.DATABASE_URL, { applicationName: 'operator', max: 4 });
  try {
    switch (command) {
      case 'replay': {
        if (!argument) throw new Error(`replay needs a projection or ${REPLAY_ALL}\n\n${USAGE}`);
        const store = await createEventStore({ pool, eventStoreUrl: env.EVENTSTORE_URL });
        const redis = createRedisClient(env.REDIS_URL, {
          commandTimeout: env.REDIS_COMMAND_TIMEOUT_MS,
        });
        const bar = progressBar();
        try {
          const result = await replayProjections({
            store,
            pool,
            vault: createPersonalDataVault(pool),
            logger,
            redis,
            keyPrefix: env.REDIS_PREFIX,
            launchDate: env.LAUNCH_DATE,
            requested: argument,
            batchSize: positiveInt(values['batch-size'], 1_000),
            ...(env.EVENTSTORE_URL ? { countEvents: () => Promise.resolve(null) } : {}),
            onProgress: bar.update,
          });
          bar.stop();
          console.log(
            `Replayed ${result.projections.join(', ')}: ${String(result.events)} events, ` +
              `${String(result.boards)} boards, swapped in at ${result.position} ` +
              `in ${(result.durationMs / 1000).toFixed(1)} s.`,
          );
        } finally {
          bar.stop();
          redis.disconnect();
          await store.close();
        }
        return;
      }
      case 'dead-letters': {
        const dead = await listDeadLetters(pool, {
          ...(values.projection ? { projection: values.projection } : {}),
          limit: positiveInt(values.limit, 100),
        });
        if (!dead.length) console.log('No dead letters.');
        for (const d of dead) {
          console.log(
            `${d.failedAt}  ${d.projection}  ${d.type}  ${d.streamId}  at ${d.position}  ` +
              `event ${d.eventId}  (${String(d.attempts)} attempts)\n    ${d.error}`,
          );
        }
        return;
      }
      case 'rebuild-boards': {
        const redis = createRedisClient(env.REDIS_URL, {
          commandTimeout: env.REDIS_COMMAND_TIMEOUT_MS,
        });
        try {
          const { boards, entries } = await rebuildBoards(pool, redis, env.REDIS_PREFIX);
          console.log(
            `Rebuilt ${String(boards)} boards (${String(entries)} entries) from Postgres.`,
          );
        } finally {
          redis.disconnect();
        }
        return;
      }
      case 'status': {
        const status = await readProjectionStatus(
          pool,
          allProjections.map((p) => p.name),
        );
        console.table(status.projections);
        console.log(
          `Unsettled events (an open transaction holds them back): ${String(status.unsettled_events)}`,
        );
        return;
      }
      case 'backup': {
        const out = values.out;
        if (!out) throw new Error(`backup needs --out FILE\n\n${USAGE}`);
        postgresOnly(env.EVENTSTORE_URL, 'backup');
        const result = await withEventsBar('backup', (onProgress) =>
          backupEventStore({
            pool,
            out,
            batchSize: positiveInt(values['batch-size'], DEFAULT_BACKUP_BATCH_SIZE),
            onProgress,
          }),
        );
        console.log(
          `Backed up ${describeCounts(result.counts)} to ${result.file} ` +
            `(${String(result.bytes)} bytes, sha256 ${result.sha256}) in ` +
            `${(result.durationMs / 1000).toFixed(1)} s; the source's head is ` +
            `${result.head ?? 'empty'}.\nThe file holds the personal-data keys: keep it as safe as the database.`,
        );
        return;
      }
      case 'restore': {
        const from = values.from;
        if (!from) throw new Error(`restore needs --from FILE\n\n${USAGE}`);
        postgresOnly(env.EVENTSTORE_URL, 'restore');
        await ensureDatabase(env.DATABASE_URL);
        await migrate(env.DATABASE_URL);
        const result = await withEventsBar('restore', (onProgress) =>
          restoreEventStore({
            pool,
            from,
            batchSize: positiveInt(values['batch-size'], DEFAULT_RESTORE_BATCH_SIZE),
            onProgress,
          }),
        );
        const where = result.head
          ? `Every restored event is in transaction ${String(result.transactionId)}, positions ` +
            `1-${String(result.head.seq)}; the outbox continues after ${formatPosition(result.head)}.`
          : 'The backup held no events.';
        console.log(
          `Restored ${describeCounts(result.counts)} from ${from} (backed up ` +
            `${result.createdAt}, source head ${result.sourceHead ?? 'empty'}) in ` +
            `${(result.durationMs / 1000).toFixed(1)} s.\n${where}\n` +
            `The read model was emptied (${String(result.readModelTables)} tables): rebuild it with ` +
            '`npm run operator -- replay all` before starting the services.',
        );
        return;
      }
      default:
        throw new Error(`Unknown command ${command}\n\n${USAGE}`);
    }
  } finally {
    await pool.end();
  }
};

main().catch((error: unknown) => {
  // The CLI's own errors (usage) as written; a database's or library's only as its scrubbed line.
  const own =
    error instanceof BackupRestoreError ||
    (error instanceof Error && error.constructor === Error && !('code' in error));
  console.error(own ? error.message : describeError(error));
  process.exitCode = 1;
});
