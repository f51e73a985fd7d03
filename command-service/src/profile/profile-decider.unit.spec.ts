import { describe, it } from 'vitest';
import { profileMessages, texts, type UpdateProfile } from '@campus/contracts';
import type { Caller } from '@campus/infra';
import { ForbiddenError, NotFoundError } from '../errors';
import { deciderSpec } from '../testing/decider-spec';
import { profileDecider, type OpenedUserEvent, type UpdateProfileCommand } from './profile-decider';

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

const spec = deciderSpec(profileDecider);
const update = (actor: Caller, changes: UpdateProfile): UpdateProfileCommand => ({
  type: 'UpdateProfile',
  actor,
  userId: owner.userId,
  changes,
});

describe('profile decider', () => {
  it('given a user, when the owner edits bio and interests, then the bio sealed-to-be and interests in clear', () => {
    spec
      .given([registered])
      .when(update(owner, { bio: 'Hello', interests: ['Education', 'Religious'] }))
      .then({ personal: { bio: 'Hello' }, interests: ['Education', 'Religious'] });
  });

  it('records only the personal fields that differ', () => {
    spec
      .given([registered])
      .when(
        update(owner, {
          firstName: 'Ada',
          lastName: 'King',
          phone: '5551234567',
          profileImage: '/files/a.png',
        }),
      )
      .then({ personal: { lastName: 'King', profileImage: '/files/a.png' }, interests: null });
  });

  it('given nothing differs, then nothing is recorded', () => {
    spec.given([registered]).when(update(owner, {})).thenNothingHappened();
    spec
      .given([registered])
      .when(update(owner, { firstName: 'Ada', interests: [] }))
      .thenNothingHappened();
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
    spec
      .given(edited)
      .when(update(owner, { bio: null, profileImage: '/files/a.png', interests: ['Education'] }))
      .thenNothingHappened();
    spec
      .given(edited)
      .when(update(owner, { bio: 'Back' }))
      .then({ personal: { bio: 'Back' }, interests: null });
  });

  it('only the owner edits a profile, admins included in the others', () => {
    spec
      .given([registered])
      .when(update(admin, { bio: 'Hi' }))
      .thenThrows(ForbiddenError, profileMessages.onlyOwner);
  });

  it('given no user, or an erased one, then not found', () => {
    spec
      .given()
      .when(update(owner, { bio: 'Hi' }))
      .thenThrows(NotFoundError, texts.notFound.user);
    spec
      .given([{ type: 'UserRegistered', personal: null }])
      .when(update(owner, { bio: 'Hi' }))
      .thenThrows(NotFoundError, texts.notFound.user);
  });
});
