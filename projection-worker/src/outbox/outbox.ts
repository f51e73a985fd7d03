import type { Clock, EventStore, GlobalPosition } from '@campus/contracts';
import { createPersonalDataVault, type Logger, type Pool } from '@campus/infra';
import { createTransport } from 'nodemailer';
import { relayEvents, RelayCheckpointMovedError, type RelayOptions } from './relay';
import { scanReminders } from './reminders';
import { sendDueMessages, SMTP_TIMEOUTS_MS, type MailLinks } from './sender';

export type OutboxOptions = {
  readonly store: EventStore;
  readonly pool: Pool;
  readonly logger: Logger;
  readonly clock: Clock;
  readonly smtp: { readonly host: string; readonly port: number; readonly from: string };
  /** The unsubscribe links every mail carries (docs/mail.md). */
  readonly links: MailLinks;
  /** How often reminders are scanned for and due messages sent. */
  readonly intervalMs: number;
  /** Called after each relayed batch of events (tests). */
  readonly onRelayed?: (last: GlobalPosition, queued: number) => void;
  /**
   * false: only reminders and sending here; the relay runs apart (relayUntilAborted), on the
   * worker that leads. Sending is safe on every worker: each message is claimed by one.
   */
  readonly relay?: boolean;
};

/**
 * Runs the relay until `signal` aborts: a failure is logged and the relay starts again from its
 * stored checkpoint after a growing pause; when another relay moved the checkpoint first, at once.
 * A batch in flight when `signal` aborts is finished (committed or rolled back) first.
 */
export const relayUntilAborted = async (options: RelayOptions) => {
  const { logger, signal } = options;
  // A function, not the property: it flips while this awaits.
  const aborted = () => signal.aborted;
  let pause = 250;
  while (!aborted()) {
    try {
      await relayEvents(options);
    } catch (error) {
      if (aborted()) break;
      if (error instanceof RelayCheckpointMovedError) {
        logger.info('outbox checkpoint moved by another relay; following from it');
        continue;
      }
      logger.error({ err: error, retryInMs: pause }, 'outbox relay failed; restarting');
      await new Promise((resolve) => {
        const timer = setTimeout(resolve, pause);
        signal.addEventListener(
          'abort',
          () => {
            clearTimeout(timer);
            resolve(undefined);
          },
          { once: true },
        );
      });
      pause = Math.min(pause * 2, 5_000);
    }
  }
};

export type Outbox = {
  /** One round: queue the reminders now due, then send what is due. Answers how many were sent. */
  readonly tick: () => Promise<number>;
  readonly stop: () => Promise<void>;
};

/**
 * The mail outbox: a relay follows the log and queues the messages events ask for (friend
 * requests, waitlist promotions), unless `relay` is false (the worker runs it while it leads);
 * every `intervalMs` the 24-hour reminders are queued and due messages are sent through SMTP.
 * Nothing here runs in replays, which rebuild only the read model.
 */
export const startOutbox = (options: OutboxOptions): Outbox => {
  const { logger } = options;
  const transport = createTransport({
    host: options.smtp.host,
    port: options.smtp.port,
    secure: false,
    ignoreTLS: true,
    ...SMTP_TIMEOUTS_MS,
  });
  const controller = new AbortController();
  const relaying =
    options.relay === false
      ? Promise.resolve()
      : relayUntilAborted({
          store: options.store,
          pool: options.pool,
          logger,
          signal: controller.signal,
          ...(options.onRelayed ? { onBatch: options.onRelayed } : {}),
        });

  let round: Promise<number> = Promise.resolve(0);
  const tick = () => {
    round = round
      .catch(() => 0)
      .then(async () => {
        await scanReminders(options.pool, options.clock);
        return sendDueMessages({
          pool: options.pool,
          store: options.store,
          // A vault of its own each round: its key cache never outlives an erasure by more than a round.
          vault: createPersonalDataVault(options.pool),
          logger,
          transport,
          from: options.smtp.from,
          links: options.links,
        });
      });
    return round;
  };
  const timer = setInterval(() => {
    tick().catch((error: unknown) => logger.warn({ err: error }, 'outbox round failed'));
  }, options.intervalMs);

  return {
    tick,
    stop: async () => {
      clearInterval(timer);
      controller.abort();
      await relaying;
      await round.catch(() => 0);
      transport.close();
    },
  };
};
