import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  approvedEmailPersonalSchema,
  CONSISTENCY_TOKEN_HEADER,
  profileMessages,
  sealedSchema,
  toApprovedEmailStreamId,
  toUserStreamId,
  userProfilePersonalChangesSchema,
} from '@campus/contracts';
import { createPersonalDataVault, reservationHash, type PersonalDataVault } from '@campus/infra';
import { emulatorIdToken } from '@campus/infra/testing';
import { ADMIN_EMAIL, startCommandStack, type CommandStack } from '../testing/command-stack';

type Account = { token: string; userId: string };

describe('profile edits and approved emails over HTTP', () => {
  let stack: CommandStack;
  let vault: PersonalDataVault;
  let admin: Account;
  let owner: Account;
  let other: Account;

  beforeAll(async () => {
    stack = await startCommandStack();
    vault = createPersonalDataVault(stack.db.pool);
    admin = await stack.registerUser(ADMIN_EMAIL);
    owner = await stack.registerUser('owner@university.edu', { first: 'Ada', last: 'Lovelace' });
    other = await stack.registerUser('other@university.edu');
  });
  afterAll(async () => {
    await stack.stop();
  });

  const put = (account: Account | null, userId: string, body: object) => {
    const r = request(stack.app).put(`/api/users/${userId}`);
    return (account ? r.set('authorization', `Bearer ${account.token}`) : r).send(body);
  };
  const profileUpdates = async (userId: string) =>
    (await stack.streamEvents(toUserStreamId(userId))).filter(
      (e) => e.type === 'UserProfileUpdated',
    );

  describe('PUT /api/users/:id', () => {
    it("seals the owner's personal changes and keeps interests in clear", async () => {
      const response = await put(owner, owner.userId, {
        name: 'Ada King',
        bio: 'Counting engines.',
        interests: ['Education', 'Education', 'Health and Wellness'],
        profile_image: '/files/ada.png',
        email: 'hijack@gmail.com',
      });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ success: true, id: owner.userId });
      expect(response.headers[CONSISTENCY_TOKEN_HEADER]).toMatch(/^v1\./);

      const [updated, ...more] = await profileUpdates(owner.userId);
      expect(more).toEqual([]);
      expect(updated?.data).toMatchObject({
        userId: owner.userId,
        interests: ['Education', 'Health and Wellness'],
      });
      expect(JSON.stringify(updated?.data)).not.toMatch(/King|Counting|hijack/);
      const sealed = sealedSchema.parse(updated?.data['personal']);
      expect(sealed.subject).toBe(owner.userId);
      expect(await vault.open(sealed, userProfilePersonalChangesSchema)).toEqual({
        lastName: 'King',
        bio: 'Counting engines.',
        profileImage: '/files/ada.png',
      });
    });

    it('records nothing when nothing changed, or only the ignored email was sent', async () => {
      const before = (await profileUpdates(owner.userId)).length;
      const same = await put(owner, owner.userId, {
        first_name: 'Ada',
        bio: 'Counting engines.',
        interests: ['Education', 'Health and Wellness'],
      });
      expect(same.status).toBe(200);
      expect(same.headers[CONSISTENCY_TOKEN_HEADER]).toBeUndefined();
      expect((await put(owner, owner.userId, { email: 'x@gmail.com' })).status).toBe(200);
      expect(await profileUpdates(owner.userId)).toHaveLength(before);
    });

    it('records interests alone without a sealed part, and a cleared bio', async () => {
      expect((await put(owner, owner.userId, { interests: [] })).status).toBe(200);
      expect((await put(owner, owner.userId, { bio: '' })).status).toBe(200);
      const [interests, bio] = (await profileUpdates(owner.userId)).slice(-2);
      expect(interests?.data).toMatchObject({ personal: null, interests: [] });
      expect(bio?.data).toMatchObject({ interests: null });
      const sealed = sealedSchema.parse(bio?.data['personal']);
      expect(await vault.open(sealed, userProfilePersonalChangesSchema)).toEqual({ bio: null });
    });

    it("refuses anyone else's edit, admins included, with 403", async () => {
      const byOther = await put(other, owner.userId, { bio: 'Hacked' });
      expect(byOther.status).toBe(403);
      expect(byOther.body.message).toBe(profileMessages.onlyOwner);
      expect((await put(admin, owner.userId, { bio: 'Moderated' })).status).toBe(403);
    });

    it('answers 400 naming the bad fields and 401 without a token', async () => {
      const bad = await put(owner, owner.userId, {
        phone: '555-12',
        interests: ['Knitting'],
        profile_image: 'javascript:alert(1)',
      });
      expect(bad.status).toBe(400);
      const errors = (bad.body as { errors: { field: string }[] }).errors;
      expect(errors.map((e) => e.field)).toEqual(['phone', 'interests.0', 'profile_image']);
      expect((await put(null, owner.userId, { bio: 'Anonymous' })).status).toBe(401);
    });
  });

  describe('POST /api/approved-emails', () => {
    const add = (account: Account | null, body: object) => {
      const r = request(stack.app).post('/api/approved-emails');
      return (account ? r.set('authorization', `Bearer ${account.token}`) : r).send(body);
    };

    it('lets an approved outside address register, recording it sealed and once', async () => {
      const email = 'friend@gmail.com';
      const token = await emulatorIdToken(email);
      const register = () =>
        request(stack.app)
          .post('/api/users')
          .set('authorization', `Bearer ${token}`)
          .send({ first_name: 'Out', last_name: 'Sider', phone: '5551234567', has_car: false });
      expect((await register()).status).toBe(403);

      const added = await add(admin, { email: '  Friend@Gmail.com ' });
      expect(added.status).toBe(201);
      expect(added.body).toEqual({ success: true });
      expect(added.headers[CONSISTENCY_TOKEN_HEADER]).toMatch(/^v1\./);
      const again = await add(admin, { email: email });
      expect(again.status).toBe(200);
      expect(again.body).toEqual({ success: true });

      const hash = reservationHash(email);
      const events = await stack.streamEvents(toApprovedEmailStreamId(hash));
      expect(events.map((e) => e.type)).toEqual(['ApprovedEmailAdded']);
      expect(JSON.stringify(events[0]?.data)).not.toContain('friend');
      const sealed = sealedSchema.parse(events[0]?.data['personal']);
      expect(sealed.subject).toBe(`email:${hash}`);
      expect(await vault.open(sealed, approvedEmailPersonalSchema)).toEqual({ email });

      const registered = await register();
      expect(registered.status).toBe(201);
      expect(registered.body).toMatchObject({ email, first_name: 'Out' });
    });

    it('answers 400 with the exact messages', async () => {
      const missing = await add(admin, {});
      expect(missing.status).toBe(400);
      expect(missing.body.message).toBe('Please enter an email address');
      expect(missing.body.errors).toEqual([
        { field: 'email', message: 'Please enter an email address' },
      ]);
      const blank = await add(admin, { email: '  ' });
      expect(blank.body.message).toBe('Please enter an email address');
      const invalid = await add(admin, { email: 'friend@gmail' });
      expect(invalid.status).toBe(400);
      expect(invalid.body.message).toBe('Please enter a valid email address');
    });

    it('is for admins only', async () => {
      expect((await add(other, { email: 'pal@gmail.com' })).status).toBe(403);
      expect((await add(null, { email: 'pal@gmail.com' })).status).toBe(401);
      expect(
        await stack.streamEvents(toApprovedEmailStreamId(reservationHash('pal@gmail.com'))),
      ).toEqual([]);
    });
  });
});
