import { describe, expect, it } from 'vitest';
import { friendshipIdOf } from '@campus/contracts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../errors';
import { deciderSpec } from '../testing/decider-spec';
import {
  friendshipDecider,
  friendshipMessages,
  type FriendshipCommand,
  type FriendshipEvent,
} from './friendship-decider';

const ann = '11111111-1111-4111-8111-111111111111';
const bob = '22222222-2222-4222-8222-222222222222';
const eve = '33333333-3333-4333-8333-333333333333';
const id = friendshipIdOf(ann, bob);
const at = '2026-03-02T15:00:00.000Z';
const later = '2026-03-03T16:30:00.000Z';

const requested = (requesterId: string, recipientId: string): FriendshipEvent => ({
  type: 'FriendRequested',
  data: { v: 1, friendshipId: id, requesterId, recipientId, at },
});
const accepted = (requesterId: string, recipientId: string): FriendshipEvent => ({
  type: 'FriendRequestAccepted',
  data: { v: 1, friendshipId: id, requesterId, recipientId, at },
});
const rejected = (requesterId: string, recipientId: string): FriendshipEvent => ({
  type: 'FriendRequestRejected',
  data: { v: 1, friendshipId: id, requesterId, recipientId, at },
});
const removed = (requesterId: string, recipientId: string, removedBy: string): FriendshipEvent => ({
  type: 'FriendRemoved',
  data: { v: 1, friendshipId: id, requesterId, recipientId, removedBy, at },
});

const request = (from: string, to: string): FriendshipCommand => ({
  type: 'RequestFriend',
  requesterId: from,
  recipientId: to,
  at: later,
});
const accept = (userId: string): FriendshipCommand => ({
  type: 'AcceptFriendRequest',
  userId,
  at: later,
});
const reject = (userId: string): FriendshipCommand => ({
  type: 'RejectFriendRequest',
  userId,
  at: later,
});
const remove = (userId: string, friendId: string): FriendshipCommand => ({
  type: 'RemoveFriend',
  userId,
  friendId,
  at: later,
});

/** Given events, when command: the decided events (each checked against its contracts schema). */
const spec = deciderSpec(friendshipDecider);

describe('friendship decider: requesting', () => {
  it('given no events, when Ann requests Bob, then FriendRequested at the command time', () => {
    spec
      .given()
      .when(request(ann, bob))
      .then([
        {
          type: 'FriendRequested',
          data: { v: 1, friendshipId: id, requesterId: ann, recipientId: bob, at: later },
        },
      ]);
  });

  it('names the pair the same way whoever asks first', () => {
    spec
      .given()
      .when(request(bob, ann))
      .then((events) =>
        expect(events[0]?.data).toMatchObject({
          friendshipId: id,
          requesterId: bob,
          recipientId: ann,
        }),
      );
  });

  it('refuses a request to yourself', () => {
    spec
      .given()
      .when(request(ann, ann))
      .thenThrows(ValidationError, friendshipMessages.selfRequest);
  });

  it('given a pending request from Ann, when Ann asks again, then conflict', () => {
    spec
      .given([requested(ann, bob)])
      .when(request(ann, bob))
      .thenThrows(ConflictError, friendshipMessages.alreadySent);
  });

  it('given a pending request from Ann, when Bob asks Ann (crossing), then it is accepted', () => {
    spec
      .given([requested(ann, bob)])
      .when(request(bob, ann))
      .then([
        {
          type: 'FriendRequestAccepted',
          data: { v: 1, friendshipId: id, requesterId: ann, recipientId: bob, at: later },
        },
      ]);
  });

  it('given friends, when either asks again, then conflict', () => {
    const friends = [requested(ann, bob), accepted(ann, bob)];
    for (const [from, to] of [
      [ann, bob],
      [bob, ann],
    ] as const) {
      spec
        .given(friends)
        .when(request(from, to))
        .thenThrows(ConflictError, friendshipMessages.alreadyFriends);
    }
  });

  it('given a rejected request, when either asks again, then a new FriendRequested', () => {
    const history = [requested(ann, bob), rejected(ann, bob)];
    spec
      .given(history)
      .when(request(ann, bob))
      .then([
        {
          type: 'FriendRequested',
          data: { v: 1, friendshipId: id, requesterId: ann, recipientId: bob, at: later },
        },
      ]);
    spec
      .given(history)
      .when(request(bob, ann))
      .then((events) => expect(events[0]?.type).toBe('FriendRequested'));
  });

  it('given a removed friendship, when either asks again, then a new FriendRequested', () => {
    const history = [requested(ann, bob), accepted(ann, bob), removed(ann, bob, bob)];
    spec
      .given(history)
      .when(request(bob, ann))
      .then([
        {
          type: 'FriendRequested',
          data: { v: 1, friendshipId: id, requesterId: bob, recipientId: ann, at: later },
        },
      ]);
  });

  it('given a withdrawn request, when the other asks, then a fresh request (not an accept)', () => {
    const history = [requested(ann, bob), removed(ann, bob, ann)];
    spec
      .given(history)
      .when(request(bob, ann))
      .then((events) => expect(events[0]?.type).toBe('FriendRequested'));
  });
});

describe('friendship decider: accepting and rejecting', () => {
  it('given a pending request, when the recipient accepts, then FriendRequestAccepted', () => {
    spec
      .given([requested(ann, bob)])
      .when(accept(bob))
      .then([
        {
          type: 'FriendRequestAccepted',
          data: { v: 1, friendshipId: id, requesterId: ann, recipientId: bob, at: later },
        },
      ]);
  });

  it('given a pending request, when the recipient rejects, then FriendRequestRejected', () => {
    spec
      .given([requested(ann, bob)])
      .when(reject(bob))
      .then([
        {
          type: 'FriendRequestRejected',
          data: { v: 1, friendshipId: id, requesterId: ann, recipientId: bob, at: later },
        },
      ]);
  });

  it('only the recipient answers: the requester and anyone else are forbidden', () => {
    for (const command of [accept(ann), reject(ann), accept(eve), reject(eve)]) {
      spec
        .given([requested(ann, bob)])
        .when(command)
        .thenThrows(ForbiddenError, friendshipMessages.onlyRecipient);
    }
  });

  it('with no pending request there is nothing to accept or reject', () => {
    const histories: FriendshipEvent[][] = [
      [],
      [requested(ann, bob), accepted(ann, bob)],
      [requested(ann, bob), rejected(ann, bob)],
      [requested(ann, bob), removed(ann, bob, ann)],
      [requested(ann, bob), accepted(ann, bob), removed(ann, bob, bob)],
    ];
    for (const history of histories) {
      for (const command of [accept(bob), reject(bob)]) {
        spec
          .given(history)
          .when(command)
          .thenThrows(NotFoundError, friendshipMessages.noPendingRequest);
      }
    }
  });
});

describe('friendship decider: removing', () => {
  const friends = [requested(ann, bob), accepted(ann, bob)];

  it('given friends, when either removes the other, then FriendRemoved by that user', () => {
    spec
      .given(friends)
      .when(remove(ann, bob))
      .then([
        {
          type: 'FriendRemoved',
          data: {
            v: 1,
            friendshipId: id,
            requesterId: ann,
            recipientId: bob,
            removedBy: ann,
            at: later,
          },
        },
      ]);
    spec
      .given(friends)
      .when(remove(bob, ann))
      .then((events) => expect(events[0]?.data).toMatchObject({ removedBy: bob }));
  });

  it('given a pending request, when its requester removes it, then FriendRemoved (withdrawn)', () => {
    spec
      .given([requested(ann, bob)])
      .when(remove(ann, bob))
      .then([
        {
          type: 'FriendRemoved',
          data: {
            v: 1,
            friendshipId: id,
            requesterId: ann,
            recipientId: bob,
            removedBy: ann,
            at: later,
          },
        },
      ]);
  });

  it('given a pending request, its recipient has no friend to remove (they reject instead)', () => {
    spec
      .given([requested(ann, bob)])
      .when(remove(bob, ann))
      .thenThrows(NotFoundError, friendshipMessages.nothingToRemove);
  });

  it('with nothing between the pair there is nothing to remove', () => {
    for (const history of [
      [],
      [requested(ann, bob), rejected(ann, bob)],
      [...friends, removed(ann, bob, ann)],
    ]) {
      spec
        .given(history)
        .when(remove(ann, bob))
        .thenThrows(NotFoundError, friendshipMessages.nothingToRemove);
    }
  });

  it('a user outside the pair removes nothing', () => {
    spec
      .given(friends)
      .when(remove(eve, bob))
      .thenThrows(NotFoundError, friendshipMessages.nothingToRemove);
  });
});
