import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { toOrganizationStreamId, type DomainEvent, type EventMetadata } from '@campus/contracts';
import type { CommandStack } from '../../testing/command-stack';

const systemMetadata = (occurredAt: string): EventMetadata => ({
  actorUserId: null,
  correlationId: randomUUID(),
  causationId: null,
  commandName: 'TestFixture',
  occurredAt,
});

/**
 * An organization written straight to its stream (the organizations slice is built elsewhere):
 * created by `hostUserId`, with `members` joined, optionally deleted.
 */
export const givenOrganization = async (
  stack: CommandStack,
  options: { hostUserId: string; members?: string[]; name?: string; deleted?: boolean },
): Promise<{ id: string; name: string }> => {
  const organizationId = randomUUID();
  const name = options.name ?? `Org ${organizationId.slice(0, 8)}`;
  const at = stack.clock.now().toISOString();
  const events: DomainEvent[] = [
    {
      type: 'OrganizationCreated',
      data: {
        v: 1,
        organizationId,
        name,
        type: 'Community Service',
        description: '',
        hostUserId: options.hostUserId,
        approved: true,
        createdAt: at,
      },
    },
    ...[options.hostUserId, ...(options.members ?? [])].map((userId): DomainEvent => ({
      type: 'MemberJoined',
      data: { v: 1, organizationId, userId },
    })),
    ...(options.deleted
      ? [{ type: 'OrganizationDeleted', data: { v: 1, organizationId } } as DomainEvent]
      : []),
  ];
  await stack.store.append(
    toOrganizationStreamId(organizationId),
    events.map((e) => ({
      eventId: randomUUID(),
      type: e.type,
      data: e.data,
      metadata: systemMetadata(at),
    })),
    { expectedRevision: 'no_stream' },
  );
  return { id: organizationId, name };
};

/** A valid POST /api/opps JSON body for `hostOrgId`, starting 2026-03-10 10:00 Eastern (14:00 UTC). */
export const opportunityBody = (hostOrgId: string, overrides: Record<string, unknown> = {}) => ({
  name: 'Park clean-up',
  description: 'Bring gloves and water.',
  date: '2026-03-10',
  time: '10:00',
  duration: 90,
  total_slots: 10,
  host_org_id: hostOrgId,
  causes: ['Environment & Sustainability'],
  ...overrides,
});
export const OPPORTUNITY_STARTS_AT = '2026-03-10T14:00:00.000Z';

/** Creates an opportunity through POST /api/opps as `token`; answers its id. */
export const givenOpportunity = async (
  stack: CommandStack,
  token: string,
  hostOrgId: string,
  overrides: Record<string, unknown> = {},
): Promise<string> => {
  const response = await request(stack.app)
    .post('/api/opps')
    .set('authorization', `Bearer ${token}`)
    .send(opportunityBody(hostOrgId, overrides));
  if (response.status !== 201)
    throw new Error(`creating an opportunity: ${String(response.status)} ${response.text}`);
  return (response.body as { id: string }).id;
};
