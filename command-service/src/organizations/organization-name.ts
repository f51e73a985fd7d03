import {
  organizationMessages,
  toOrganizationNameStreamId,
  toOrganizationStreamId,
  type EventMetadata,
  type RecordedEvent,
} from '@campus/contracts';
import { reservationHash } from '@campus/infra';
import { foldStream, handleCommand, type CommandOutcome } from '../decider/decider';
import { reservationDecider } from '../decider/reservation';
import type { CommandDeps } from '../http/context';
import { organizationDecider } from './organization-decider';
import type { OrganizationState } from './organization-state';

/** A claim younger than this may belong to a command still running; it is never healed. */
export const NAME_CLAIM_GRACE_MS = 30_000;

/**
 * What a name claim held by another organization id means:
 * - live: that organization exists, is not deleted and still has this name (the name is taken);
 * - orphaned: nothing was ever written for that id (a creation died after claiming the name);
 * - stale: that organization was deleted or renamed, and its release never happened.
 */
export type NameClaimStatus = 'live' | 'orphaned' | 'stale';

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
export const claimOrganizationName = async (
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
export const releaseOrganizationName = (
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
