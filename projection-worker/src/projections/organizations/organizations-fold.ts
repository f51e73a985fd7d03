import type { OrganizationType } from '@campus/contracts';
import { insertRows, type BulkFoldFactory } from '../bulk';
import { eventTime } from '../shared';

type OrganizationRow = {
  id: string;
  name: string;
  type: OrganizationType;
  description: string;
  approved: boolean;
  deleted: boolean;
  host_user_id: string;
  created_at: string;
};

type MembershipPeriod = {
  organization_id: string;
  user_id: string;
  joined_at: string;
  left_at: string | null;
};

/**
 * The organizations projection folded over the whole log (see `organizationsProjection`):
 * member_count is the count of members at the end, which is what its recount gives.
 */
export const organizationsFold: BulkFoldFactory = ({ logger }) => {
  const organizations = new Map<string, OrganizationRow>();
  // Per organization, its members' join times by user.
  const members = new Map<string, Map<string, string>>();
  const periods: MembershipPeriod[] = [];
  // The period a current member opened, by `<organization>|<user>`.
  const open = new Map<string, MembershipPeriod>();
  // Periods by their key (organization, user, joined_at): a second one at the same instant is dropped.
  const periodKeys = new Set<string>();

  const changeOf = (id: string, eventId: string) => {
    const row = organizations.get(id);
    if (!row) logger.warn({ eventId }, 'change of an unknown organization skipped');
    return row;
  };

  return {
    fold({ event, recorded }) {
      switch (event.type) {
        case 'OrganizationCreated': {
          const d = event.data;
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
          members.set(d.organizationId, new Map());
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
          break;
        }
        case 'OrganizationApproved':
        case 'OrganizationUnapproved':
        case 'OrganizationDeleted': {
          const row = changeOf(event.data.organizationId, recorded.eventId);
          if (!row) break;
          if (event.type === 'OrganizationDeleted') row.deleted = true;
          else row.approved = event.type === 'OrganizationApproved';
          break;
        }
        case 'MemberJoined': {
          const { organizationId, userId } = event.data;
          const current = members.get(organizationId);
          if (!current) {
            logger.warn({ eventId: recorded.eventId }, 'join of an unknown organization skipped');
            break;
          }
          if (current.has(userId)) break;
          const at = eventTime(recorded);
          current.set(userId, at);
          const key = `${organizationId}|${userId}|${String(Date.parse(at))}`;
          if (periodKeys.has(key)) break;
          periodKeys.add(key);
          const period = {
            organization_id: organizationId,
            user_id: userId,
            joined_at: at,
            left_at: null,
          };
          periods.push(period);
          open.set(`${organizationId}|${userId}`, period);
          break;
        }
        case 'MemberLeft': {
          const { organizationId, userId } = event.data;
          if (!members.get(organizationId)?.delete(userId)) break;
          const key = `${organizationId}|${userId}`;
          const period = open.get(key);
          if (period) period.left_at = eventTime(recorded);
          open.delete(key);
          break;
        }
        default:
          break;
      }
    },

    async write(client) {
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
          ['member_count', 'integer', (r) => members.get(r.id)?.size ?? 0],
        ],
        [...organizations.values()],
      );
      await insertRows(
        client,
        'memberships',
        [
          ['organization_id', 'uuid', (r) => r[0]],
          ['user_id', 'uuid', (r) => r[1]],
          ['joined_at', 'timestamptz', (r) => r[2]],
        ],
        [...members].flatMap(([organizationId, users]) =>
          [...users].map(([userId, at]) => [organizationId, userId, at] as const),
        ),
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
};
