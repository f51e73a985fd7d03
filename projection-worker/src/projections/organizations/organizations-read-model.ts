import type { OrganizationType } from '@campus/contracts';
import { insertRows } from '../bulk';
import { projectionOf, Rows, type ReadModel } from '../evolve';
import { asJson, eventTime, isoText } from '../shared';

export type OrganizationRow = {
  id: string;
  name: string;
  type: OrganizationType;
  description: string;
  approved: boolean;
  deleted: boolean;
  host_user_id: string;
  created_at: string;
};

/** A row of read.membership_periods (who belonged when); left_at null while it lasts. */
type MembershipPeriod = {
  organization_id: string;
  user_id: string;
  joined_at: string;
  left_at: string | null;
};

/**
 * A row of read.memberships, held as the period it opened (left_at null): a join makes one
 * object for both tables.
 */
export type MembershipRow = MembershipPeriod;

type ClosedPeriod = { organization_id: string; user_id: string; left_at: string };

export type OrganizationsState = {
  readonly organizations: Rows<OrganizationRow>;
  /** Current members by `<organization>|<user>`. */
  readonly memberships: Rows<MembershipRow>;
  /** The periods opened here, in the order opened. */
  readonly periods: MembershipPeriod[];
  /**
   * By `<organization>|<user>`, the period a current member opened here; null when the join
   * opened none (a period at the same instant was kept already). No entry: joined before.
   */
  readonly open: Map<string, MembershipPeriod | null>;
  /** Periods held here by `<organization>|<user>|<joined_at in ms>`: one per instant. */
  readonly periodKeys: Set<string>;
  /** Periods opened before this state (the live path holds none of them) that it closes. */
  readonly closed: Map<string, ClosedPeriod>;
};

type OrganizationsKeys = {
  readonly organizationIds: readonly string[];
  readonly memberships: readonly { organization_id: string; user_id: string }[];
};

const membershipKey = (organizationId: string, userId: string): string =>
  `${organizationId}|${userId}`;

const stateOf = (
  organizations: Iterable<readonly [string, OrganizationRow]> = [],
  memberships: Iterable<readonly [string, MembershipRow]> = [],
): OrganizationsState => ({
  organizations: new Rows(organizations),
  memberships: new Rows(memberships),
  periods: [],
  open: new Map(),
  periodKeys: new Set(),
  closed: new Map(),
});

/**
 * read.organizations (with member_count), read.memberships and read.membership_periods (who
 * belonged when). A batch loads the rows it touches and writes the changed ones back in one
 * statement per table; member_count is recounted for the organizations whose members changed,
 * so reprocessing cannot drift it.
 */
export const organizationsModel: ReadModel<OrganizationsState, OrganizationsKeys> = {
  name: 'organizations',
  tables: ['organizations', 'memberships', 'membership_periods'],
  reads: [],

  touched(events) {
    const organizationIds = new Set<string>();
    const memberships = new Map<string, { organization_id: string; user_id: string }>();
    for (const { event } of events) {
      switch (event.type) {
        case 'OrganizationCreated':
        case 'OrganizationUpdated':
        case 'OrganizationApproved':
        case 'OrganizationUnapproved':
        case 'OrganizationDeleted':
          organizationIds.add(event.data.organizationId);
          break;
        case 'MemberJoined':
        case 'MemberLeft': {
          const { organizationId, userId } = event.data;
          organizationIds.add(organizationId);
          memberships.set(membershipKey(organizationId, userId), {
            organization_id: organizationId,
            user_id: userId,
          });
          break;
        }
        default:
          break;
      }
    }
    if (!organizationIds.size) return null;
    return { organizationIds: [...organizationIds], memberships: [...memberships.values()] };
  },

  async load(client, keys) {
    const organizations = await client.query<OrganizationRow>(
      `SELECT id::text, name, type, description, approved, deleted, host_user_id::text,
              ${isoText('created_at')}
         FROM organizations WHERE id = ANY($1::uuid[])`,
      [keys.organizationIds],
    );
    const memberships = keys.memberships.length
      ? await client.query<{ organization_id: string; user_id: string; joined_at: string }>(
          `SELECT m.organization_id::text, m.user_id::text, ${isoText('m.joined_at')}
             FROM memberships m
             JOIN json_to_recordset($1::json) AS k(organization_id uuid, user_id uuid)
               ON m.organization_id = k.organization_id AND m.user_id = k.user_id`,
          [asJson(keys.memberships)],
        )
      : { rows: [] };
    return stateOf(
      organizations.rows.map((r) => [r.id, r] as const),
      memberships.rows.map((r) => [
        membershipKey(r.organization_id, r.user_id),
        { ...r, left_at: null },
      ]),
    );
  },

  initial: () => stateOf(),

  evolve(state, { event, recorded }, { logger }) {
    switch (event.type) {
      case 'OrganizationCreated': {
        const d = event.data;
        // Already there: a reprocessed creation must not undo later edits.
        if (state.organizations.has(d.organizationId)) break;
        state.organizations.set(d.organizationId, {
          id: d.organizationId,
          name: d.name,
          type: d.type,
          description: d.description,
          approved: d.approved,
          deleted: false,
          host_user_id: d.hostUserId,
          created_at: d.createdAt,
        });
        break;
      }
      case 'OrganizationUpdated': {
        const d = event.data;
        const row = state.organizations.get(d.organizationId);
        if (!row) {
          logger.warn({ eventId: recorded.eventId }, 'update of an unknown organization skipped');
          break;
        }
        if (d.name !== undefined) row.name = d.name;
        if (d.type !== undefined) row.type = d.type;
        if (d.description !== undefined) row.description = d.description;
        state.organizations.touch(row.id);
        break;
      }
      case 'OrganizationApproved':
      case 'OrganizationUnapproved':
      case 'OrganizationDeleted': {
        const row = state.organizations.get(event.data.organizationId);
        if (!row) {
          logger.warn({ eventId: recorded.eventId }, 'change of an unknown organization skipped');
          break;
        }
        if (event.type === 'OrganizationDeleted') row.deleted = true;
        else row.approved = event.type === 'OrganizationApproved';
        state.organizations.touch(row.id);
        break;
      }
      case 'MemberJoined': {
        const { organizationId, userId } = event.data;
        if (!state.organizations.has(organizationId)) {
          logger.warn({ eventId: recorded.eventId }, 'join of an unknown organization skipped');
          break;
        }
        const key = membershipKey(organizationId, userId);
        if (state.memberships.has(key)) break;
        const at = eventTime(recorded);
        const period: MembershipPeriod = {
          organization_id: organizationId,
          user_id: userId,
          joined_at: at,
          left_at: null,
        };
        // A member who left and joined again takes the new date.
        state.memberships.set(key, period);
        const periodKey = `${key}|${String(Date.parse(at))}`;
        if (state.periodKeys.has(periodKey)) {
          state.open.set(key, null);
          break;
        }
        state.periodKeys.add(periodKey);
        state.periods.push(period);
        state.open.set(key, period);
        break;
      }
      case 'MemberLeft': {
        const { organizationId, userId } = event.data;
        const key = membershipKey(organizationId, userId);
        if (!state.memberships.has(key)) break;
        state.memberships.delete(key);
        const period = state.open.get(key);
        if (period) period.left_at = eventTime(recorded);
        else if (period === undefined) {
          state.closed.set(key, {
            organization_id: organizationId,
            user_id: userId,
            left_at: eventTime(recorded),
          });
        }
        state.open.delete(key);
        break;
      }
      default:
        break;
    }
  },

  async write(client, { organizations, memberships, periods, closed }) {
    const changed = organizations.changedRows();
    if (changed.length) {
      await client.query(
        `INSERT INTO organizations (id, name, type, description, approved, deleted, host_user_id,
            created_at)
         SELECT r.id, r.name, r.type, r.description, r.approved, r.deleted, r.host_user_id, r.created_at
           FROM json_to_recordset($1::json) AS r(id uuid, name text, type text, description text,
                approved boolean, deleted boolean, host_user_id uuid, created_at timestamptz)
         ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, type = EXCLUDED.type,
           description = EXCLUDED.description, approved = EXCLUDED.approved, deleted = EXCLUDED.deleted`,
        [asJson(changed)],
      );
    }
    const joined = memberships.changedRows();
    if (joined.length) {
      await client.query(
        `INSERT INTO memberships (organization_id, user_id, joined_at)
         SELECT r.organization_id, r.user_id, r.joined_at
           FROM json_to_recordset($1::json) AS r(organization_id uuid, user_id uuid, joined_at timestamptz)
         ON CONFLICT (organization_id, user_id) DO UPDATE SET joined_at = EXCLUDED.joined_at`,
        [asJson(joined)],
      );
    }
    const left = [...memberships.removed].map((key) => {
      const [organization_id, user_id] = key.split('|');
      return { organization_id, user_id };
    });
    if (left.length) {
      await client.query(
        `DELETE FROM memberships m
          USING json_to_recordset($1::json) AS r(organization_id uuid, user_id uuid)
          WHERE m.organization_id = r.organization_id AND m.user_id = r.user_id`,
        [asJson(left)],
      );
    }
    if (closed.size) {
      await client.query(
        `UPDATE membership_periods p SET left_at = r.left_at
           FROM json_to_recordset($1::json) AS r(organization_id uuid, user_id uuid, left_at timestamptz)
          WHERE p.organization_id = r.organization_id AND p.user_id = r.user_id AND p.left_at IS NULL`,
        [asJson([...closed.values()])],
      );
    }
    if (periods.length) {
      await client.query(
        `INSERT INTO membership_periods (organization_id, user_id, joined_at, left_at)
         SELECT r.organization_id, r.user_id, r.joined_at, r.left_at
           FROM json_to_recordset($1::json) AS r(organization_id uuid, user_id uuid,
                joined_at timestamptz, left_at timestamptz)
         ON CONFLICT DO NOTHING`,
        [asJson(periods)],
      );
    }
    if (joined.length || left.length) {
      const touched = new Set([
        ...joined.map((r) => r.organization_id),
        ...left.map((r) => r.organization_id),
      ]);
      await client.query(
        `UPDATE organizations o
            SET member_count = (SELECT count(*) FROM memberships m WHERE m.organization_id = o.id)
          WHERE o.id = ANY($1::uuid[])`,
        [[...touched]],
      );
    }
  },

  async bulkWrite(client, { organizations, memberships, periods }) {
    // member_count: the members at the end, as the live path's recount gives.
    const members = new Map<string, number>();
    for (const { organization_id } of memberships.values()) {
      members.set(organization_id, (members.get(organization_id) ?? 0) + 1);
    }
    await insertRows(
      client,
      'organizations',
      [
        ['id', 'uuid', (r) => r.id],
        ['name', 'text', (r) => r.name],
        ['type', 'text', (r) => r.type],
        ['description', 'text', (r) => r.description],
        ['approved', 'boolean', (r) => r.approved],
        ['deleted', 'boolean', (r) => r.deleted],
        ['host_user_id', 'uuid', (r) => r.host_user_id],
        ['created_at', 'timestamptz', (r) => r.created_at],
        ['member_count', 'integer', (r) => members.get(r.id) ?? 0],
      ],
      [...organizations.values()],
    );
    await insertRows(
      client,
      'memberships',
      [
        ['organization_id', 'uuid', (r) => r.organization_id],
        ['user_id', 'uuid', (r) => r.user_id],
        ['joined_at', 'timestamptz', (r) => r.joined_at],
      ],
      [...memberships.values()],
    );
    await insertRows(
      client,
      'membership_periods',
      [
        ['organization_id', 'uuid', (r) => r.organization_id],
        ['user_id', 'uuid', (r) => r.user_id],
        ['joined_at', 'timestamptz', (r) => r.joined_at],
        ['left_at', 'timestamptz', (r) => r.left_at],
      ],
      periods,
    );
  },
};

export const organizationsProjection = projectionOf(organizationsModel);
