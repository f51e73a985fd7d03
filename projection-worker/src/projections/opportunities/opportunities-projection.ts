import type { PoolClient } from '@campus/infra';
import type { Projection } from '../../projector/projection';
import { asJson, isoText } from '../shared';
import {
  detailColumns,
  newOpportunityRow,
  OPPORTUNITY_COLUMNS,
  OPPORTUNITY_RECORD,
  type DetailIssue,
  type OpportunityRow,
} from './opportunity-row';

type SignupRow = {
  opportunity_id: string;
  user_id: string;
  signed_up_at: string;
  registered: boolean;
  attended: boolean | null;
};
type SignupKey = `${string}|${string}`;
const signupKey = (opportunityId: string, userId: string): SignupKey =>
  `${opportunityId}|${userId}`;

type AnnouncementRow = {
  id: string;
  opportunity_id: string;
  text: string;
  posted_by: string;
  posted_at: string;
  removed: boolean;
};

const loadOpportunities = async (client: PoolClient, ids: readonly string[]) => {
  const { rows } = await client.query<OpportunityRow>(
    `SELECT ${OPPORTUNITY_COLUMNS} FROM opportunities WHERE id = ANY($1::uuid[])`,
    [ids],
  );
  return new Map(rows.map((r) => [r.id, r]));
};

const loadSignups = async (client: PoolClient, keys: readonly SignupKey[]) => {
  const { rows } = await client.query<SignupRow>(
    `SELECT s.opportunity_id::text, s.user_id::text, ${isoText('s.signed_up_at')}, s.registered,
            s.attended
       FROM signups s
       JOIN json_to_recordset($1::json) AS k(o uuid, u uuid)
         ON s.opportunity_id = k.o AND s.user_id = k.u`,
    [
      asJson(
        keys.map((key) => {
          const [o, u] = key.split('|');
          return { o, u };
        }),
      ),
    ],
  );
  return new Map(rows.map((r) => [signupKey(r.opportunity_id, r.user_id), r]));
};

/**
 * read.opportunities, read.announcements and read.signups (with registered_count and the
 * attended flags). A batch loads the rows it touches, folds its events over them in memory and
 * writes each table back in one statement, so reprocessing a batch lands on the same rows.
 */
export const opportunitiesProjection: Projection = {
  name: 'opportunities',
  tables: ['opportunities', 'announcements', 'signups'],
  reads: [],
  async apply(client, events, { logger }) {
    const opportunityIds = new Set<string>();
    const signupKeys = new Set<SignupKey>();
    for (const { event } of events) {
      switch (event.type) {
        case 'OpportunityCreated':
        case 'OpportunityUpdated':
        case 'OpportunityApproved':
        case 'OpportunityUnapproved':
        case 'OpportunityDeleted':
          opportunityIds.add(event.data.opportunityId);
          break;
        case 'UserSignedUp':
        case 'UserUnregistered':
          opportunityIds.add(event.data.opportunityId);
          signupKeys.add(signupKey(event.data.opportunityId, event.data.userId));
          break;
        case 'AttendanceMarked':
          opportunityIds.add(event.data.opportunityId);
          for (const userId of [...event.data.attendedUserIds, ...event.data.absentUserIds]) {
            signupKeys.add(signupKey(event.data.opportunityId, userId));
          }
          break;
        default:
          break;
      }
    }
    const hasAnnouncements = events.some(
      (e) => e.event.type === 'AnnouncementPosted' || e.event.type === 'AnnouncementRemoved',
    );
    if (!opportunityIds.size && !hasAnnouncements) return;

    const opportunities = opportunityIds.size
      ? await loadOpportunities(client, [...opportunityIds])
      : new Map<string, OpportunityRow>();
    const signups = signupKeys.size
      ? await loadSignups(client, [...signupKeys])
      : new Map<SignupKey, SignupRow>();
    const wasRegistered = new Map([...signups].map(([key, row]) => [key, row.registered]));
    const changedOpportunities = new Set<string>();
    const changedSignups = new Set<SignupKey>();
    const posted = new Map<string, AnnouncementRow>();
    const removedAnnouncements = new Set<string>();

    const known = (id: string, eventId: string, what: string) => {
      const row = opportunities.get(id);
      if (!row)
        logger.warn({ eventId, opportunityId: id }, `${what} of an unknown opportunity skipped`);
      return row;
    };
    const logIssues = (eventId: string, issues: DetailIssue[]) => {
      if (issues.length) logger.warn({ eventId, issues }, 'opportunity details clamped');
    };

    for (const { event, recorded } of events) {
      const eventId = recorded.eventId;
      switch (event.type) {
        case 'OpportunityCreated': {
          const d = event.data;
          // Already there: a reprocessed creation must not undo later edits.
          if (opportunities.has(d.opportunityId)) break;
          const issues: DetailIssue[] = [];
          opportunities.set(d.opportunityId, newOpportunityRow(d, issues));
          logIssues(eventId, issues);
          changedOpportunities.add(d.opportunityId);
          break;
        }
        case 'OpportunityUpdated': {
          const row = known(event.data.opportunityId, eventId, 'update');
          if (!row) break;
          const issues: DetailIssue[] = [];
          Object.assign(row, detailColumns(event.data.changes, issues));
          logIssues(eventId, issues);
          changedOpportunities.add(row.id);
          break;
        }
        case 'OpportunityApproved':
        case 'OpportunityUnapproved':
        case 'OpportunityDeleted': {
          const row = known(event.data.opportunityId, eventId, event.type);
          if (!row) break;
          if (event.type === 'OpportunityDeleted') row.deleted = true;
          else row.approved = event.type === 'OpportunityApproved';
          changedOpportunities.add(row.id);
          break;
        }
        case 'AnnouncementPosted': {
          const d = event.data;
          posted.set(d.announcementId, {
            id: d.announcementId,
            opportunity_id: d.opportunityId,
            text: d.text,
            posted_by: d.postedBy,
            posted_at: d.postedAt,
            removed: false,
          });
          break;
        }
        case 'AnnouncementRemoved': {
          const row = posted.get(event.data.announcementId);
          if (row) row.removed = true;
          else removedAnnouncements.add(event.data.announcementId);
          break;
        }
        case 'UserSignedUp': {
          const d = event.data;
          const key = signupKey(d.opportunityId, d.userId);
          const row = signups.get(key);
          if (row) {
            row.registered = true;
            row.signed_up_at = d.at;
          } else {
            signups.set(key, {
              opportunity_id: d.opportunityId,
              user_id: d.userId,
              signed_up_at: d.at,
              registered: true,
              attended: null,
            });
          }
          changedSignups.add(key);
          break;
        }
        case 'UserUnregistered': {
          const key = signupKey(event.data.opportunityId, event.data.userId);
          const row = signups.get(key);
          if (!row) {
            logger.warn({ eventId }, 'unregistration without a signup skipped');
            break;
          }
          row.registered = false;
          changedSignups.add(key);
          break;
        }
        case 'AttendanceMarked': {
          const d = event.data;
          const row = opportunities.get(d.opportunityId);
          if (row) {
            row.attendance_marked = true;
            row.attendance_marked_at = d.at;
            changedOpportunities.add(row.id);
          }
          const attended = new Set(d.attendedUserIds);
          for (const userId of new Set([...d.attendedUserIds, ...d.absentUserIds])) {
            const key = signupKey(d.opportunityId, userId);
            const signup = signups.get(key);
            // Points follow the event (points projection); the attendee list shows signups only.
            if (!signup) continue;
            signup.attended = attended.has(userId);
            changedSignups.add(key);
          }
          break;
        }
        default:
          break;
      }
    }

    if (changedOpportunities.size) {
      const rows = [...changedOpportunities].flatMap((id) => opportunities.get(id) ?? []);
      await client.query(
        `INSERT INTO opportunities AS o (id, name, description, nonprofit, address, date, time,
            starts_at, duration_minutes, total_slots, causes, tags, qualifications, visibility,
            redirect_url, image_url, host_user_id, host_org_id, approved, deleted, attendance_marked,
            attendance_marked_at, created_at)
         SELECT r.id, r.name, r.description, r.nonprofit, r.address, r.date, r.time, r.starts_at,
            r.duration_minutes, r.total_slots, r.causes, r.tags, r.qualifications, r.visibility,
            r.redirect_url, r.image_url, r.host_user_id, r.host_org_id, r.approved, r.deleted,
            r.attendance_marked, r.attendance_marked_at, r.created_at
           FROM json_to_recordset($1::json) AS r(${OPPORTUNITY_RECORD})
         ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, description = EXCLUDED.description,
            nonprofit = EXCLUDED.nonprofit, address = EXCLUDED.address, date = EXCLUDED.date,
            time = EXCLUDED.time, starts_at = EXCLUDED.starts_at,
            duration_minutes = EXCLUDED.duration_minutes, total_slots = EXCLUDED.total_slots,
            causes = EXCLUDED.causes, tags = EXCLUDED.tags, qualifications = EXCLUDED.qualifications,
            visibility = EXCLUDED.visibility, redirect_url = EXCLUDED.redirect_url,
            image_url = EXCLUDED.image_url, approved = EXCLUDED.approved, deleted = EXCLUDED.deleted,
            attendance_marked = EXCLUDED.attendance_marked,
            attendance_marked_at = EXCLUDED.attendance_marked_at`,
        [asJson(rows)],
      );
    }
    if (posted.size) {
      await client.query(
        `INSERT INTO announcements (id, opportunity_id, text, posted_by, posted_at, removed)
         SELECT r.id, r.opportunity_id, r.text, r.posted_by, r.posted_at, r.removed
           FROM json_to_recordset($1::json) AS r(id uuid, opportunity_id uuid, text text,
                posted_by uuid, posted_at timestamptz, removed boolean)
         ON CONFLICT (id) DO UPDATE SET removed = announcements.removed OR EXCLUDED.removed`,
        [asJson([...posted.values()])],
      );
    }
    if (removedAnnouncements.size) {
      await client.query('UPDATE announcements SET removed = true WHERE id = ANY($1::uuid[])', [
        [...removedAnnouncements],
      ]);
    }
    if (changedSignups.size) {
      const rows = [...changedSignups].flatMap((key) => signups.get(key) ?? []);
      await client.query(
        `INSERT INTO signups (opportunity_id, user_id, signed_up_at, registered, attended)
         SELECT r.opportunity_id, r.user_id, r.signed_up_at, r.registered, r.attended
           FROM json_to_recordset($1::json) AS r(opportunity_id uuid, user_id uuid,
                signed_up_at timestamptz, registered boolean, attended boolean)
         ON CONFLICT (opportunity_id, user_id) DO UPDATE SET signed_up_at = EXCLUDED.signed_up_at,
            registered = EXCLUDED.registered, attended = EXCLUDED.attended`,
        [asJson(rows)],
      );
      // registered_count moves by the registrations this batch changed, against the loaded rows.
      const deltas = new Map<string, number>();
      for (const row of rows) {
        const key = signupKey(row.opportunity_id, row.user_id);
        const delta = Number(row.registered) - Number(wasRegistered.get(key) ?? false);
        if (delta) deltas.set(row.opportunity_id, (deltas.get(row.opportunity_id) ?? 0) + delta);
      }
      if (deltas.size) {
        await client.query(
          `UPDATE opportunities o SET registered_count = o.registered_count + d.delta
             FROM unnest($1::uuid[], $2::int[]) AS d(id, delta)
            WHERE o.id = d.id`,
          [[...deltas.keys()], [...deltas.values()]],
        );
      }
    }
  },
};
