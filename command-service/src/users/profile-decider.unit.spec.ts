import { describe, expect, it } from 'vitest';
import { profileMessages, texts, type UpdateProfile } from '@campus/contracts';
import { ForbiddenError, NotFoundError, type Caller } from '@campus/infra';
import {
  decideProfileUpdate,
  evolveProfile,
  initialProfileState,
  type OpenedUserEvent,
} from './profile-decider';

const owner: Caller = { userId: '6f1c1b84-7f55-4d1b-9c55-0a6f4c1d2e3f', admin: false };
const admin: Caller = { userId: 'a1b2c3d4-0000-4000-8000-000000000001', admin: true };

const registered: OpenedUserEvent = {
  type: 'UserRegistered',
  personal: {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@university.edu',
    phone: '5551234567',
    gender: null,
    birthday: null,
  },
};

const when = (given: OpenedUserEvent[], actor: Caller, changes: UpdateProfile) =>
  decideProfileUpdate(
    { type: 'UpdateProfile', actor, userId: owner.userId, changes },
    given.reduce(evolveProfile, initialProfileState()),
  );

describe('profile decider', () => {
  it('given a user, when the owner edits bio and interests, then the bio sealed-to-be and interests in clear', () => {
    expect(
      when([registered], owner, { bio: 'Hello', interests: ['Education', 'Religious'] }),
    ).toEqual({ personal: { bio: 'Hello' }, interests: ['Education', 'Religious'] });
  });

  it('records only the personal fields that differ', () => {
    expect(
      when([registered], owner, {
        firstName: 'Ada',
        lastName: 'King',
        phone: '5551234567',
        profileImage: '/files/a.png',
      }),
    ).toEqual({ personal: { lastName: 'King', profileImage: '/files/a.png' }, interests: null });
  });

  it('given nothing differs, then nothing is recorded', () => {
    expect(when([registered], owner, {})).toBeNull();
    expect(when([registered], owner, { firstName: 'Ada', interests: [] })).toBeNull();
  });

  it('remembers earlier edits, including a cleared bio', () => {
    const edited: OpenedUserEvent[] = [
      registered,
      {
        type: 'UserProfileUpdated',
        sealed: true,
        personal: { bio: 'Hello', profileImage: '/files/a.png' },
        interests: ['Education'],
      },
      { type: 'UserProfileUpdated', sealed: true, personal: { bio: null }, interests: null },
    ];
    expect(
      when(edited, owner, { bio: null, profileImage: '/files/a.png', interests: ['Education'] }),
    ).toBeNull();
    expect(when(edited, owner, { bio: 'Back' })).toEqual({
      personal: { bio: 'Back' },
      interests: null,
    });
  });

  it('only the owner edits a profile, admins included in the others', () => {
    expect(() => when([registered], admin, { bio: 'Hi' })).toThrow(
      new ForbiddenError(profileMessages.onlyOwner),
    );
  });

  it('given no user, or an erased one, then not found', () => {
    const notFound = new NotFoundError(texts.notFound.user);
    expect(() => when([], owner, { bio: 'Hi' })).toThrow(notFound);
    expect(() => when([{ type: 'UserRegistered', personal: null }], owner, { bio: 'Hi' })).toThrow(
      notFound,
    );
  });
});
