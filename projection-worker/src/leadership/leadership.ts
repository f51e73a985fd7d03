import pg from 'pg';
import type { Logger } from '@campus/infra';

/**
 * The advisory lock only the leading projection worker holds (session-level, on a connection of
 * its own). Advisory lock keys are per database; the other keys of the worker are 742_101-742_103.
 */
export const LEADER_LOCK = 742_104;

/** How long one statement on the lock's connection may take before the connection counts as lost. */
const STATEMENT_TIMEOUT_MS = 5_000;

export type LeaderRole = 'leader' | 'standby';

export type LeadershipOptions = {
  readonly databaseUrl: string;
  /** How often a standby tries to take the lock, and how often the leader checks its connection. */
  readonly pollMs: number;
  readonly logger: Logger;
  /**
   * Runs while this worker leads, until `signal` aborts (the lock's connection was lost, or
   * `stop`); the lock is released only once it has settled, so whatever it finishes after the
   * abort (a batch in flight) is still done under the lock.
   */
  readonly onLead: (signal: AbortSignal) => Promise<void>;
  /** Told each change of role (metrics, readiness). */
  readonly onRole?: (role: LeaderRole) => void;
  /** Another key (tests); LEADER_LOCK by default. */
  readonly lockKey?: number;
  readonly applicationName?: string;
};

export type Leadership = {
  readonly role: () => LeaderRole;
  /**
   * Stops contending; a leader aborts its `onLead` signal, waits for it to settle, then unlocks
   * and closes the lock's connection, so that a standby takes over at once.
   */
  readonly stop: () => Promise<void>;
};

/** Resolves after `ms`, or at once when `signal` aborts. */
const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
  });

/** How long closing the lock's session may wait for the server's goodbye. */
const CLOSE_TIMEOUT_MS = 1_000;

/**
 * Closes the session (which frees the lock if it is still held). A peer that no longer answers is
 * not waited for: the socket is destroyed, and the server ends the session once it notices.
 */
const closeLockConnection = async (client: pg.Client) => {
  let timer: NodeJS.Timeout | undefined;
  const ended = await Promise.race([
    client.end().then(
      () => true,
      () => true,
    ),
    new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), CLOSE_TIMEOUT_MS);
    }),
  ]);
  clearTimeout(timer);
  if (!ended) client.connection.stream.destroy();
};

/**
 * A dedicated connection (never a pool's: the lock lives as long as this session): TCP keepalives
 * on both ends, so a peer that vanished without closing its socket is noticed in seconds, and a
 * timeout on every statement, so a check that hangs counts as a lost connection.
 */
const openLockConnection = async (options: LeadershipOptions) => {
  const client = new pg.Client({
    connectionString: options.databaseUrl,
    application_name: options.applicationName ?? 'projection-worker-leadership',
    keepAlive: true,
    keepAliveInitialDelayMillis: 5_000,
    connectionTimeoutMillis: STATEMENT_TIMEOUT_MS,
    query_timeout: STATEMENT_TIMEOUT_MS,
    statement_timeout: STATEMENT_TIMEOUT_MS,
  });
  const broken = { error: null as Error | null };
  // Without a listener an error on an idle connection would crash the process.
  client.on('error', (error) => {
    broken.error = error;
  });
  try {
    await client.connect();
    // The server too drops a session whose client stopped answering (seconds, not hours).
    await client.query(
      'SET tcp_keepalives_idle = 5; SET tcp_keepalives_interval = 2; SET tcp_keepalives_count = 3',
    );
  } catch (error) {
    await closeLockConnection(client);
    throw error;
  }
  return { client, broken };
};

/**
 * Contends for leadership: one worker at a time holds the session-level advisory lock LEADER_LOCK
 * and runs `onLead`; the others stand by, trying every `pollMs`. Postgres frees the lock the moment
 * the leader's session ends (its process killed: the kernel closes the socket), so a standby
 * leads within `pollMs`. A leader whose lock connection reports an error, ends, or fails its
 * periodic `SELECT 1` aborts the signal at once and stands by again once `onLead` settled.
 */
export const startLeadership = (options: LeadershipOptions): Leadership => {
  const { logger, pollMs } = options;
  const key = options.lockKey ?? LEADER_LOCK;
  const stopping = new AbortController();
  // A function, not the property: it flips while this awaits.
  const stopped = () => stopping.signal.aborted;
  let role: LeaderRole = 'standby';
  let term: AbortController | null = null;

  const setRole = (next: LeaderRole) => {
    role = next;
    options.onRole?.(next);
  };

  /** Leads on `client` (which holds the lock) until the term ends; then releases the lock. */
  const lead = async (client: pg.Client) => {
    const current = new AbortController();
    term = current;
    let released = false;
    const lose = (reason: string) => {
      if (released || current.signal.aborted) return;
      logger.warn({ reason }, 'leadership lost: projection stopped; standing by');
      current.abort();
    };
    const onError = (error: Error) => lose(error.message);
    const onEnd = () => lose('lock connection closed');
    client.on('error', onError);
    client.on('end', onEnd);
    let checking = false;
    const check = setInterval(() => {
      if (checking) return;
      checking = true;
      client
        .query('SELECT 1')
        .catch((error: unknown) => {
          lose(error instanceof Error ? error.message : 'lock connection check failed');
        })
        .finally(() => {
          checking = false;
        });
    }, pollMs);
    setRole('leader');
    logger.info('leadership taken: this worker projects');
    try {
      await options.onLead(current.signal);
    } catch (error) {
      logger.error({ err: error }, 'leading failed');
    } finally {
      clearInterval(check);
      const lost = current.signal.aborted && !stopped();
      released = true;
      current.abort();
      term = null;
      setRole('standby');
      if (!lost) {
        // Released at once, so that a standby need not wait for this connection to close.
        await client.query('SELECT pg_advisory_unlock($1)', [key]).catch(() => undefined);
        logger.info('leadership released');
      }
      client.off('error', onError);
      client.off('end', onEnd);
    }
  };

  const contend = async () => {
    let failures = 0;
    while (!stopped()) {
      let connection: Awaited<ReturnType<typeof openLockConnection>> | null = null;
      try {
        connection = await openLockConnection(options);
        while (!stopped()) {
          if (connection.broken.error) throw connection.broken.error;
          const { rows } = await connection.client.query<{ locked: boolean }>(
            'SELECT pg_try_advisory_lock($1) AS locked',
            [key],
          );
          failures = 0;
          if (rows[0]?.locked) {
            if (stopped()) break;
            await lead(connection.client);
            break;
          }
          await sleep(pollMs, stopping.signal);
        }
      } catch (error) {
        // Once per outage, not once per try.
        if (!stopped() && failures++ === 0) {
          logger.warn({ err: error }, 'leadership: lock connection failed; trying again');
        }
      } finally {
        if (connection) await closeLockConnection(connection.client);
      }
      await sleep(pollMs, stopping.signal);
    }
  };
  const contending = contend();

  return {
    role: () => role,
    stop: async () => {
      stopping.abort();
      term?.abort();
      await contending;
    },
  };
};
