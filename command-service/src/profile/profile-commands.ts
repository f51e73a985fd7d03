import { randomUUID } from 'node:crypto';
import {
  toDomainEvent,
  toUserStreamId,
  userPersonalDataSchema,
  userProfilePersonalChangesSchema,
  WrongExpectedRevisionError,
  type EventMetadata,
  type EventOf,
  type RecordedEvent,
  type UpdateProfile,
} from '@campus/contracts';
import type { Caller, PersonalDataVault } from '@campus/infra';
import type { CommandOutcome } from '../decider/decider';
import type { CommandDeps } from '../http/context';
import { profileDecider, type OpenedUserEvent, type ProfileState } from './profile-decider';

const MAX_ATTEMPTS = 5;

/** Folds a user stream into the owner's profile, opening the sealed parts on the way. */
const foldProfile = async (
  vault: PersonalDataVault,
  recorded: readonly RecordedEvent[],
): Promise<ProfileState> => {
  let state = profileDecider.initialState();
  for (const stored of recorded) {
    const event = toDomainEvent(stored);
    let opened: OpenedUserEvent | null = null;
    if (event?.type === 'UserRegistered') {
      opened = {
        type: 'UserRegistered',
        personal: await vault.open(event.data.personal, userPersonalDataSchema),
      };
    } else if (event?.type === 'UserProfileUpdated') {
      const { personal, interests } = event.data;
      opened = {
        type: 'UserProfileUpdated',
        sealed: personal !== null,
        personal: personal ? await vault.open(personal, userProfilePersonalChangesSchema) : null,
        interests,
      };
    }
    if (opened) state = profileDecider.evolve(state, opened);
  }
  return state;
};

/**
 * PUT /api/users/:id. The decision is pure (decideProfileUpdate) but its inputs and output are
 * sealed, so this loop opens, decides, seals and appends with the expected revision itself,
 * retrying when the owner's own concurrent save wrote first. Appends nothing when nothing changed.
 */
export const updateProfile = async (
  deps: CommandDeps,
  actor: Caller,
  userId: string,
  changes: UpdateProfile,
  metadata: EventMetadata,
): Promise<CommandOutcome> => {
  const streamId = toUserStreamId(userId);
  for (let attempt = 1; ; attempt++) {
    const recorded = await deps.store.readStream(streamId);
    const state = await foldProfile(deps.vault, recorded);
    const decision = profileDecider.decide(
      { type: 'UpdateProfile', actor, userId, changes },
      state,
    );
    if (!decision) return { events: [], appended: null };
    const personal = decision.personal ? await deps.vault.seal(userId, decision.personal) : null;
    const last = recorded.at(-1);
    const updated: EventOf<'UserProfileUpdated'> = {
      type: 'UserProfileUpdated',
      data: {
        v: 1,
        userId,
        personal,
        interests: decision.interests ? [...decision.interests] : null,
      },
    };
    try {
      const appended = await deps.store.append(
        streamId,
        [{ eventId: randomUUID(), ...updated, metadata }],
        { expectedRevision: last ? last.revision : 'no_stream' },
      );
      return { events: [updated], appended };
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError) || attempt >= MAX_ATTEMPTS) throw error;
    }
  }
};
