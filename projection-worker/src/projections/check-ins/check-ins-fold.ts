import { insertRows, type BulkFoldFactory } from '../bulk';

type CheckInRow = { opportunity_id: string; user_id: string; checked_in_at: string };

/** The check-ins projection folded over the whole log: the first check-in of each pair stays. */
export const checkInsFold: BulkFoldFactory = () => {
  const rows = new Map<string, CheckInRow>();
  return {
    fold({ event }) {
      if (event.type !== 'ParticipantCheckedIn') return;
      const { opportunityId, userId, checkedInAt } = event.data;
      const key = `${opportunityId}|${userId}`;
      if (!rows.has(key)) {
        rows.set(key, {
          opportunity_id: opportunityId,
          user_id: userId,
          checked_in_at: checkedInAt,
        });
      }
    },
    async write(client) {
      await insertRows(
        client,
        'check_ins',
        [
          ['opportunity_id', 'uuid', (r) => r.opportunity_id],
          ['user_id', 'uuid', (r) => r.user_id],
          ['checked_in_at', 'timestamptz', (r) => r.checked_in_at],
        ],
        [...rows.values()],
      );
    },
  };
};
