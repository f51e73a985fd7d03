import type { Logger } from '@campus/infra';
import { insertRows } from '../bulk';
import { projectionOf, Rows, type ReadModel } from '../evolve';
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

type AnnouncementRow = {
  id: string;
  opportunity_id: string;
  text: string;
  posted_by: string;
  posted_at: string;
  removed: boolean;
};

/**
 * read.signups held as columns (row i across the arrays: a replay holds hundreds of thousands,
 * far fewer objects for the collector), found by opportunity, then user.
 */
export class Signups {
  readonly opportunity_id: string[] = [];
  readonly user_id: string[] = [];
  readonly signed_up_at: string[] = [];
  readonly registered: boolean[] = [];
  readonly attended: (boolean | null)[] = [];
  /** Per opportunity, the row of each user's signup. */
  readonly byOpportunity = new Map<string, Map<string, number>>();

  /** Adds a row for `userId` to `users`, the signups of its opportunity (from `usersOf`). */
  add(
    users: Map<string, number>,
    opportunityId: string,
    userId: string,
    signedUpAt: string,
    registered: boolean,
    attended: boolean | null,
  ): void {
    users.set(userId, this.user_id.length);
    this.opportunity_id.push(opportunityId);
    this.user_id.push(userId);
    this.signed_up_at.push(signedUpAt);
    this.registered.push(registered);
    this.attended.push(attended);
  }

  /** The users of an opportunity's signups, made empty if it has none yet. */
  usersOf(opportunityId: string): Map<string, number> {
    let users = this.byOpportunity.get(opportunityId);
    if (!users) {
      users = new Map();
      this.byOpportunity.set(opportunityId, users);
    }
    return users;
  }

  /**
   * How many of an opportunity's signups held are registered (a replay holds them all; the live
   * path those its batch touches).
   */
  registeredOf(opportunityId: string): number {
    let count = 0;
    for (const row of this.byOpportunity.get(opportunityId)?.values() ?? []) {
      if (this.registered[row]) count++;
    }
    return count;
  }

  /** Every row held, grouped by opportunity. */
  rows(): SignupRow[] {
    return [...this.byOpportunity.values()].flatMap((users) =>
      [...users.values()].map((i) => this.row(i)),
    );
  }

  row(i: number): SignupRow {
    return {
      opportunity_id: this.opportunity_id[i] as string,
      user_id: this.user_id[i] as string,
      signed_up_at: this.signed_up_at[i] as string,
      registered: this.registered[i] as boolean,
      attended: this.attended[i] ?? null,
    };
  }

  get size(): number {
    return this.user_id.length;
  }
}

export type OpportunitiesState = {
  readonly opportunities: Rows<OpportunityRow>;
  readonly announcements: Rows<AnnouncementRow>;
  readonly signups: Signups;
};

type SignupKey = { readonly o: string; readonly u: string };

type OpportunitiesKeys = {
  readonly opportunityIds: readonly string[];
  readonly signups: readonly SignupKey[];
  readonly announcementIds: readonly string[];
};

const known = (
  { opportunities }: OpportunitiesState,
  id: string,
  eventId: string,
  what: string,
  logger: Logger,
) => {
  const row = opportunities.get(id);
  if (!row)
    logger.warn({ eventId, opportunityId: id }, `${what} of an unknown opportunity skipped`);
  return row;
};

const logIssues = (logger: Logger, eventId: string, issues: DetailIssue[]) => {
  if (issues.length) logger.warn({ eventId, issues }, 'opportunity details clamped');
};

/** An opportunity's registered_count moves with each signup that registers or withdraws. */
const moveCount = ({ opportunities }: OpportunitiesState, opportunityId: string, by: number) => {
  const row = opportunities.get(opportunityId);
  if (!row) return;
  row.registered_count += by;
  opportunities.touch(opportunityId);
};

/** Opportunities a replay's statement inserts at most (their rows carry arrays, sent as JSON). */
const OPPORTUNITY_CHUNK = 2_000;

/** Opportunity rows from a JSON array of them, every column (the live upsert and the replay). */
const INSERT_OPPORTUNITIES = `INSERT INTO opportunities AS o (id, name, description, nonprofit, address, date, time,
            starts_at, duration_minutes, total_slots, causes, tags, qualifications, visibility,
            redirect_url, image_url, host_user_id, host_org_id, approved, deleted, attendance_marked,
            attendance_marked_at, created_at, registered_count)
         SELECT r.id, r.name, r.description, r.nonprofit, r.address, r.date, r.time, r.starts_at,
            r.duration_minutes, r.total_slots, r.causes, r.tags, r.qualifications, r.visibility,
            r.redirect_url, r.image_url, r.host_user_id, r.host_org_id, r.approved, r.deleted,
            r.attendance_marked, r.attendance_marked_at, r.created_at, r.registered_count
           FROM json_to_recordset($1::json) AS r(${OPPORTUNITY_RECORD})`;

/**
 * read.opportunities (with registered_count and the attendance), read.announcements and
 * read.signups (one row per user and opportunity, registered or withdrawn, with the attended
 * flag). A batch loads the rows it touches and writes each table back in one statement, so
 * reprocessing a batch lands on the same rows.
 */
export const opportunitiesModel: ReadModel<OpportunitiesState, OpportunitiesKeys> = {
  name: 'opportunities',
  tables: ['opportunities', 'announcements', 'signups'],
  reads: [],

  touched(events) {
    const opportunityIds = new Set<string>();
    const signups = new Map<string, SignupKey>();
    const announcementIds = new Set<string>();
    const touch = (o: string, u: string) => signups.set(`${o}|${u}`, { o, u });
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
          touch(event.data.opportunityId, event.data.userId);
          break;
        case 'AttendanceMarked':
          opportunityIds.add(event.data.opportunityId);
          for (const userId of event.data.attendedUserIds) touch(event.data.opportunityId, userId);
          for (const userId of event.data.absentUserIds) touch(event.data.opportunityId, userId);
          break;
        case 'AnnouncementPosted':
        case 'AnnouncementRemoved':
          announcementIds.add(event.data.announcementId);
          break;
        default:
          break;
      }
    }
    if (!opportunityIds.size && !announcementIds.size) return null;
    return {
      opportunityIds: [...opportunityIds],
      signups: [...signups.values()],
      announcementIds: [...announcementIds],
    };
  },

  async load(client, keys) {
    const opportunities = keys.opportunityIds.length
      ? await client.query<OpportunityRow>(
          `SELECT ${OPPORTUNITY_COLUMNS} FROM opportunities WHERE id = ANY($1::uuid[])`,
          [keys.opportunityIds],
        )
      : { rows: [] };
    const announcements = keys.announcementIds.length
      ? await client.query<AnnouncementRow>(
          `SELECT id::text, opportunity_id::text, text, posted_by::text, ${isoText('posted_at')},
                  removed
             FROM announcements WHERE id = ANY($1::uuid[])`,
          [keys.announcementIds],
        )
      : { rows: [] };
    const signups = new Signups();
    if (keys.signups.length) {
      const { rows } = await client.query<SignupRow>(
        `SELECT s.opportunity_id::text, s.user_id::text, ${isoText('s.signed_up_at')},
                s.registered, s.attended
           FROM signups s
           JOIN json_to_recordset($1::json) AS k(o uuid, u uuid)
             ON s.opportunity_id = k.o AND s.user_id = k.u`,
        [asJson(keys.signups)],
      );
      for (const r of rows) {
        const users = signups.usersOf(r.opportunity_id);
        signups.add(users, r.opportunity_id, r.user_id, r.signed_up_at, r.registered, r.attended);
      }
    }
    return {
      opportunities: new Rows(opportunities.rows.map((r) => [r.id, r] as const)),
      announcements: new Rows(announcements.rows.map((r) => [r.id, r] as const)),
      signups,
    };
  },

  initial: () => ({ opportunities: new Rows(), announcements: new Rows(), signups: new Signups() }),

  evolve(state, { event, recorded }, { logger }) {
    const { opportunities, announcements, signups } = state;
    const eventId = recorded.eventId;
    switch (event.type) {
      case 'OpportunityCreated': {
        const d = event.data;
        // Already there: a reprocessed creation must not undo later edits.
        if (opportunities.has(d.opportunityId)) break;
        const issues: DetailIssue[] = [];
        const row = newOpportunityRow(d, issues);
        // Signups the log holds before the creation count too.
        row.registered_count = signups.registeredOf(d.opportunityId);
        opportunities.set(d.opportunityId, row);
        logIssues(logger, eventId, issues);
        break;
      }
      case 'OpportunityUpdated': {
        const row = known(state, event.data.opportunityId, eventId, 'update', logger);
        if (!row) break;
        const issues: DetailIssue[] = [];
        Object.assign(row, detailColumns(event.data.changes, issues));
        logIssues(logger, eventId, issues);
        opportunities.touch(row.id);
        break;
      }
      case 'OpportunityApproved':
      case 'OpportunityUnapproved':
      case 'OpportunityDeleted': {
        const row = known(state, event.data.opportunityId, eventId, event.type, logger);
        if (!row) break;
        if (event.type === 'OpportunityDeleted') row.deleted = true;
        else row.approved = event.type === 'OpportunityApproved';
        opportunities.touch(row.id);
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
        if (!row) break;
        row.removed = true;
        announcements.touch(row.id);
        break;
      }
      case 'UserSignedUp': {
        const d = event.data;
        const users = signups.usersOf(d.opportunityId);
        const row = users.get(d.userId);
        if (row === undefined) {
          signups.add(users, d.opportunityId, d.userId, d.at, true, null);
          moveCount(state, d.opportunityId, 1);
        } else {
          if (!signups.registered[row]) moveCount(state, d.opportunityId, 1);
          signups.registered[row] = true;
          signups.signed_up_at[row] = d.at;
        }
        break;
      }
      case 'UserUnregistered': {
        const d = event.data;
        const row = signups.byOpportunity.get(d.opportunityId)?.get(d.userId);
        if (row === undefined) {
          logger.warn({ eventId }, 'unregistration without a signup skipped');
          break;
        }
        if (signups.registered[row]) moveCount(state, d.opportunityId, -1);
        signups.registered[row] = false;
        break;
      }
      case 'AttendanceMarked': {
        const d = event.data;
        const row = opportunities.get(d.opportunityId);
        if (row) {
          row.attendance_marked = true;
          row.attendance_marked_at = d.at;
          opportunities.touch(row.id);
        }
        // Points follow the event (points projection); the attendee list shows signups only.
        const users = signups.byOpportunity.get(d.opportunityId);
        if (!users) break;
        for (const userId of d.absentUserIds) {
          const signup = users.get(userId);
          if (signup !== undefined) signups.attended[signup] = false;
        }
        // Listed as both: attended.
        for (const userId of d.attendedUserIds) {
          const signup = users.get(userId);
          if (signup !== undefined) signups.attended[signup] = true;
        }
        break;
      }
      default:
        break;
    }
  },

  async write(client, { opportunities, announcements, signups }) {
    const changed = opportunities.changedRows();
    if (changed.length) {
      await client.query(
        `${INSERT_OPPORTUNITIES}
         ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, description = EXCLUDED.description,
            nonprofit = EXCLUDED.nonprofit, address = EXCLUDED.address, date = EXCLUDED.date,
            time = EXCLUDED.time, starts_at = EXCLUDED.starts_at,
            duration_minutes = EXCLUDED.duration_minutes, total_slots = EXCLUDED.total_slots,
            causes = EXCLUDED.causes, tags = EXCLUDED.tags, qualifications = EXCLUDED.qualifications,
            visibility = EXCLUDED.visibility, redirect_url = EXCLUDED.redirect_url,
            image_url = EXCLUDED.image_url, approved = EXCLUDED.approved, deleted = EXCLUDED.deleted,
            attendance_marked = EXCLUDED.attendance_marked,
            attendance_marked_at = EXCLUDED.attendance_marked_at,
            registered_count = EXCLUDED.registered_count`,
        [asJson(changed)],
      );
    }
    const posted = announcements.changedRows();
    if (posted.length) {
      await client.query(
        `INSERT INTO announcements (id, opportunity_id, text, posted_by, posted_at, removed)
         SELECT r.id, r.opportunity_id, r.text, r.posted_by, r.posted_at, r.removed
           FROM json_to_recordset($1::json) AS r(id uuid, opportunity_id uuid, text text,
                posted_by uuid, posted_at timestamptz, removed boolean)
         ON CONFLICT (id) DO UPDATE SET removed = announcements.removed OR EXCLUDED.removed`,
        [asJson(posted)],
      );
    }
    // Every signup held was loaded for an event of the batch that sets it, or made by one: all
    // go back.
    if (signups.size) {
      await client.query(
        `INSERT INTO signups (opportunity_id, user_id, signed_up_at, registered, attended)
         SELECT r.opportunity_id, r.user_id, r.signed_up_at, r.registered, r.attended
           FROM json_to_recordset($1::json) AS r(opportunity_id uuid, user_id uuid,
                signed_up_at timestamptz, registered boolean, attended boolean)
         ON CONFLICT (opportunity_id, user_id) DO UPDATE SET signed_up_at = EXCLUDED.signed_up_at,
            registered = EXCLUDED.registered, attended = EXCLUDED.attended`,
        [asJson(signups.rows())],
      );
    }
  },

  async bulkWrite(client, { opportunities, announcements, signups }) {
    const rows = [...opportunities.values()];
    for (let start = 0; start < rows.length; start += OPPORTUNITY_CHUNK) {
      await client.query(INSERT_OPPORTUNITIES, [
        asJson(rows.slice(start, start + OPPORTUNITY_CHUNK)),
      ]);
    }
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
        ['opportunity_id', 'uuid', (i) => signups.opportunity_id[i]],
        ['user_id', 'uuid', (i) => signups.user_id[i]],
        ['signed_up_at', 'timestamptz', (i) => signups.signed_up_at[i]],
        ['registered', 'boolean', (i) => signups.registered[i]],
        ['attended', 'boolean', (i) => signups.attended[i]],
      ],
      [...signups.byOpportunity.values()].flatMap((users) => [...users.values()]),
    );
  },
};

export const opportunitiesProjection = projectionOf(opportunitiesModel);
