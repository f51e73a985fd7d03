import type { PoolClient } from '@campus/infra';
import type { Projection } from '../../projector/projection';

/**
 * Waiting rows a batch removes (WaitlistLeft, UserSignedUp), by opportunity and user. Deletes of
 * one pair commute with every other statement of the projection except a later join of that same
 * pair, so they wait and go to the database together: one statement per batch under signups.
 */
type PendingRemovals = Map<string, { readonly opportunityId: string; readonly userId: string }>;

const pairKey = (opportunityId: string, userId: string) => `${opportunityId}:${userId}`;

/** Deletes the pending pairs in one statement and forgets them. */
const flushRemovals = async (client: PoolClient, pending: PendingRemovals) => {
  if (!pending.size) return;
  const pairs = [...pending.values()];
  pending.clear();
  await client.query(
    `DELETE FROM waitlist w
      USING unnest($1::uuid[], $2::uuid[]) AS r(opportunity_id, user_id)
      WHERE w.opportunity_id = r.opportunity_id AND w.user_id = r.user_id`,
    [pairs.map((p) => p.opportunityId), pairs.map((p) => p.userId)],
  );
};

/**
 * read.waitlist (who waits, in order), read.waitlist_promotions (the promoted user's notices) and
 * read.calendar_feeds (each student's calendar link generation). Events apply in log order, except
 * that removals wait (see PendingRemovals), which leaves the same rows; each statement is an
 * idempotent upsert or delete, so a batch applied twice changes nothing.
 */
export const waitlistProjection: Projection = {
  name: 'waitlist',
  tables: ['waitlist', 'waitlist_promotions', 'calendar_feeds'],
  reads: [],
  async apply(client, events) {
    const pending: PendingRemovals = new Map();
    for (const { recorded, event } of events) {
      switch (event.type) {
        case 'WaitlistJoined':
          // A removal of this pair earlier in the batch must land before the join does.
          if (pending.has(pairKey(event.data.opportunityId, event.data.userId)))
            await flushRemovals(client, pending);
          await client.query(
            `INSERT INTO waitlist (opportunity_id, user_id, stream_revision, joined_at)
             VALUES ($1, $2, $3, $4) ON CONFLICT (opportunity_id, user_id) DO NOTHING`,
            [
              event.data.opportunityId,
              event.data.userId,
              recorded.revision.toString(),
              event.data.at,
            ],
          );
          break;
        case 'WaitlistLeft':
        case 'UserSignedUp': {
          const { opportunityId, userId } = event.data;
          pending.set(pairKey(opportunityId, userId), { opportunityId, userId });
          break;
        }
        case 'OpportunityDeleted':
          await client.query('DELETE FROM waitlist WHERE opportunity_id = $1', [
            event.data.opportunityId,
          ]);
          break;
        case 'WaitlistPromoted':
          await client.query(
            `INSERT INTO waitlist_promotions
               (event_id, opportunity_id, user_id, opportunity_name, starts_at, promoted_at)
             VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (event_id) DO NOTHING`,
            [
              recorded.eventId,
              event.data.opportunityId,
              event.data.userId,
              event.data.opportunityName,
              event.data.startsAt,
              event.data.at,
            ],
          );
          break;
        case 'CalendarFeedReset':
          await client.query(
            `INSERT INTO calendar_feeds (user_id, generation) VALUES ($1, $2)
             ON CONFLICT (user_id) DO UPDATE SET generation = GREATEST(calendar_feeds.generation, EXCLUDED.generation)`,
            [event.data.userId, recorded.revision.toString()],
          );
          break;
        default:
          break;
      }
    }
    await flushRemovals(client, pending);
  },
};
