import { describe, expect, it } from 'vitest';
import { eventSchemas, friendshipIdOf, type DomainEvent } from '@campus/contracts';
import {
  AppError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  ValidationError,
} from '@campus/infra';
import {
  friendshipDecider,
  friendshipMessages,
  type FriendshipCommand,
} from './friendship-decider';

const ann = '11111111-1111-4111-8111-111111111111';
const bob = '22222222-2222-4222-8222-222222222222';
const eve = '33333333-3333-4333-8333-333333333333';
const id = friendshipIdOf(ann, bob);
const at = '2026-03-02T15:00:00.000Z';
const later = '2026-03-03T16:30:00.000Z';

const requested = (requesterId: string, recipientId: string): DomainEvent => ({
  type: 'FriendRequested',
  data: { v: 1, friendshipId: id, requesterId, recipientId, at },
});
const accepted = (requesterId: string, recipientId: string): DomainEvent => ({
  type: 'FriendRequestAccepted',
  data: { v: 1, friendshipId: id, requesterId, recipientId, at },
});
const rejected = (requesterId: string, recipientId: string): DomainEvent => ({
  type: 'FriendRequestRejected',
  data: { v: 1, friendshipId: id, requesterId, recipientId, at },
});
const removed = (requesterId: string, recipientId: string, removedBy: string): DomainEvent => ({
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
const when = (given: DomainEvent[], command: FriendshipCommand): DomainEvent[] => {
  const state = given.reduce(friendshipDecider.evolve, friendshipDecider.initialState());
  const events = friendshipDecider.decide(command, state);
  for (const event of events) eventSchemas[event.type].parse(event.data);
  return events;
};

const refusal = (given: DomainEvent[], command: FriendshipCommand) => {
  try {
    when(given, command);
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected the command to be refused');
};

const expectRefused = (
  given: DomainEvent[],
  command: FriendshipCommand,
  kind: new (message: string) => AppError,
  message: string,
) => {
  const error = refusal(given, command);
  expect(error).toBeInstanceOf(kind);
  expect(error.message).toBe(message);
};

describe('friendship decider: requesting', () => {
  it('given no events, when Ann requests Bob, then FriendRequested at the command time', () => {
    expect(when([], request(ann, bob))).toEqual([
      {
        type: 'FriendRequested',
        data: { v: 1, friendshipId: id, requesterId: ann, recipientId: bob, at: later },
      },
    ]);
  });

  it('names the pair the same way whoever asks first', () => {
    const fromBob = when([], request(bob, ann));
    expect(fromBob[0]?.data).toMatchObject({
      friendshipId: id,
      requesterId: bob,
      recipientId: ann,
    });
  });

  it('refuses a request to yourself', () => {
    expectRefused([], request(ann, ann), ValidationError, friendshipMessages.selfRequest);
  });

  it('given a pending request from Ann, when Ann asks again, then conflict', () => {
    expectRefused(
      [requested(ann, bob)],
      request(ann, bob),
      ConflictError,
      friendshipMessages.alreadySent,
    );
  });

  it('given a pending request from Ann, when Bob asks Ann (crossing), then it is accepted', () => {
    expect(when([requested(ann, bob)], request(bob, ann))).toEqual([
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
      expectRefused(friends, request(from, to), ConflictError, friendshipMessages.alreadyFriends);
    }
  });

  it('given a rejected request, when either asks again, then a new FriendRequested', () => {
    const history = [requested(ann, bob), rejected(ann, bob)];
    expect(when(history, request(ann, bob))).toEqual([
      {
        type: 'FriendRequested',
        data: { v: 1, friendshipId: id, requesterId: ann, recipientId: bob, at: later },
      },
    ]);
    expect(when(history, request(bob, ann))[0]?.type).toBe('FriendRequested');
  });

  it('given a removed friendship, when either asks again, then a new FriendRequested', () => {
    const history = [requested(ann, bob), accepted(ann, bob), removed(ann, bob, bob)];
    expect(when(history, request(bob, ann))).toEqual([
      {
        type: 'FriendRequested',
        data: { v: 1, friendshipId: id, requesterId: bob, recipientId: ann, at: later },
      },
    ]);
  });

  it('given a withdrawn request, when the other asks, then a fresh request (not an accept)', () => {
    const history = [requested(ann, bob), removed(ann, bob, ann)];
    expect(when(history, request(bob, ann))[0]?.type).toBe('FriendRequested');
  });
});

describe('friendship decider: accepting and rejecting', () => {
  it('given a pending request, when the recipient accepts, then FriendRequestAccepted', () => {
    expect(when([requested(ann, bob)], accept(bob))).toEqual([
      {
        type: 'FriendRequestAccepted',
        data: { v: 1, friendshipId: id, requesterId: ann, recipientId: bob, at: later },
      },
    ]);
  });

  it('given a pending request, when the recipient rejects, then FriendRequestRejected', () => {
    expect(when([requested(ann, bob)], reject(bob))).toEqual([
      {
        type: 'FriendRequestRejected',
        data: { v: 1, friendshipId: id, requesterId: ann, recipientId: bob, at: later },
      },
    ]);
  });

  it('only the recipient answers: the requester and anyone else are forbidden', () => {
    for (const command of [accept(ann), reject(ann), accept(eve), reject(eve)]) {
      expectRefused(
        [requested(ann, bob)],
        command,
        ForbiddenError,
        friendshipMessages.onlyRecipient,
      );
    }
  });

  it('with no pending request there is nothing to accept or reject', () => {
    const histories: DomainEvent[][] = [
      [],
      [requested(ann, bob), accepted(ann, bob)],
      [requested(ann, bob), rejected(ann, bob)],
      [requested(ann, bob), removed(ann, bob, ann)],
      [requested(ann, bob), accepted(ann, bob), removed(ann, bob, bob)],
    ];
    for (const history of histories) {
      for (const command of [accept(bob), reject(bob)]) {
        expectRefused(history, command, NotFoundError, friendshipMessages.noPendingRequest);
      }
    }
  });
});

describe('friendship decider: removing', () => {
  const friends = [requested(ann, bob), accepted(ann, bob)];

  it('given friends, when either removes the other, then FriendRemoved by that user', () => {
    expect(when(friends, remove(ann, bob))).toEqual([
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
    expect(when(friends, remove(bob, ann))[0]?.data).toMatchObject({ removedBy: bob });
  });

  it('given a pending request, when its requester removes it, then FriendRemoved (withdrawn)', () => {
    expect(when([requested(ann, bob)], remove(ann, bob))).toEqual([
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
    expectRefused(
      [requested(ann, bob)],
      remove(bob, ann),
      NotFoundError,
      friendshipMessages.nothingToRemove,
    );
  });

  it('with nothing between the pair there is nothing to remove', () => {
    for (const history of [
      [],
      [requested(ann, bob), rejected(ann, bob)],
      [...friends, removed(ann, bob, ann)],
    ]) {
      expectRefused(history, remove(ann, bob), NotFoundError, friendshipMessages.nothingToRemove);
    }
  });

  it('a user outside the pair removes nothing', () => {
    expectRefused(friends, remove(eve, bob), NotFoundError, friendshipMessages.nothingToRemove);
  });
});
