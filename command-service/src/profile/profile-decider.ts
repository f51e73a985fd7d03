import {
  profileMessages,
  texts,
  type UpdateProfile,
  type UserPersonalData,
  type UserProfilePersonalChanges,
} from '@campus/contracts';
import type { Caller } from '@campus/infra';
import { ForbiddenError, NotFoundError } from '../errors';

/**
 * A user's editable profile as the owner sees it. Its personal fields are sealed in the events, so
 * the profile is folded from events whose sealed parts were opened first (opening is I/O).
 */
type Profile = {
  readonly firstName: string;
  readonly lastName: string;
  readonly phone: string;
  readonly bio: string | null;
  readonly profileImage: string | null;
  readonly interests: readonly string[];
};

export type ProfileState =
  | { readonly status: 'unregistered' }
  /** Registered, but their personal data was erased: nothing left to edit. */
  | { readonly status: 'erased' }
  | { readonly status: 'registered'; readonly profile: Profile };

/** A user-stream event with its sealed part opened (null when the person was erased). */
export type OpenedUserEvent =
  | { readonly type: 'UserRegistered'; readonly personal: UserPersonalData | null }
  | {
      readonly type: 'UserProfileUpdated';
      readonly personal: UserProfilePersonalChanges | null;
      readonly sealed: boolean;
      readonly interests: readonly string[] | null;
    };

const evolveProfile = (state: ProfileState, event: OpenedUserEvent): ProfileState => {
  switch (event.type) {
    case 'UserRegistered':
      if (!event.personal) return { status: 'erased' };
      return {
        status: 'registered',
        profile: {
          firstName: event.personal.firstName,
          lastName: event.personal.lastName,
          phone: event.personal.phone,
          bio: null,
          profileImage: null,
          interests: [],
        },
      };
    case 'UserProfileUpdated': {
      if (state.status !== 'registered') return state;
      if (event.sealed && !event.personal) return { status: 'erased' };
      return {
        status: 'registered',
        profile: {
          ...state.profile,
          ...event.personal,
          ...(event.interests ? { interests: event.interests } : {}),
        },
      };
    }
    default: {
      const unknown: never = event;
      throw new Error(`Unknown user event ${JSON.stringify(unknown)}`);
    }
  }
};

export type UpdateProfileCommand = {
  readonly type: 'UpdateProfile';
  readonly actor: Caller;
  readonly userId: string;
  readonly changes: UpdateProfile;
};

/** What actually changed: to be sealed (personal) and recorded as one UserProfileUpdated. */
type ProfileDecision = {
  readonly personal: UserProfilePersonalChanges | null;
  readonly interests: readonly string[] | null;
};

/** The new value when it differs from the current one, else undefined. */
const changed = <T>(next: T | undefined, current: T): T | undefined =>
  next !== undefined && next !== current ? next : undefined;

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((item, i) => item === b[i]);

/**
 * Only the owner edits a profile (not even an admin edits another's). Returns null when nothing
 * differs from the current profile, so a repeated save records nothing.
 */
const decideProfileUpdate = (
  command: UpdateProfileCommand,
  state: ProfileState,
): ProfileDecision | null => {
  if (command.actor.userId !== command.userId) throw new ForbiddenError(profileMessages.onlyOwner);
  if (state.status !== 'registered') throw new NotFoundError(texts.notFound.user);
  const { profile } = state;
  const { changes } = command;
  const firstName = changed(changes.firstName, profile.firstName);
  const lastName = changed(changes.lastName, profile.lastName);
  const phone = changed(changes.phone, profile.phone);
  const bio = changed(changes.bio, profile.bio);
  const profileImage = changed(changes.profileImage, profile.profileImage);
  const personal: UserProfilePersonalChanges = {
    ...(firstName !== undefined ? { firstName } : {}),
    ...(lastName !== undefined ? { lastName } : {}),
    ...(phone !== undefined ? { phone } : {}),
    ...(bio !== undefined ? { bio } : {}),
    ...(profileImage !== undefined ? { profileImage } : {}),
  };
  const interests =
    changes.interests !== undefined && !sameList(changes.interests, profile.interests)
      ? changes.interests
      : null;
  const personalChanged = Object.keys(personal).length > 0;
  if (!personalChanged && interests === null) return null;
  return {
    personal: personalChanged ? personal : null,
    interests,
  };
};

/**
 * The profile's decider. Its events are the user stream's with their sealed parts opened, and it
 * decides what an update changes (the caller seals and records it as one UserProfileUpdated).
 */
export const profileDecider = {
  initialState: (): ProfileState => ({ status: 'unregistered' }),
  evolve: evolveProfile,
  decide: decideProfileUpdate,
};
