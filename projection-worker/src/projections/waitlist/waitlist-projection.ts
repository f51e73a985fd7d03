import type { Projection } from '../../projector/projection';

/**
 * read.waitlist (who waits, in order), read.waitlist_promotions (the promoted user's notices) and
 * read.calendar_feeds (each student's calendar link generation). Events apply one by one in log
 * order; each statement is an idempotent upsert or delete, so a batch applied twice changes nothing.
 */
export const waitlistProjection: Projection = {
  name: 'waitlist',
  tables: ['waitlist', 'waitlist_promotions', 'calendar_feeds'],
  reads: [],
  async apply(client, events) {
    for (const { recorded, event } of events) {
      switch (event.type) {
        case 'WaitlistJoined':
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
        case 'UserSignedUp':
          await client.query('DELETE FROM waitlist WHERE opportunity_id = $1 AND user_id = $2', [
            event.data.opportunityId,
            event.data.userId,
          ]);
          break;
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
  },
};
