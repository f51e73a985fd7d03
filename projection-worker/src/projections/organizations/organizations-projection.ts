import type { OrganizationType } from '@campus/contracts';
import type { PoolClient } from '@campus/infra';
import type { Projection } from '../../projector/projection';
import { asJson, eventTime } from '../shared';

type OrganizationRow = {
  id: string;
  name: string;
  type: OrganizationType;
  description: string;
  approved: boolean;
  deleted: boolean;
  host_user_id: string;
  created_at: string | Date;
};

type MembershipPeriod = {
  organization_id: string;
  user_id: string;
  joined_at: string;
  left_at: string | null;
};

type MembershipKey = `${string}|${string}`;
const membershipKey = (organizationId: string, userId: string): MembershipKey =>
  `${organizationId}|${userId}`;

const loadOrganizations = async (client: PoolClient, ids: readonly string[]) => {
  const { rows } = await client.query<OrganizationRow>(
    `SELECT id::text, name, type, description, approved, deleted, host_user_id::text, created_at
       FROM organizations WHERE id = ANY($1::uuid[])`,
    [ids],
  );
  return new Map(rows.map((r) => [r.id, r]));
};

const loadMemberships = async (
  client: PoolClient,
  keys: readonly { organization_id: string; user_id: string }[],
) => {
  const { rows } = await client.query<{ organization_id: string; user_id: string }>(
    `SELECT m.organization_id::text, m.user_id::text
       FROM memberships m
       JOIN json_to_recordset($1::json) AS k(organization_id uuid, user_id uuid)
         ON m.organization_id = k.organization_id AND m.user_id = k.user_id`,
    [asJson(keys)],
  );
  return new Set(rows.map((r) => membershipKey(r.organization_id, r.user_id)));
};

/**
 * read.organizations, read.memberships and read.membership_periods (who belonged when). Each
 * batch loads the rows it touches, folds its events over them in memory, and writes the changed
 * rows back in one statement per table; member_count is recounted for the organizations whose members changed, so reprocessing cannot drift it.
 */
export const organizationsProjection: Projection = {
  name: 'organizations',
  tables: ['organizations', 'memberships', 'membership_periods'],
  reads: [],
  async apply(client, events, { logger }) {
    const organizationIds = new Set<string>();
    const membershipKeys = new Map<MembershipKey, { organization_id: string; user_id: string }>();
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
          membershipKeys.set(membershipKey(organizationId, userId), {
            organization_id: organizationId,
            user_id: userId,
          });
          break;
        }
        default:
          break;
      }
    }
    if (!organizationIds.size) return;

    const organizations = await loadOrganizations(client, [...organizationIds]);
    const members = membershipKeys.size
      ? await loadMemberships(client, [...membershipKeys.values()])
      : new Set<MembershipKey>();
    const changedOrganizations = new Set<string>();
    const joined = new Map<MembershipKey, { joined_at: string }>();
    const left = new Set<MembershipKey>();
    // Membership history (leaderboards as of a past date): periods opened in this batch, and
    // periods opened before it that this batch closes.
    const periods: MembershipPeriod[] = [];
    const openedHere = new Map<MembershipKey, MembershipPeriod>();
    const closedHere = new Map<
      MembershipKey,
      { organization_id: string; user_id: string; left_at: string }
    >();

    for (const { event, recorded } of events) {
      switch (event.type) {
        case 'OrganizationCreated': {
          const d = event.data;
          // Already there: a reprocessed creation must not undo later edits.
          if (organizations.has(d.organizationId)) break;
          organizations.set(d.organizationId, {
            id: d.organizationId,
            name: d.name,
            type: d.type,
            description: d.description,
            approved: d.approved,
            deleted: false,
            host_user_id: d.hostUserId,
            created_at: d.createdAt,
          });
          changedOrganizations.add(d.organizationId);
          break;
        }
        case 'OrganizationUpdated': {
          const d = event.data;
          const row = organizations.get(d.organizationId);
          if (!row) {
            logger.warn({ eventId: recorded.eventId }, 'update of an unknown organization skipped');
            break;
          }
          if (d.name !== undefined) row.name = d.name;
          if (d.type !== undefined) row.type = d.type;
          if (d.description !== undefined) row.description = d.description;
          changedOrganizations.add(d.organizationId);
          break;
        }
        case 'OrganizationApproved':
        case 'OrganizationUnapproved':
        case 'OrganizationDeleted': {
          const row = organizations.get(event.data.organizationId);
          if (!row) {
            logger.warn({ eventId: recorded.eventId }, 'change of an unknown organization skipped');
            break;
          }
          if (event.type === 'OrganizationDeleted') row.deleted = true;
          else row.approved = event.type === 'OrganizationApproved';
          changedOrganizations.add(row.id);
          break;
        }
        case 'MemberJoined': {
          const { organizationId, userId } = event.data;
          if (!organizations.has(organizationId)) {
            logger.warn({ eventId: recorded.eventId }, 'join of an unknown organization skipped');
            break;
          }
          const key = membershipKey(organizationId, userId);
          left.delete(key);
          if (!members.has(key)) {
            members.add(key);
            joined.set(key, { joined_at: eventTime(recorded) });
            const period = {
              organization_id: organizationId,
              user_id: userId,
              joined_at: eventTime(recorded),
              left_at: null,
            };
            periods.push(period);
            openedHere.set(key, period);
          }
          break;
        }
        case 'MemberLeft': {
          const { organizationId, userId } = event.data;
          const key = membershipKey(organizationId, userId);
          joined.delete(key);
          if (members.delete(key)) {
            left.add(key);
            const opened = openedHere.get(key);
            if (opened) opened.left_at = eventTime(recorded);
            else {
              closedHere.set(key, {
                organization_id: organizationId,
                user_id: userId,
                left_at: eventTime(recorded),
              });
            }
            openedHere.delete(key);
          }
          break;
        }
        default:
          break;
      }
    }

    if (changedOrganizations.size) {
      const rows = [...changedOrganizations].flatMap((id) => organizations.get(id) ?? []);
      await client.query(
        `INSERT INTO organizations (id, name, type, description, approved, deleted, host_user_id,
            created_at)
         SELECT r.id, r.name, r.type, r.description, r.approved, r.deleted, r.host_user_id, r.created_at
           FROM json_to_recordset($1::json) AS r(id uuid, name text, type text, description text,
                approved boolean, deleted boolean, host_user_id uuid, created_at timestamptz)
         ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, type = EXCLUDED.type,
           description = EXCLUDED.description, approved = EXCLUDED.approved, deleted = EXCLUDED.deleted`,
        [asJson(rows)],
      );
    }
    if (joined.size) {
      // A member who left and joined again within this batch still has the row: it takes the
      // new date, as it would had the leave and the join come in two batches.
      const rows = [...joined].map(([key, { joined_at }]) => {
        const [organization_id, user_id] = key.split('|');
        return { organization_id, user_id, joined_at };
      });
      await client.query(
        `INSERT INTO memberships (organization_id, user_id, joined_at)
         SELECT r.organization_id, r.user_id, r.joined_at
           FROM json_to_recordset($1::json) AS r(organization_id uuid, user_id uuid, joined_at timestamptz)
         ON CONFLICT (organization_id, user_id) DO UPDATE SET joined_at = EXCLUDED.joined_at`,
        [asJson(rows)],
      );
    }
    if (left.size) {
      const rows = [...left].map((key) => {
        const [organization_id, user_id] = key.split('|');
        return { organization_id, user_id };
      });
      await client.query(
        `DELETE FROM memberships m
          USING json_to_recordset($1::json) AS r(organization_id uuid, user_id uuid)
          WHERE m.organization_id = r.organization_id AND m.user_id = r.user_id`,
        [asJson(rows)],
      );
    }
    if (closedHere.size) {
      await client.query(
        `UPDATE membership_periods p SET left_at = r.left_at
           FROM json_to_recordset($1::json) AS r(organization_id uuid, user_id uuid, left_at timestamptz)
          WHERE p.organization_id = r.organization_id AND p.user_id = r.user_id AND p.left_at IS NULL`,
        [asJson([...closedHere.values()])],
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
    if (joined.size || left.size) {
      const touched = [...joined.keys(), ...left].map((key) => key.split('|')[0]);
      await client.query(
        `UPDATE organizations o
            SET member_count = (SELECT count(*) FROM memberships m WHERE m.organization_id = o.id)
          WHERE o.id = ANY($1::uuid[])`,
        [[...new Set(touched)]],
      );
    }
  },
};
