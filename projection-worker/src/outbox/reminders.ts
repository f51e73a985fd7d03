import type { Clock } from '@campus/contracts';
import type { Pool } from '@campus/infra';
import { LIVE_SCHEMA, withReadTransaction } from '@campus/read-model';
import { queueMessages, reminderId, type OutboxMessage } from './messages';

/** Reminders go out this long before an opportunity starts. */
const REMINDER_LEAD_MS = 24 * 60 * 60 * 1000;

/**
 * Queues a reminder for every student still registered for a listed opportunity that starts within
 * the next 24 hours (by the injectable clock). The id is the opportunity, user and kind, so each
 * person gets one reminder per opportunity however often this runs. Answers how many were new.
 */
export const scanReminders = async (pool: Pool, clock: Clock): Promise<number> => {
  const now = clock.now();
  const until = new Date(now.getTime() + REMINDER_LEAD_MS);
  const { rows } = await withReadTransaction(pool, LIVE_SCHEMA, (client) =>
    client.query<{
      opportunity_id: string;
      user_id: string;
      name: string;
      starts_at: Date;
      address: string | null;
    }>(
      `SELECT s.opportunity_id, s.user_id, o.name, o.starts_at, o.address
         FROM opportunities o JOIN signups s ON s.opportunity_id = o.id AND s.registered
        WHERE o.approved AND NOT o.deleted AND o.starts_at > $1 AND o.starts_at <= $2`,
      [now, until],
    ),
  );
  if (!rows.length) return 0;
  const messages: OutboxMessage[] = rows.map((r) => ({
    id: reminderId(r.opportunity_id, r.user_id),
    kind: 'reminder',
    userId: r.user_id,
    payload: {
      opportunityId: r.opportunity_id,
      name: r.name,
      startsAt: r.starts_at.toISOString(),
      address: r.address ?? '',
    },
  }));
  const client = await pool.connect();
  try {
    return await queueMessages(client, messages);
  } finally {
    client.release();
  }
};
