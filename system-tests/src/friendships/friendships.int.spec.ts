import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  friendListSchema,
  friendshipIdOf,
  friendshipsAllSchema,
  notificationsSchema,
  searchResultSchema,
  SEARCH_RESULT_LIMIT,
} from '@campus/contracts';
import { createFixtures, type Fixtures } from '../stack/fixtures';
import { startTestStack, type TestAccount, type TestStack } from '../stack/stack';

const ADMIN = 'friends-admin@university.edu';

describe('friendships, notifications and search over HTTP', () => {
  let stack: TestStack;
  let f: Fixtures;
  let admin: TestAccount;
  let me: TestAccount;
  let sent: TestAccount;
  let received: TestAccount;
  let friend: TestAccount;
  let stranger: TestAccount;
  let fifth: TestAccount;
  let bob: TestAccount;
  let ownClub: { id: string };

  beforeAll(async () => {
    stack = await startTestStack({ config: { ADMIN_EMAILS: [ADMIN] }, label: 'friends' });
    f = createFixtures(stack);
    admin = await stack.registerUser(ADMIN, { first: 'Ada', last: 'Admin' });
    me = await f.user('me', { first: 'Alex', last: 'Self' });
    sent = await f.user('sent', { first: 'Alex', last: 'Anders' });
    received = await f.user('received', { first: 'Alexa', last: 'Brown' });
    friend = await f.user('friend', { first: 'Alexis', last: 'Cole' });
    stranger = await f.user('stranger', { first: 'Alexandra', last: 'Dee' });
    fifth = await f.user('fifth', { first: 'Alexander', last: 'Eve' });
    bob = await f.user('bob', { first: 'Bob', last: 'Other' });
    await f.requestFriend(me, sent);
    await f.requestFriend(received, me);
    await f.befriend(me, friend);

    ownClub = await f.organization(me, { name: 'Alex Club', admin });
    for (const name of ['Alexandria Society', 'Alex Fans', 'alexandrite Guild', 'Alex Five']) {
      await f.organization(bob, { name, admin });
    }
    await f.organization(bob, { name: 'Alex Pending' });
  });
  afterAll(async () => {
    await stack.stop();
  });

  it('lists every other user with their friendship status towards the user', async () => {
    const response = await stack.read(`/api/users/${me.userId}/friendships/all`, me.token);
    expect(response.status).toBe(200);
    const entries = friendshipsAllSchema.parse(response.body);
    const status = Object.fromEntries(entries.map((e) => [e.user_id, e.friendship_status]));
    expect(status).toEqual({
      [admin.userId]: 'add',
      [sent.userId]: 'sent',
      [received.userId]: 'received',
      [friend.userId]: 'friends',
      [stranger.userId]: 'add',
      [fifth.userId]: 'add',
      [bob.userId]: 'add',
    });
    expect(entries.find((e) => e.user_id === friend.userId)).toEqual({
      user_id: friend.userId,
      name: 'Alexis Cole',
      profile_image: null,
      friendship_id: friendshipIdOf(me.userId, friend.userId),
      friendship_status: 'friends',
    });
    expect(entries.find((e) => e.user_id === bob.userId)?.friendship_id).toBeNull();

    const asAdmin = await stack.read(`/api/users/${me.userId}/friendships/all`, admin.token);
    expect(asAdmin.status).toBe(200);
    const asOther = await stack.read(`/api/users/${me.userId}/friendships/all`, bob.token);
    expect(asOther.status).toBe(403);
  });

  it('lists accepted friends to anyone, in the documented shape', async () => {
    const response = await stack.read(`/api/users/${me.userId}/friends`, bob.token);
    expect(friendListSchema.parse(response.body)).toEqual([
      {
        other_user_id: friend.userId,
        other_user_name: 'Alexis Cole',
        other_user_profile_image: null,
        friendship_id: friendshipIdOf(me.userId, friend.userId),
      },
    ]);
    const unknown = await stack.read(
      '/api/users/00000000-0000-4000-8000-000000000000/friends',
      me.token,
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('User not found');
  });

  it('counts pending requests received in the notifications, until answered', async () => {
    const before = notificationsSchema.parse(
      (await stack.read('/api/notifications', me.token)).body,
    );
    expect(before.count).toBe(1);
    expect(before.friend_requests).toEqual([
      expect.objectContaining({ user_id: received.userId, name: 'Alexa Brown' }),
    ]);
    const theirs = notificationsSchema.parse(
      (await stack.read('/api/notifications', sent.token)).body,
    );
    expect(theirs.friend_requests.map((r) => r.user_id)).toEqual([me.userId]);

    await f.requestFriend(bob, me);
    const two = notificationsSchema.parse((await stack.read('/api/notifications', me.token)).body);
    expect(two.count).toBe(2);
    const rejected = await stack.command(
      'put',
      `/api/friendships/${friendshipIdOf(me.userId, bob.userId)}/reject`,
      me.token,
    );
    expect(rejected.status).toBe(200);
    const after = notificationsSchema.parse(
      (await stack.read('/api/notifications', me.token)).body,
    );
    expect(after.count).toBe(1);
    expect((await request(stack.queryApp).get('/api/notifications')).status).toBe(401);
  });

  it('searches up to 4 students and 4 approved organizations, case-insensitively, without the caller', async () => {
    const response = await stack.read('/api/search?q=ALEX', me.token);
    expect(response.status).toBe(200);
    const result = searchResultSchema.parse(response.body);
    expect(result.students).toHaveLength(SEARCH_RESULT_LIMIT);
    const candidates = [sent, received, friend, stranger, fifth].map((a) => a.userId);
    for (const s of result.students) expect(candidates).toContain(s.id);
    expect(result.students.map((s) => s.id)).not.toContain(me.userId);
    expect(result.organizations).toHaveLength(SEARCH_RESULT_LIMIT);
    expect(result.organizations.map((o) => o.name)).not.toContain('Alex Pending');

    const one = searchResultSchema.parse(
      (await stack.read('/api/search?q=%20anders%20', me.token)).body,
    );
    expect(one.students).toEqual([
      {
        id: sent.userId,
        name: 'Alex Anders',
        profile_image: null,
        friendship_status: 'sent',
        friendship_id: friendshipIdOf(me.userId, sent.userId),
      },
    ]);
    expect(one.organizations).toEqual([]);
    const friends = searchResultSchema.parse(
      (await stack.read('/api/search?q=cole', me.token)).body,
    );
    expect(friends.students.map((s) => s.friendship_status)).toEqual(['friends']);
    const clubs = searchResultSchema.parse(
      (await stack.read('/api/search?q=alex%20club', me.token)).body,
    );
    expect(clubs.organizations).toEqual([
      {
        id: ownClub.id,
        name: 'Alex Club',
        type: 'Community Service',
        is_member: true,
        is_host: true,
      },
    ]);
    const self = searchResultSchema.parse((await stack.read('/api/search?q=self', me.token)).body);
    expect(self.students).toEqual([]);
    // % and _ are literal text, not wildcards.
    const wildcard = searchResultSchema.parse(
      (await stack.read('/api/search?q=%25', me.token)).body,
    );
    expect(wildcard).toEqual({ students: [], organizations: [] });
  });

  it('answers 400 for a missing or blank search text', async () => {
    for (const path of ['/api/search', '/api/search?q=%20%20']) {
      const response = await stack.read(path, me.token);
      expect(response.status, path).toBe(400);
      expect(response.body.errors[0].field).toBe('q');
    }
  });
});
