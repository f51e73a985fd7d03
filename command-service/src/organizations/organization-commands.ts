import { randomUUID } from 'node:crypto';
import {
  organizationMessages,
  toOrganizationNameStreamId,
  toOrganizationStreamId,
  type CreateOrganization,
  type EventMetadata,
  type Membership,
  type Organization,
  type RecordedEvent,
  type UpdateOrganization,
} from '@campus/contracts';
import { reservationHash, type Caller } from '@campus/infra';
import { foldStream, handleCommand, type CommandOutcome } from '../decider/decider';
import { reservationDecider } from '../decider/reservation-decider';
import { AppError } from '../errors';
import { assertActingForUser } from '../http/authorization';
import type { CommandDeps } from '../http/context';
import {
  organizationDecider,
  type OrganizationCommand,
  type OrganizationState,
} from './organization-decider';

/** A claim younger than this may belong to a command still running; it is never healed. */
export const NAME_CLAIM_GRACE_MS = 30_000;

/**
 * What a name claim held by another organization id means:
 * - live: that organization exists, is not deleted and still has this name (the name is taken);
 * - orphaned: nothing was ever written for that id (a creation died after claiming the name);
 * - stale: that organization was deleted or renamed, and its release never happened.
 */
type NameClaimStatus = 'live' | 'orphaned' | 'stale';

export const judgeNameClaim = (input: {
  readonly nameHash: string;
  readonly owner: OrganizationState;
  /** When the current claim was decided (its metadata.occurredAt), null if unknown. */
  readonly claimedAt: string | null;
  readonly now: Date;
}): NameClaimStatus => {
  const { owner, nameHash, claimedAt, now } = input;
  if (owner.exists && !owner.deleted && reservationHash(owner.name) === nameHash) return 'live';
  if (claimedAt === null || now.getTime() - Date.parse(claimedAt) < NAME_CLAIM_GRACE_MS)
    return 'live';
  return owner.exists ? 'stale' : 'orphaned';
};

const lastClaimAt = (recorded: readonly RecordedEvent[]): string | null =>
  recorded.findLast((e) => e.type === 'ReservationClaimed')?.metadata.occurredAt ?? null;

export const organizationNameStreamId = (name: string) =>
  toOrganizationNameStreamId(reservationHash(name));

/**
 * Claims `name` (case-insensitively) for `organizationId`; 409 when another organization holds it.
 *
 * Self-healing, as registration does for emails: the claim and the organization's own stream are
 * two appends, so a crash between them can leave a claim behind. With `adoptOrphan` (creation), a
 * claim whose organization was never written is adopted: the creation continues under that id,
 * and the organization stream's `no_stream` expectation makes a late original writer lose cleanly.
 * A claim whose organization was deleted or renamed away is released on its owner's behalf first.
 * Claims younger than NAME_CLAIM_GRACE_MS are left alone, since their command may still be running.
 */
const claimOrganizationName = async (
  deps: CommandDeps,
  input: {
    readonly name: string;
    readonly organizationId: string;
    readonly metadata: EventMetadata;
    readonly adoptOrphan: boolean;
  },
): Promise<{ organizationId: string; outcomes: CommandOutcome[] }> => {
  const nameHash = reservationHash(input.name);
  const streamId = toOrganizationNameStreamId(nameHash);
  const recorded = await deps.store.readStream(streamId);
  const { ownerId } = foldStream(reservationDecider, recorded);
  const outcomes: CommandOutcome[] = [];
  let claimant = input.organizationId;
  if (ownerId !== null && ownerId !== input.organizationId) {
    const owner = foldStream(
      organizationDecider,
      await deps.store.readStream(toOrganizationStreamId(ownerId)),
    );
    const status = judgeNameClaim({
      nameHash,
      owner,
      claimedAt: lastClaimAt(recorded),
      now: deps.clock.now(),
    });
    if (status === 'orphaned' && input.adoptOrphan) {
      claimant = ownerId;
    } else if (status !== 'live') {
      deps.logger.warn({ streamId, ownerId, status }, 'healing a leftover organization name claim');
      outcomes.push(
        await handleCommand({
          store: deps.store,
          streamId,
          decider: reservationDecider,
          command: { type: 'Release', ownerId },
          metadata: input.metadata,
        }),
      );
    }
  }
  outcomes.push(
    await handleCommand({
      store: deps.store,
      streamId,
      decider: reservationDecider,
      command: { type: 'Claim', ownerId: claimant, takenMessage: organizationMessages.nameTaken },
      metadata: input.metadata,
    }),
  );
  return { organizationId: claimant, outcomes };
};

/** Frees `name` if `organizationId` holds it (a no-op otherwise). */
const releaseOrganizationName = (
  deps: CommandDeps,
  input: {
    readonly name: string;
    readonly organizationId: string;
    readonly metadata: EventMetadata;
  },
): Promise<CommandOutcome> =>
  handleCommand({
    store: deps.store,
    streamId: organizationNameStreamId(input.name),
    decider: reservationDecider,
    command: { type: 'Release', ownerId: input.organizationId },
    metadata: input.metadata,
  });

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
