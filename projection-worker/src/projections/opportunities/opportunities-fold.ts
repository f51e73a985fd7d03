import type { PoolClient } from '@campus/infra';
import { asJson } from '../shared';
import { insertRows, type BulkFoldFactory } from '../bulk';
import {
  detailColumns,
  newOpportunityRow,
  OPPORTUNITY_RECORD,
  type DetailIssue,
  type OpportunityRow,
} from './opportunity-row';

/** read.signups as columns (row i across the arrays): far fewer objects for the collector. */
type SignupColumns = {
  opportunity_id: string[];
  user_id: string[];
  signed_up_at: string[];
  registered: boolean[];
  attended: (boolean | null)[];
};

type AnnouncementRow = {
  id: string;
  opportunity_id: string;
  text: string;
  posted_by: string;
  posted_at: string;
  removed: boolean;
};

/** Opportunities a statement inserts at most (their rows carry arrays, sent as JSON). */
const OPPORTUNITY_CHUNK = 2_000;

const writeOpportunities = async (
  client: PoolClient,
  rows: readonly (OpportunityRow & { registered_count: number })[],
) => {
  for (let start = 0; start < rows.length; start += OPPORTUNITY_CHUNK) {
    await client.query(
      `INSERT INTO opportunities (id, name, description, nonprofit, address, date, time,
          starts_at, duration_minutes, total_slots, causes, tags, qualifications, visibility,
          redirect_url, image_url, host_user_id, host_org_id, approved, deleted, attendance_marked,
          attendance_marked_at, created_at, registered_count)
       SELECT r.id, r.name, r.description, r.nonprofit, r.address, r.date, r.time, r.starts_at,
          r.duration_minutes, r.total_slots, r.causes, r.tags, r.qualifications, r.visibility,
          r.redirect_url, r.image_url, r.host_user_id, r.host_org_id, r.approved, r.deleted,
          r.attendance_marked, r.attendance_marked_at, r.created_at, r.registered_count
         FROM json_to_recordset($1::json) AS r(${OPPORTUNITY_RECORD}, registered_count integer)`,
      [asJson(rows.slice(start, start + OPPORTUNITY_CHUNK))],
    );
  }
};

/**
 * The opportunities projection folded over the whole log (see `opportunitiesProjection`, whose
 * rows it reproduces): registered_count is the count of registered signups at the end, which is
 * what the batch path's deltas add up to.
 */
export const opportunitiesFold: BulkFoldFactory = ({ logger }) => {
  const opportunities = new Map<string, OpportunityRow>();
  const announcements = new Map<string, AnnouncementRow>();
  // Per opportunity, the row of each user's signup in `columns`.
  const signups = new Map<string, Map<string, number>>();
  const columns: SignupColumns = {
    opportunity_id: [],
    user_id: [],
    signed_up_at: [],
    registered: [],
    attended: [],
  };

  const known = (id: string, eventId: string, what: string) => {
    const row = opportunities.get(id);
    if (!row)
      logger.warn({ eventId, opportunityId: id }, `${what} of an unknown opportunity skipped`);
    return row;
  };
  const logIssues = (eventId: string, issues: DetailIssue[]) => {
    if (issues.length) logger.warn({ eventId, issues }, 'opportunity details clamped');
  };
  const signupsOf = (opportunityId: string) => {
    let rows = signups.get(opportunityId);
    if (!rows) {
      rows = new Map();
      signups.set(opportunityId, rows);
    }
    return rows;
  };

  return {
    fold({ event, recorded }) {
      const eventId = recorded.eventId;
      switch (event.type) {
        case 'OpportunityCreated': {
          if (opportunities.has(event.data.opportunityId)) break;
          const issues: DetailIssue[] = [];
          opportunities.set(event.data.opportunityId, newOpportunityRow(event.data, issues));
          logIssues(eventId, issues);
          break;
        }
        case 'OpportunityUpdated': {
          const row = known(event.data.opportunityId, eventId, 'update');
          if (!row) break;
          const issues: DetailIssue[] = [];
          Object.assign(row, detailColumns(event.data.changes, issues));
          logIssues(eventId, issues);
          break;
        }
        case 'OpportunityApproved':
        case 'OpportunityUnapproved':
        case 'OpportunityDeleted': {
          const row = known(event.data.opportunityId, eventId, event.type);
          if (!row) break;
          if (event.type === 'OpportunityDeleted') row.deleted = true;
          else row.approved = event.type === 'OpportunityApproved';
          break;
        }
        case 'AnnouncementPosted': {
          const d = event.data;
          // A second posting of the same announcement keeps the first one's row.
          if (announcements.has(d.announcementId)) break;
          announcements.set(d.announcementId, {
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
          const row = announcements.get(event.data.announcementId);
          if (row) row.removed = true;
          break;
        }
        case 'UserSignedUp': {
          const d = event.data;
          const rows = signupsOf(d.opportunityId);
          const row = rows.get(d.userId);
          if (row === undefined) {
            rows.set(d.userId, columns.user_id.length);
            columns.opportunity_id.push(d.opportunityId);
            columns.user_id.push(d.userId);
            columns.signed_up_at.push(d.at);
            columns.registered.push(true);
            columns.attended.push(null);
          } else {
            columns.registered[row] = true;
            columns.signed_up_at[row] = d.at;
          }
          break;
        }
        case 'UserUnregistered': {
          const row = signups.get(event.data.opportunityId)?.get(event.data.userId);
          if (row === undefined) {
            logger.warn({ eventId }, 'unregistration without a signup skipped');
            break;
          }
          columns.registered[row] = false;
          break;
        }
        case 'AttendanceMarked': {
          const d = event.data;
          const row = opportunities.get(d.opportunityId);
          if (row) {
            row.attendance_marked = true;
            row.attendance_marked_at = d.at;
          }
          const rows = signups.get(d.opportunityId);
          if (!rows) break;
          for (const userId of d.absentUserIds) {
            const signup = rows.get(userId);
            if (signup !== undefined) columns.attended[signup] = false;
          }
          for (const userId of d.attendedUserIds) {
            const signup = rows.get(userId);
            if (signup !== undefined) columns.attended[signup] = true;
          }
          break;
        }
        default:
          break;
      }
    },

    async write(client) {
      const rows = [...opportunities.values()].map((row) => {
        let registered = 0;
        for (const signup of signups.get(row.id)?.values() ?? []) {
          if (columns.registered[signup]) registered++;
        }
        return { ...row, registered_count: registered };
      });
      await writeOpportunities(client, rows);
      await insertRows(
        client,
        'announcements',
        [
          ['id', 'uuid', (r) => r.id],
          ['opportunity_id', 'uuid', (r) => r.opportunity_id],
          ['text', 'text', (r) => r.text],
          ['posted_by', 'uuid', (r) => r.posted_by],
          ['posted_at', 'timestamptz', (r) => r.posted_at],
          ['removed', 'boolean', (r) => r.removed],
        ],
        [...announcements.values()],
      );
      await insertRows(
        client,
        'signups',
        [
          ['opportunity_id', 'uuid', (i) => columns.opportunity_id[i]],
          ['user_id', 'uuid', (i) => columns.user_id[i]],
          ['signed_up_at', 'timestamptz', (i) => columns.signed_up_at[i]],
          ['registered', 'boolean', (i) => columns.registered[i]],
          ['attended', 'boolean', (i) => columns.attended[i]],
        ],
        [...signups.values()].flatMap((rows) => [...rows.values()]),
      );
    },
  };
};
