import { randomUUID } from 'node:crypto';
import {
  toOrganizationStreamId,
  type CreateOrganization,
  type EventMetadata,
  type Membership,
  type Organization,
  type UpdateOrganization,
} from '@campus/contracts';
import { AppError, reservationHash, type Caller } from '@campus/infra';
import { foldStream, handleCommand, type CommandOutcome } from '../decider/decider';
import { assertActingForUser } from '../http/authorization';
import type { CommandDeps } from '../http/context';

import { organizationDecider, type OrganizationCommand } from './organization-decider';
import { claimOrganizationName, releaseOrganizationName } from './organization-name';

const runOnOrganization = (
  deps: CommandDeps,
  command: OrganizationCommand,
  metadata: EventMetadata,
): Promise<CommandOutcome> =>
  handleCommand({
    store: deps.store,
    streamId: toOrganizationStreamId(command.organizationId),
    decider: organizationDecider,
    command,
    metadata,
  });

const readOrganization = async (deps: CommandDeps, organizationId: string) =>
  foldStream(
    organizationDecider,
    await deps.store.readStream(toOrganizationStreamId(organizationId)),
  );

/** POST /api/orgs: claims the name, then creates the organization with the caller as host and member. */
export const createOrganization = async (
  deps: CommandDeps,
  caller: Caller,
  body: CreateOrganization,
  metadata: EventMetadata,
): Promise<{ organization: Organization; outcomes: CommandOutcome[] }> => {
  const claim = await claimOrganizationName(deps, {
    name: body.name,
    organizationId: randomUUID(),
    metadata,
    adoptOrphan: true,
  });
  const organizationId = claim.organizationId;
  const createdAt = deps.clock.now().toISOString();
  const created = await runOnOrganization(
    deps,
    {
      type: 'CreateOrganization',
      organizationId,
      name: body.name,
      organizationType: body.type,
      description: body.description,
      host: caller,
      createdAt,
    },
    metadata,
  );
  return {
    organization: {
      id: organizationId,
      name: body.name,
      type: body.type,
      description: body.description,
      approved: caller.admin,
      host_user_id: caller.userId,
      member_count: 1,
      date_created: createdAt,
    },
    outcomes: [...claim.outcomes, created],
  };
};

/**
 * PUT /api/orgs/:id. A rename claims the new name before the edit and releases the old one after
 * it; an edit refused after the claim gives the new name back.
 */
export const updateOrganization = async (
  deps: CommandDeps,
  caller: Caller,
  organizationId: string,
  changes: UpdateOrganization,
  metadata: EventMetadata,
): Promise<CommandOutcome[]> => {
  const command: OrganizationCommand = {
    type: 'UpdateOrganization',
    organizationId,
    actor: caller,
    changes,
  };
  const before = await readOrganization(deps, organizationId);
  // Refuse (404, 403) before touching any reservation.
  organizationDecider.decide(command, before);

  // A change of case only keeps the same reservation.
  const newName =
    changes.name !== undefined && reservationHash(changes.name) !== reservationHash(before.name)
      ? changes.name
      : null;
  const outcomes: CommandOutcome[] = [];
  if (newName !== null) {
    const claim = await claimOrganizationName(deps, {
      name: newName,
      organizationId,
      metadata,
      adoptOrphan: false,
    });
    outcomes.push(...claim.outcomes);
  }
  try {
    outcomes.push(await runOnOrganization(deps, command, metadata));
  } catch (error) {
    // A decided refusal appended nothing, so the new name is certainly free to give back.
    if (newName !== null && error instanceof AppError)
      await releaseOrganizationName(deps, { name: newName, organizationId, metadata });
    throw error;
  }
  if (newName !== null) {
    outcomes.push(
      await releaseOrganizationName(deps, { name: before.name, organizationId, metadata }),
    );
  }
  return outcomes;
};

/** DELETE /api/orgs/:id: the organization is deleted and its name can be used again. */
export const deleteOrganization = async (
  deps: CommandDeps,
  caller: Caller,
  organizationId: string,
  metadata: EventMetadata,
): Promise<CommandOutcome[]> => {
  const deleted = await runOnOrganization(
    deps,
    { type: 'DeleteOrganization', organizationId, actor: caller },
    metadata,
  );
  const { name } = await readOrganization(deps, organizationId);
  const released = await releaseOrganizationName(deps, { name, organizationId, metadata });
  return [deleted, released];
};

/** POST /api/register-org and /api/unregister-org. Repeating either is a no-op. */
export const changeMembership = async (
  deps: CommandDeps,
  caller: Caller,
  change: 'JoinOrganization' | 'LeaveOrganization',
  body: Membership,
  metadata: EventMetadata,
): Promise<CommandOutcome> => {
  await assertActingForUser(deps.store, caller, body.user_id);
  return runOnOrganization(
    deps,
    { type: change, organizationId: body.organization_id, actor: caller, userId: body.user_id },
    metadata,
  );
};
