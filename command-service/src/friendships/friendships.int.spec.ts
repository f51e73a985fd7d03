import type { Express } from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  buildPath,
  CONSISTENCY_TOKEN_HEADER,
  friendshipIdOf,
  routes,
  texts,
  toFriendshipStreamId,
} from '@campus/contracts';
import { ADMIN_EMAIL, startCommandStack, type CommandStack } from '../testing/command-stack';
import { friendshipMessages } from './friendship-decider';

type TestUser = { token: string; userId: string; email: string };

const unknownUserId = '0f0f0f0f-0f0f-4f0f-8f0f-0f0f0f0f0f0f';

describe('friendships over HTTP', () => {
  let stack: CommandStack;
  let admin: TestUser;
  let serial = 0;
  /** A fresh registered user per test, so pairs never share history. */
  const newUser = () => stack.registerUser(`friend-${String(++serial)}@university.edu`);

  const requestFriend = (actor: TestUser | null, forId: string, body: unknown, app?: Express) => {
    const call = request(app ?? stack.app).post(
      buildPath(routes.requestFriend.path, { id: forId }),
    );
    return (actor ? call.set('authorization', `Bearer ${actor.token}`) : call).send(body as object);
  };
  const answer = (actor: TestUser | null, how: 'accept' | 'reject', friendshipId: string) => {
    const route = how === 'accept' ? routes.acceptFriendRequest : routes.rejectFriendRequest;
    const call = request(stack.app).put(buildPath(route.path, { id: friendshipId }));
    return actor ? call.set('authorization', `Bearer ${actor.token}`) : call;
  };
  const removeFriend = (actor: TestUser | null, forId: string, friendId: string) => {
    const call = request(stack.app).delete(
      buildPath(routes.removeFriend.path, { id: forId, friendId }),
    );
    return actor ? call.set('authorization', `Bearer ${actor.token}`) : call;
  };
  const pairEvents = (a: TestUser, b: TestUser) =>
    stack.streamEvents(toFriendshipStreamId(friendshipIdOf(a.userId, b.userId)));
  const pairEventTypes = async (a: TestUser, b: TestUser) =>
    (await pairEvents(a, b)).map((e) => e.type);

  beforeAll(async () => {
    stack = await startCommandStack();
    admin = await stack.registerUser(ADMIN_EMAIL);
  });
  afterAll(async () => {
    await stack.stop();
  });

  describe('POST /api/users/:id/friends', () => {
    it('sends a request: FriendRequested by the caller at the clock time, with a consistency token', async () => {
      const [ann, bob] = [await newUser(), await newUser()];
      stack.clock.set('2026-03-04T12:00:00.000Z');
      const res = await requestFriend(ann, ann.userId, { receiver_id: bob.userId });
      expect(res.status).toBe(200);
      const id = friendshipIdOf(ann.userId, bob.userId);
      expect(res.body).toEqual({ success: true, id });
      expect(res.headers[CONSISTENCY_TOKEN_HEADER]).toMatch(/^v1\./);
      const events = await pairEvents(ann, bob);
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({
        type: 'FriendRequested',
        data: {
          v: 1,
          friendshipId: id,
          requesterId: ann.userId,
          recipientId: bob.userId,
          at: '2026-03-04T12:00:00.000Z',
        },
        metadata: { actorUserId: ann.userId, commandName: 'RequestFriend' },
      });
    });

    it('accepts ids in upper case as the same pair', async () => {
      const [ann, bob] = [await newUser(), await newUser()];
      const res = await requestFriend(ann, ann.userId.toUpperCase(), {
        receiver_id: bob.userId.toUpperCase(),
      });
      expect(res.status).toBe(200);
      expect(res.body.id).toBe(friendshipIdOf(ann.userId, bob.userId));
      expect(await pairEventTypes(ann, bob)).toEqual(['FriendRequested']);
    });

    it('answers 401 without a valid token', async () => {
      const bob = await newUser();
      const missing = await requestFriend(null, bob.userId, { receiver_id: bob.userId });
      expect(missing.status).toBe(401);
      expect(missing.body.message).toBe(texts.auth.missingToken);
      const invalid = await request(stack.app)
        .post(buildPath(routes.requestFriend.path, { id: bob.userId }))
        .set('authorization', 'Bearer not-a-token')
        .send({ receiver_id: bob.userId });
      expect(invalid.status).toBe(401);
    });

    it('answers 403 when :id is someone else, and lets an admin act for a user', async () => {
      const [ann, bob, cat] = [await newUser(), await newUser(), await newUser()];
      const forbidden = await requestFriend(cat, ann.userId, { receiver_id: bob.userId });
      expect(forbidden.status).toBe(403);
      expect(await pairEventTypes(ann, bob)).toEqual([]);

      const byAdmin = await requestFriend(admin, ann.userId, { receiver_id: bob.userId });
      expect(byAdmin.status).toBe(200);
      const events = await pairEvents(ann, bob);
      expect(events[0]).toMatchObject({
        type: 'FriendRequested',
        data: { requesterId: ann.userId, recipientId: bob.userId },
        metadata: { actorUserId: admin.userId },
      });
    });

    it('answers 400 for a missing or malformed receiver_id and for a request to yourself', async () => {
      const ann = await newUser();
      const missing = await requestFriend(ann, ann.userId, {});
      expect(missing.status).toBe(400);
      expect(missing.body.errors).toEqual([
        expect.objectContaining({ field: 'receiver_id' }) as unknown,
      ]);
      const malformed = await requestFriend(ann, ann.userId, { receiver_id: 'bob' });
      expect(malformed.status).toBe(400);
      expect(malformed.body.message).toBe('receiver_id must be a valid id');
      const self = await requestFriend(ann, ann.userId, { receiver_id: ann.userId });
      expect(self.status).toBe(400);
      expect(self.body.message).toBe(friendshipMessages.selfRequest);
    });

    it('answers 404 when the receiver (or the user an admin acts for) is not registered', async () => {
      const ann = await newUser();
      const noReceiver = await requestFriend(ann, ann.userId, { receiver_id: unknownUserId });
      expect(noReceiver.status).toBe(404);
      expect(noReceiver.body.message).toBe(texts.notFound.user);
      expect(
        await stack.streamEvents(toFriendshipStreamId(friendshipIdOf(ann.userId, unknownUserId))),
      ).toEqual([]);

      const noRequester = await requestFriend(admin, unknownUserId, { receiver_id: ann.userId });
      expect(noRequester.status).toBe(404);
      expect(noRequester.body.message).toBe(texts.notFound.user);
      const malformedRequester = await requestFriend(admin, 'nobody', { receiver_id: ann.userId });
      expect(malformedRequester.status).toBe(404);
    });

    it('answers 409 to a repeated request, accepts a crossing one, then answers 409 to friends', async () => {
      const [ann, bob] = [await newUser(), await newUser()];
      expect((await requestFriend(ann, ann.userId, { receiver_id: bob.userId })).status).toBe(200);

      const again = await requestFriend(ann, ann.userId, { receiver_id: bob.userId });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(friendshipMessages.alreadySent);

      const crossing = await requestFriend(bob, bob.userId, { receiver_id: ann.userId });
      expect(crossing.status).toBe(200);
      expect(crossing.body).toEqual({ success: true, id: friendshipIdOf(ann.userId, bob.userId) });
      const events = await pairEvents(ann, bob);
      expect(events.map((e) => e.type)).toEqual(['FriendRequested', 'FriendRequestAccepted']);
      expect(events[1]?.data).toMatchObject({ requesterId: ann.userId, recipientId: bob.userId });

      for (const [from, to] of [
        [ann, bob],
        [bob, ann],
      ] as const) {
        const friends = await requestFriend(from, from.userId, { receiver_id: to.userId });
        expect(friends.status).toBe(409);
        expect(friends.body.message).toBe(friendshipMessages.alreadyFriends);
      }
      expect(await pairEventTypes(ann, bob)).toHaveLength(2);
    });
  });

  describe('PUT /api/friendships/:id/accept and /reject', () => {
    it('lets the recipient accept: FriendRequestAccepted', async () => {
      const [ann, bob] = [await newUser(), await newUser()];
      const { body } = await requestFriend(ann, ann.userId, { receiver_id: bob.userId });
      const res = await answer(bob, 'accept', body.id);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, id: body.id });
      expect(res.headers[CONSISTENCY_TOKEN_HEADER]).toMatch(/^v1\./);
      const events = await pairEvents(ann, bob);
      expect(events.map((e) => e.type)).toEqual(['FriendRequested', 'FriendRequestAccepted']);
      expect(events[1]).toMatchObject({
        data: { requesterId: ann.userId, recipientId: bob.userId },
        metadata: { actorUserId: bob.userId, commandName: 'AcceptFriendRequest' },
      });
    });

    it('lets the recipient reject, after which the pair may try again', async () => {
      const [ann, bob] = [await newUser(), await newUser()];
      const { body } = await requestFriend(ann, ann.userId, { receiver_id: bob.userId });
      const res = await answer(bob, 'reject', body.id);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, id: body.id });

      const retry = await requestFriend(ann, ann.userId, { receiver_id: bob.userId });
      expect(retry.status).toBe(200);
      expect(retry.body.id).toBe(body.id);
      expect(await pairEventTypes(ann, bob)).toEqual([
        'FriendRequested',
        'FriendRequestRejected',
        'FriendRequested',
      ]);
    });

    it('answers 401 without a token', async () => {
      const [ann, bob] = [await newUser(), await newUser()];
      const { body } = await requestFriend(ann, ann.userId, { receiver_id: bob.userId });
      expect((await answer(null, 'accept', body.id)).status).toBe(401);
      expect((await answer(null, 'reject', body.id)).status).toBe(401);
    });

    it('answers 403 to the requester and to strangers, admins included', async () => {
      const [ann, bob, cat] = [await newUser(), await newUser(), await newUser()];
      const { body } = await requestFriend(ann, ann.userId, { receiver_id: bob.userId });
      for (const actor of [ann, cat, admin]) {
        for (const how of ['accept', 'reject'] as const) {
          const res = await answer(actor, how, body.id);
          expect(res.status).toBe(403);
          expect(res.body.message).toBe(friendshipMessages.onlyRecipient);
        }
      }
      expect(await pairEventTypes(ann, bob)).toEqual(['FriendRequested']);
    });

    it('answers 404 when no request is pending', async () => {
      const [ann, bob] = [await newUser(), await newUser()];
      const id = friendshipIdOf(ann.userId, bob.userId);
      for (const how of ['accept', 'reject'] as const) {
        const never = await answer(bob, how, id);
        expect(never.status).toBe(404);
        expect(never.body.message).toBe(friendshipMessages.noPendingRequest);
      }
      await requestFriend(ann, ann.userId, { receiver_id: bob.userId });
      await answer(bob, 'accept', id);
      for (const how of ['accept', 'reject'] as const) {
        const friends = await answer(bob, how, id);
        expect(friends.status).toBe(404);
        expect(friends.body.message).toBe(friendshipMessages.noPendingRequest);
      }
    });

    it('answers 404, never 500, to malformed friendship ids', async () => {
      const [ann, bob] = [await newUser(), await newUser()];
      const [low, high] = [ann.userId, bob.userId].sort();
      const malformed = [
        'garbage',
        'a_b',
        `${high!}_${low!}`,
        `${low!}_${low!}`,
        `${low!}_${high!}_${high!}`,
        `${low!}-${high!}`,
        `_${high!}`,
        'x'.repeat(5000),
      ];
      for (const id of malformed) {
        for (const how of ['accept', 'reject'] as const) {
          const res = await answer(bob, how, id);
          expect(res.status, id).toBe(404);
          expect(res.body.message).toBe(friendshipMessages.noPendingRequest);
        }
      }
    });
  });

  describe('DELETE /api/users/:id/friends/:friendId', () => {
    it('lets either friend remove the other, after which they may become friends again', async () => {
      const [ann, bob] = [await newUser(), await newUser()];
      const { body } = await requestFriend(ann, ann.userId, { receiver_id: bob.userId });
      await answer(bob, 'accept', body.id);

      const res = await removeFriend(bob, bob.userId, ann.userId);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, id: body.id });
      expect(res.headers[CONSISTENCY_TOKEN_HEADER]).toMatch(/^v1\./);
      const events = await pairEvents(ann, bob);
      expect(events.at(-1)).toMatchObject({
        type: 'FriendRemoved',
        data: { requesterId: ann.userId, recipientId: bob.userId, removedBy: bob.userId },
        metadata: { actorUserId: bob.userId, commandName: 'RemoveFriend' },
      });

      expect((await requestFriend(bob, bob.userId, { receiver_id: ann.userId })).status).toBe(200);
      expect((await answer(ann, 'accept', body.id)).status).toBe(200);
      expect((await removeFriend(ann, ann.userId, bob.userId)).status).toBe(200);
      expect(await pairEventTypes(ann, bob)).toEqual([
        'FriendRequested',
        'FriendRequestAccepted',
        'FriendRemoved',
        'FriendRequested',
        'FriendRequestAccepted',
        'FriendRemoved',
      ]);
    });

    it("lets a request's sender withdraw it, but not its recipient (who rejects instead)", async () => {
      const [ann, bob] = [await newUser(), await newUser()];
      await requestFriend(ann, ann.userId, { receiver_id: bob.userId });

      const byRecipient = await removeFriend(bob, bob.userId, ann.userId);
      expect(byRecipient.status).toBe(404);
      expect(byRecipient.body.message).toBe(friendshipMessages.nothingToRemove);

      const withdrawn = await removeFriend(ann, ann.userId, bob.userId);
      expect(withdrawn.status).toBe(200);
      expect(await pairEventTypes(ann, bob)).toEqual(['FriendRequested', 'FriendRemoved']);
      expect((await answer(bob, 'accept', withdrawn.body.id)).status).toBe(404);
    });

    it('answers 401 without a token', async () => {
      const [ann, bob] = [await newUser(), await newUser()];
      expect((await removeFriend(null, ann.userId, bob.userId)).status).toBe(401);
    });

    it('answers 403 when :id is someone else, and lets an admin act for a user', async () => {
      const [ann, bob, cat] = [await newUser(), await newUser(), await newUser()];
      const { body } = await requestFriend(ann, ann.userId, { receiver_id: bob.userId });
      await answer(bob, 'accept', body.id);

      const forbidden = await removeFriend(cat, ann.userId, bob.userId);
      expect(forbidden.status).toBe(403);
      expect(await pairEventTypes(ann, bob)).toHaveLength(2);

      const byAdmin = await removeFriend(admin, ann.userId, bob.userId);
      expect(byAdmin.status).toBe(200);
      expect((await pairEvents(ann, bob)).at(-1)).toMatchObject({
        type: 'FriendRemoved',
        data: { removedBy: ann.userId },
        metadata: { actorUserId: admin.userId },
      });
    });

    it('answers 404 when there is nothing to remove or the friend id is malformed', async () => {
      const [ann, bob] = [await newUser(), await newUser()];
      for (const friendId of [bob.userId, unknownUserId, 'nobody', ann.userId]) {
        const res = await removeFriend(ann, ann.userId, friendId);
        expect(res.status, friendId).toBe(404);
        expect(res.body.message).toBe(friendshipMessages.nothingToRemove);
      }
      expect((await removeFriend(admin, 'nobody', bob.userId)).status).toBe(404);
      const { body } = await requestFriend(ann, ann.userId, { receiver_id: bob.userId });
      await answer(bob, 'reject', body.id);
      expect((await removeFriend(ann, ann.userId, bob.userId)).status).toBe(404);
    });
  });

  describe('concurrency', () => {
    const crossingRush = async (apps: readonly Express[]) => {
      const [ann, bob] = [await newUser(), await newUser()];
      const responses = await Promise.all(
        Array.from({ length: 20 }, (_, i) => {
          const [from, to] = i % 2 === 0 ? [ann, bob] : [bob, ann];
          return requestFriend(
            from,
            from.userId,
            { receiver_id: to.userId },
            apps[i % apps.length],
          );
        }),
      );
      const statuses = responses.map((r) => r.status).sort();
      expect(statuses).toEqual([...Array<number>(2).fill(200), ...Array<number>(18).fill(409)]);
      for (const r of responses.filter((r) => r.status === 409)) {
        expect([friendshipMessages.alreadySent, friendshipMessages.alreadyFriends]).toContain(
          r.body.message,
        );
      }
      const events = await pairEvents(ann, bob);
      expect(events.map((e) => e.type)).toEqual(['FriendRequested', 'FriendRequestAccepted']);
      const { requesterId, recipientId } = events[0]!.data;
      expect(events[1]!.data).toMatchObject({ requesterId, recipientId });
      expect([requesterId, recipientId].sort()).toEqual([ann.userId, bob.userId].sort());
    };

    it('20 concurrent crossing requests make the pair friends once, with no duplicate events', async () => {
      await crossingRush([stack.app]);
    });

    it('the same holds across two command-service instances (optimistic concurrency, not the in-process queue)', async () => {
      // A second copy of every module: its own per-stream queue, as a second process would have.
      vi.resetModules();
      const { createCommandApp } = await import('../http/app');
      const infra = await import('@campus/infra');
      const { TEST_FIREBASE_PROJECT_ID } = await import('@campus/infra/testing');
      const { createStreamCallerResolver } = await import('../users/caller-resolver');
      const store = await infra.createEventStore({ pool: stack.db.pool });
      const secondApp = createCommandApp({
        store,
        pool: stack.db.pool,
        uploadDir: stack.uploadDir,
        vault: infra.createPersonalDataVault(stack.db.pool),
        verifier: infra.createFirebaseTokenVerifier({ projectId: TEST_FIREBASE_PROJECT_ID }),
        resolveCaller: createStreamCallerResolver(store),
        clock: stack.clock,
        config: stack.config,
        logger: infra.createLogger('test'),
      });
      try {
        await crossingRush([stack.app, secondApp]);
      } finally {
        await store.close();
      }
    });
  });
});
