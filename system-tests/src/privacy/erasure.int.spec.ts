import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, createPersonalDataVault } from '@campus/infra';
import { replayProjections } from '@campus/projection-worker';
import { createFixtures, type Fixtures } from '../stack/fixtures';
import { startTestStack, type TestAccount, type TestStack } from '../stack/stack';

const ADMIN = 'erase-admin@university.edu';
const TARGET_EMAIL = 'zed.zapata@university.edu';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe('erasing a person: personal data unreadable everywhere, replays included', () => {
  let stack: TestStack;
  let f: Fixtures;
  let admin: TestAccount;
  let host: TestAccount;
  let target: TestAccount;
  let other: TestAccount;
  let org: { id: string };
  let opportunity: string;
  let photo: string;
  /** Everything personal of the target that must never be read again. */
  let needles: string[];

  const get = async (path: string, account: TestAccount) => {
    const response = await stack.read(path, account.token);
    expect(response.status, `${path}: ${response.text}`).toBe(200);
    return response;
  };
  /** Every read of the product that could show the target, as text (JSON or CSV). */
  const everyRead = async () => {
    const reads = [
      await get(`/api/users/${target.userId}`, other),
      await get(`/api/users/${target.userId}`, admin),
      await get('/api/users', admin),
      await get('/api/users/emails', admin),
      await get('/api/search?q=Z', other),
      await get('/api/leaderboard?period=all', other),
      await get('/api/leaderboard', other),
      await get(`/api/opps/${opportunity}/full`, other),
      await get(`/api/opps/${opportunity}/attendance`, host),
      await get('/api/opps', other),
      await get(`/api/orgs/${org.id}`, other),
      await get(`/api/users/${other.userId}/friends`, other),
      await get(`/api/users/${other.userId}/friendships/all`, other),
      await get(`/api/users/${other.userId}/points-history`, admin),
      await get(`/api/users/${target.userId}/points-history`, admin),
      await get('/api/users/csv', admin),
      await get('/api/opps/csv', admin),
    ];
    return reads.map((r) => r.text).join('\n');
  };
  const pointsOf = async (account: TestAccount) =>
    ((await get(`/api/users/${account.userId}`, admin)).body as { points: number }).points;
  const historyOf = async (account: TestAccount) =>
    (await get(`/api/users/${account.userId}/points-history`, admin)).body as unknown;

  beforeAll(async () => {
    stack = await startTestStack({ config: { ADMIN_EMAILS: [ADMIN] }, label: 'erasure' });
    f = createFixtures(stack);
    admin = await stack.registerUser(ADMIN, { first: 'Ada', last: 'Admin' });
    host = await f.user('host', { first: 'Hal', last: 'Host' });
    target = await stack.registerUser(TARGET_EMAIL, {
      first: 'Zebulon',
      last: 'Zapatero',
      phone: '5559876543',
    });
    other = await f.user('other', { first: 'Olga', last: 'Other' });
    org = await f.organization(host, { name: 'Tree Planters', admin });
    await f.join(target, org.id);
    await f.join(other, org.id);
    opportunity = await f.opportunity(host, org.id, {}, admin);
    await f.signUp(target, opportunity);
    await f.signUp(other, opportunity);
    stack.clock.set('2026-03-10T16:00:00.000Z');
    await f.markAttendance(host, opportunity, [target, other], 90);
    await f.befriend(target, other);

    const upload = await request(stack.commandApp)
      .post('/upload')
      .set('authorization', `Bearer ${target.token}`)
      .attach('file', PNG, 'me.png');
    expect(upload.status, upload.text).toBe(201);
    photo = (upload.body as { url: string }).url;
    const edit = await stack.command('put', `/api/users/${target.userId}`, target.token, {
      bio: 'Kayaker from Quahog',
      profile_image: photo,
    });
    expect(edit.status, edit.text).toBe(200);
    needles = ['Zebulon', 'Zapatero', TARGET_EMAIL, '5559876543', 'Kayaker from Quahog', photo];
  });
  afterAll(async () => {
    await stack.stop();
  });

  it('is for admins only, and names nobody unknown', async () => {
    const asStudent = await stack.command(
      'post',
      `/api/admin/users/${target.userId}/erase`,
      other.token,
    );
    expect(asStudent.status).toBe(403);
    const anonymous = await stack.command('post', `/api/admin/users/${target.userId}/erase`, null);
    expect(anonymous.status).toBe(401);
    const unknown = await stack.command(
      'post',
      '/api/admin/users/6f0c61a4-4d43-4b5e-9d43-6ab2b8f0a001/erase',
      admin.token,
    );
    expect(unknown.status).toBe(404);
    expect((await stack.command('post', '/api/admin/users/nobody/erase', admin.token)).status).toBe(
      404,
    );
  });

  it('leaves nothing personal in any read, keeps points and others histories, and survives a replay', async () => {
    const before = await everyRead();
    // The needles are really there before (else the test could not fail).
    for (const needle of needles) expect(before).toContain(needle);
    const photoUrl = photo;
    expect((await request(stack.queryApp).get(photoUrl)).status).toBe(200);
    const targetPoints = await pointsOf(target);
    const otherPoints = await pointsOf(other);
    const otherHistory = await historyOf(other);
    const targetHistory = await historyOf(target);
    expect(targetPoints).toBeGreaterThan(0);

    const erased = await stack.command(
      'post',
      `/api/admin/users/${target.userId}/erase`,
      admin.token,
    );
    expect(erased.status, erased.text).toBe(200);
    expect(erased.body).toEqual({ success: true, id: target.userId });
    // Erasing again records nothing more.
    const again = await stack.command(
      'post',
      `/api/admin/users/${target.userId}/erase`,
      admin.token,
    );
    expect(again.status).toBe(200);
    const userEvents = await stack.store.readStream(`user-${target.userId}`);
    expect(userEvents.filter((e) => e.type === 'UserErased')).toHaveLength(1);

    const assertErased = async () => {
      const after = await everyRead();
      for (const needle of needles) expect(after, needle).not.toContain(needle);
      const profile = (await get(`/api/users/${target.userId}`, admin)).body as Record<
        string,
        unknown
      >;
      expect(profile).toMatchObject({ profile_image: null, bio: null });
      expect(await pointsOf(target)).toBe(targetPoints);
      expect(await pointsOf(other)).toBe(otherPoints);
      expect(await historyOf(other)).toEqual(otherHistory);
      expect(await historyOf(target)).toEqual(targetHistory);
      const detail = (await get(`/api/opps/${opportunity}/full`, other)).body as Record<
        string,
        unknown
      >;
      expect(JSON.stringify(detail)).toContain(target.userId);
      const { rows } = await stack.db.pool.query<Record<string, unknown>>(
        `SELECT first_name, last_name, email, phone, gender, birthday, profile_image, bio, erased,
                email_hash
           FROM read.users WHERE id = $1`,
        [target.userId],
      );
      expect(rows[0]).toEqual({
        first_name: null,
        last_name: null,
        email: null,
        phone: null,
        gender: null,
        birthday: null,
        profile_image: null,
        bio: null,
        erased: true,
        email_hash: `erased:${target.userId}`,
      });
    };
    await assertErased();
    // The uploaded photo itself is gone, and the key that sealed everything else.
    expect((await request(stack.queryApp).get(photoUrl)).status).toBe(404);
    const keys = await stack.db.pool.query('SELECT 1 FROM pii.subject_keys WHERE subject = $1', [
      target.userId,
    ]);
    expect(keys.rowCount).toBe(0);

    // A replay of the whole log opens nothing of theirs: the same erased rows come back.
    await replayProjections({
      store: stack.store,
      pool: stack.db.pool,
      vault: createPersonalDataVault(stack.db.pool),
      logger: createLogger('test'),
      redis: stack.redis,
      keyPrefix: stack.boardPrefix,
      requested: 'all',
      batchSize: 7,
    });
    await assertErased();
  });

  it('lets the address register again as a new person, and the old account acts no more', async () => {
    const oldToken = target.token;
    const asOld = await stack.command('put', `/api/users/${target.userId}`, oldToken, {
      bio: 'back again',
    });
    expect(asOld.status).toBeGreaterThanOrEqual(400);
    const again = await stack.registerUser(TARGET_EMAIL, { first: 'Zoe', last: 'New' });
    expect(again.userId).not.toBe(target.userId);
    const profile = (await get(`/api/users/${again.userId}`, admin)).body as { name: string };
    expect(profile.name).toBe('Zoe New');
    const old = (await get(`/api/users/${target.userId}`, admin)).text;
    expect(old).not.toContain('Zoe');
  });
});
