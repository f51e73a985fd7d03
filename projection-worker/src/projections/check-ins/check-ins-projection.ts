import type { Projection } from '../../projector/projection';
import { asJson } from '../shared';

/**
 * read.check_ins: one row per participant who scanned the host's check-in code
 * (ParticipantCheckedIn); the host's attendance form starts from it. The first check-in stays.
 */
export const checkInsProjection: Projection = {
  name: 'check-ins',
  tables: ['check_ins'],
  reads: [],
  async apply(client, events) {
    const rows = events.flatMap(({ event }) =>
      event.type === 'ParticipantCheckedIn'
        ? [
            {
              opportunity_id: event.data.opportunityId,
              user_id: event.data.userId,
              checked_in_at: event.data.checkedInAt,
            },
          ]
        : [],
    );
    if (!rows.length) return;
    await client.query(
      `INSERT INTO check_ins (opportunity_id, user_id, checked_in_at)
       SELECT r.opportunity_id, r.user_id, r.checked_in_at
         FROM json_to_recordset($1::json)
              AS r(opportunity_id uuid, user_id uuid, checked_in_at timestamptz)
       ON CONFLICT (opportunity_id, user_id) DO NOTHING`,
      [asJson(rows)],
    );
  },
};
