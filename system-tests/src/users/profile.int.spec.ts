import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userEmailsSchema, userProfileSchema, usersListSchema } from '@campus/contracts';
import { createFixtures, type Fixtures } from '../stack/fixtures';
import { startTestStack, type TestAccount, type TestStack } from '../stack/stack';

const ADMIN = 'profile-admin@university.edu';

describe('profiles, the users list and emails over HTTP', () => {
  let stack: TestStack;
  let f: Fixtures;
  let admin: TestAccount;
  let host: TestAccount;
  let student: TestAccount;
  let peer: TestAccount;
  let friends: TestAccount[];
  let club: { id: string; name: string };

  const profile = async (of: TestAccount, viewer: TestAccount) => {
    const response = await stack.read(`/api/users/${of.userId}`, viewer.token);
    expect(response.status).toBe(200);
    return userProfileSchema.parse(response.body);
  };

  beforeAll(async () => {
    stack = await startTestStack({ config: { ADMIN_EMAILS: [ADMIN] }, label: 'profile' });
    f = createFixtures(stack);
    admin = await stack.registerUser(ADMIN, { first: 'Ada', last: 'Admin' });
    host = await f.user('host', { first: 'Hal', last: 'Host', phone: '5550001111' });
    student = await f.user('student', { first: 'Sue', last: 'Student', phone: '5550002222' });
    peer = await f.user('peer', { first: 'Pat', last: 'Peer' });
    friends = [];
    for (let i = 0; i < 3; i++) friends.push(await f.user('friend', { first: `Fay${String(i)}` }));
    for (const other of friends) await f.befriend(student, other);
    club = await f.organization(host, { name: 'Garden Club', admin });
    await f.join(student, club.id);
    const opportunity = await f.opportunity(
      host,
      club.id,
      { date: '2026-03-03', duration: 90 },
      admin,
    );
    await f.signUp(student, opportunity);
    stack.clock.set('2026-03-03T17:00:00.000Z');
    await f.markAttendance(host, opportunity, [student], 90);
  });
  afterAll(async () => {
    await stack.stop();
  });

  it('shows points, hours with one decimal, counts, organizations, friends and badges', async () => {
    const sue = await profile(student, peer);
    expect(sue).toMatchObject({
      name: 'Sue Student',
      // 90 attended minutes + the first-signup bonus.
      points: 95,
      hours: 1.6,
      friend_count: 3,
      signup_count: 1,
      organizations: [{ id: club.id, name: 'Garden Club' }],
      organizationIds: [club.id],
    });
    expect([...sue.friends].sort()).toEqual(friends.map((x) => x.userId).sort());
    expect(sue.badges.map((b) => b.id)).toEqual([
      'first-step',
      'point-novice',
      'point-adept',
      'social-butterfly',
      'top-ten',
    ]);
    expect(sue.badges[0]).toMatchObject({ name: 'First Step' });
    expect((await profile(peer, peer)).hours).toBe(0);
  });

  it('shows email and phone only to the user, admins, and the host of an opportunity they joined', async () => {
    expect(await profile(student, peer)).not.toHaveProperty('email');
    expect(await profile(student, peer)).not.toHaveProperty('phone');
    for (const viewer of [student, admin, host]) {
      expect(await profile(student, viewer)).toMatchObject({
        email: student.email,
        phone: '5550002222',
      });
    }
    // A registered participant reaches the host through the opportunity's Contact Host card.
    expect(await profile(host, student)).not.toHaveProperty('phone');
    expect(await profile(host, student)).not.toHaveProperty('email');
    expect(await profile(host, peer)).not.toHaveProperty('phone');
  });

  it('shows the private fields only to the user and admins', async () => {
    const PRIVATE = ['admin', 'registration_date', 'car_seats', 'major', 'graduation_year'];
    for (const viewer of [student, admin]) {
      const seen = await profile(student, viewer);
      for (const field of PRIVATE) expect(seen, field).toHaveProperty(field);
    }
    for (const viewer of [host, peer]) {
      const seen = await profile(student, viewer);
      for (const field of PRIVATE) expect(seen, field).not.toHaveProperty(field);
    }
  });

  it('lists users with public fields, the caller’s own contact fields, and a name filter', async () => {
    const response = await stack.read('/api/users', peer.token);
    expect(response.status).toBe(200);
    const users = usersListSchema.parse(response.body);
    expect(users).toHaveLength(7);
    for (const user of users) {
      if (user.id === peer.userId) expect(user.email).toBe(peer.email);
      else expect(user).not.toHaveProperty('email');
    }
    const asAdmin = usersListSchema.parse((await stack.read('/api/users', admin.token)).body);
    expect(asAdmin.every((u) => typeof u.email === 'string')).toBe(true);
    const filtered = usersListSchema.parse(
      (await stack.read('/api/users?q=STUD', peer.token)).body,
    );
    expect(filtered.map((u) => u.id)).toEqual([student.userId]);
    expect(filtered[0]?.friends).toHaveLength(3);
  });

  it('gives every email to admins only', async () => {
    const response = await stack.read('/api/users/emails', admin.token);
    expect(response.status).toBe(200);
    const body = userEmailsSchema.parse(response.body);
    expect(body.count).toBe(7);
    expect(body.emails).toEqual(
      expect.arrayContaining([admin.email, host.email, student.email, peer.email]),
    );
    expect((await stack.read('/api/users/emails', student.token)).status).toBe(403);
    expect((await request(stack.queryApp).get('/api/users/emails')).status).toBe(401);
  });
});
