import { insertRows, type BulkFoldFactory } from '../bulk';

type WaitlistRow = {
  opportunity_id: string;
  user_id: string;
  stream_revision: bigint;
  joined_at: string;
};

type PromotionRow = {
  event_id: string;
  opportunity_id: string;
  user_id: string;
  opportunity_name: string;
  starts_at: string;
  promoted_at: string;
};

/** The waitlist projection folded over the whole log, event by event as its `apply` goes. */
export const waitlistFold: BulkFoldFactory = () => {
  // Per opportunity, who waits, by user.
  const waiting = new Map<string, Map<string, WaitlistRow>>();
  const promotions = new Map<string, PromotionRow>();
  const generations = new Map<string, bigint>();
  return {
    fold({ event, recorded }) {
      switch (event.type) {
        case 'WaitlistJoined': {
          const { opportunityId, userId, at } = event.data;
          let rows = waiting.get(opportunityId);
          if (!rows) {
            rows = new Map();
            waiting.set(opportunityId, rows);
          }
          if (!rows.has(userId)) {
            rows.set(userId, {
              opportunity_id: opportunityId,
              user_id: userId,
              stream_revision: recorded.revision,
              joined_at: at,
            });
          }
          break;
        }
        case 'WaitlistLeft':
        case 'UserSignedUp':
          waiting.get(event.data.opportunityId)?.delete(event.data.userId);
          break;
        case 'OpportunityDeleted':
          waiting.delete(event.data.opportunityId);
          break;
        case 'WaitlistPromoted': {
          const d = event.data;
          if (promotions.has(recorded.eventId)) break;
          promotions.set(recorded.eventId, {
            event_id: recorded.eventId,
            opportunity_id: d.opportunityId,
            user_id: d.userId,
            opportunity_name: d.opportunityName,
            starts_at: d.startsAt,
            promoted_at: d.at,
          });
          break;
        }
        case 'CalendarFeedReset': {
          const previous = generations.get(event.data.userId);
          if (previous === undefined || recorded.revision > previous) {
            generations.set(event.data.userId, recorded.revision);
          }
          break;
        }
        default:
          break;
      }
    },
    async write(client) {
      await insertRows(
        client,
        'waitlist',
        [
          ['opportunity_id', 'uuid', (r) => r.opportunity_id],
          ['user_id', 'uuid', (r) => r.user_id],
          ['stream_revision', 'bigint', (r) => r.stream_revision.toString()],
          ['joined_at', 'timestamptz', (r) => r.joined_at],
        ],
        [...waiting.values()].flatMap((rows) => [...rows.values()]),
      );
      await insertRows(
        client,
        'waitlist_promotions',
        [
          ['event_id', 'uuid', (r) => r.event_id],
          ['opportunity_id', 'uuid', (r) => r.opportunity_id],
          ['user_id', 'uuid', (r) => r.user_id],
          ['opportunity_name', 'text', (r) => r.opportunity_name],
          ['starts_at', 'timestamptz', (r) => r.starts_at],
          ['promoted_at', 'timestamptz', (r) => r.promoted_at],
        ],
        [...promotions.values()],
      );
      await insertRows(
        client,
        'calendar_feeds',
        [
          ['user_id', 'uuid', (r) => r[0]],
          ['generation', 'bigint', (r) => r[1].toString()],
        ],
        [...generations],
      );
    },
  };
};
