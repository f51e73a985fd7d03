import { describe, it } from 'vitest';
import type { UserRegistered } from '@campus/contracts';
import { ConflictError } from '../errors';
import { deciderSpec } from '../testing/decider-spec';
import {
  ALREADY_REGISTERED,
  approvedEmailDecider,
  userDecider,
  type ApprovedEmailEvent,
  type UserEvent,
} from './user-decider';

const registration: UserRegistered = {
  v: 1,
  userId: '6f1c1b84-7f55-4d1b-9c55-0a6f4c1d2e3f',
  emailHash: 'abc',
  personal: { subject: 'x', iv: 'i', data: 'd', tag: 't' },
  admin: false,
  carSeats: 0,
  graduationYear: null,
  academicLevel: null,
  major: null,
  registeredAt: '2026-01-01T00:00:00.000Z',
};
const registered: UserEvent = { type: 'UserRegistered', data: registration };
const adminGranted: UserEvent = {
  type: 'AdminGranted',
  data: { v: 1, userId: registration.userId },
};

describe('user decider', () => {
  const spec = deciderSpec(userDecider);

  it('given no events, when RegisterUser, then UserRegistered', () => {
    spec.given().when({ type: 'RegisterUser', registration }).then([registered]);
  });

  it('given UserRegistered, when RegisterUser again, then conflict', () => {
    spec
      .given([registered])
      .when({ type: 'RegisterUser', registration })
      .thenThrows(ConflictError, ALREADY_REGISTERED);
  });

  it('grants admin once', () => {
    const grant = { type: 'GrantAdmin', userId: registration.userId } as const;
    spec.given([registered]).when(grant).then([adminGranted]);
    spec.given([registered, adminGranted]).when(grant).thenNothingHappened();
  });

  it('grants admin only to a registered user', () => {
    spec
      .given()
      .when({ type: 'GrantAdmin', userId: registration.userId })
      .thenThrows(ConflictError, 'Only a registered user can become an admin.');
  });
});

describe('approved email decider', () => {
  const spec = deciderSpec(approvedEmailDecider);
  const sealed = { subject: 'email:abc', iv: 'i', data: 'd', tag: 't' };
  const command = { type: 'AddApprovedEmail', emailHash: 'abc', personal: sealed } as const;
  const added: ApprovedEmailEvent = {
    type: 'ApprovedEmailAdded',
    data: { v: 1, emailHash: 'abc', personal: sealed },
  };

  it('given nothing, when an address is added, then ApprovedEmailAdded', () => {
    spec.given().when(command).then([added]);
  });

  it('given it was added, when added again, then nothing', () => {
    spec.given([added]).when(command).thenNothingHappened();
  });
});
