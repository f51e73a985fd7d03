import { insertRows } from '../bulk';
import { projectionOf, type ReadModel } from '../evolve';
import { asJson, touchesAny } from '../shared';

type CheckInRow = {
  readonly opportunity_id: string;
  readonly user_id: string;
  readonly checked_in_at: string;
};

/**
 * The check-ins held, by opportunity and user. A row is never edited nor removed, so the live
 * path loads nothing: every row held is new to the batch and its insert keeps a row already
 * there.
 */
export type CheckInsState = { readonly checkIns: Map<string, CheckInRow> };

/**
 * read.check_ins: one row per participant who scanned the host's check-in code
 * (ParticipantCheckedIn); the host's attendance form starts from it. The first check-in stays.
 */
export const checkInsModel: ReadModel<CheckInsState, true> = {
  name: 'check-ins',
  tables: ['check_ins'],
  reads: [],
  touched: touchesAny(['ParticipantCheckedIn']),
  load: () => Promise.resolve({ checkIns: new Map() }),
  initial: () => ({ checkIns: new Map() }),

  evolve({ checkIns }, { event }) {
    if (event.type !== 'ParticipantCheckedIn') return;
    const { opportunityId, userId, checkedInAt } = event.data;
    const key = `${opportunityId}|${userId}`;
    if (!checkIns.has(key)) {
      checkIns.set(key, {
        opportunity_id: opportunityId,
        user_id: userId,
        checked_in_at: checkedInAt,
      });
    }
  },

  async write(client, { checkIns }) {
    if (!checkIns.size) return;
    await client.query(
      `INSERT INTO check_ins (opportunity_id, user_id, checked_in_at)
       SELECT r.opportunity_id, r.user_id, r.checked_in_at
         FROM json_to_recordset($1::json)
              AS r(opportunity_id uuid, user_id uuid, checked_in_at timestamptz)
       ON CONFLICT (opportunity_id, user_id) DO NOTHING`,
      [asJson([...checkIns.values()])],
    );
  },

  async bulkWrite(client, { checkIns }) {
    await insertRows(
      client,
      'check_ins',
      [
        ['opportunity_id', 'uuid', (r) => r.opportunity_id],
        ['user_id', 'uuid', (r) => r.user_id],
        ['checked_in_at', 'timestamptz', (r) => r.checked_in_at],
      ],
      [...checkIns.values()],
    );
  },
};

export const checkInsProjection = projectionOf(checkInsModel);
