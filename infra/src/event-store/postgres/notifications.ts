import pg from 'pg';

export type NotificationListener = {
  /** Calls `onNotify` on every notification and after every (re)connect; returns the unsubscribe. */
  readonly add: (onNotify: () => void) => () => void;
  /** Stops listening and waits until the connection is closed. */
  readonly close: () => Promise<void>;
};

export type Notifier = {
  /** Asks for one NOTIFY soon; calls while one is on its way are folded into a single next one. */
  readonly notify: () => void;
  readonly close: () => Promise<void>;
};

const MAX_RECONNECT_DELAY_MS = 2_000;

const endQuietly = (client: pg.Client) => {
  client.removeAllListeners('notification');
  return client.end().catch(() => undefined);
};

/**
 * One LISTEN connection shared by all subscriptions of a store: opened with the first
 * subscription, closed with the last, reopened with backoff when lost.
 */
export const createNotificationListener = (
  config: pg.ClientConfig,
  channel: string,
): NotificationListener => {
  const handlers = new Set<() => void>();
  const closing = new Set<Promise<void>>();
  let client: pg.Client | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let failures = 0;
  let closed = false;

  const wakeAll = () => {
    for (const handler of handlers) handler();
  };

  const endClient = (target: pg.Client) => {
    const ending = endQuietly(target);
    closing.add(ending);
    void ending.finally(() => closing.delete(ending));
  };

  const wanted = () => !closed && handlers.size > 0;

  const connect = () => {
    if (client || retryTimer || !wanted()) return;
    const current = new pg.Client(config);
    client = current;
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      endClient(current);
      if (client !== current) return;
      client = null;
      if (!wanted()) return;
      const delay = Math.min(MAX_RECONNECT_DELAY_MS, 50 * 2 ** failures++);
      retryTimer = setTimeout(() => {
        retryTimer = null;
        connect();
      }, delay);
    };
    current.on('error', onLost);
    current.on('end', onLost);
    current.on('notification', wakeAll);
    current
      .connect()
      .then(() => current.query(`LISTEN ${channel}`))
      .then(() => {
        failures = 0;
        // Whatever was notified while we were not listening is found by reading, so read now.
        if (client === current) wakeAll();
      }, onLost);
  };

  const disconnect = () => {
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = null;
    const current = client;
    client = null;
    if (current) endClient(current);
  };

  return {
    add: (onNotify) => {
      handlers.add(onNotify);
      connect();
      return () => {
        handlers.delete(onNotify);
        if (handlers.size === 0) disconnect();
      };
    },
    close: async () => {
      closed = true;
      handlers.clear();
      disconnect();
      await Promise.all(closing);
    },
  };
};

/**
 * Sends NOTIFY after appends have committed, in transactions of its own: those write no WAL, so the
 * cluster-wide lock NOTIFY takes at commit is held for microseconds, not across an append's flush.
 * At most one per `minIntervalMs`, folding the appends in between. A lost notification only delays
 * subscribers until their next poll.
 */
export const createNotifier = (
  config: pg.ClientConfig,
  channel: string,
  minIntervalMs: number,
): Notifier => {
  let client: pg.Client | null = null;
  let pending = false;
  let sending: Promise<void> | null = null;
  let lastSentAt = 0;
  let closed = false;

  const connected = async () => {
    if (client) return client;
    const fresh = new pg.Client(config);
    fresh.on('error', () => {
      if (client === fresh) client = null;
      void endQuietly(fresh);
    });
    await fresh.connect();
    client = fresh;
    return fresh;
  };

  const send = async () => {
    while (pending && !closed) {
      const wait = lastSentAt + minIntervalMs - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      pending = false;
      lastSentAt = Date.now();
      try {
        await (await connected()).query(`NOTIFY ${channel}`);
      } catch {
        const broken = client;
        client = null;
        if (broken) await endQuietly(broken);
      }
    }
    sending = null;
  };

  return {
    notify: () => {
      pending = true;
      sending ??= send();
    },
    close: async () => {
      closed = true;
      await sending;
      if (client) await endQuietly(client);
      client = null;
    },
  };
};
