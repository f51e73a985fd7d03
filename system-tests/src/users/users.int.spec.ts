import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONSISTENCY_STATUS_HEADER,
  CONSISTENCY_TOKEN_HEADER,
  texts,
  userSchema,
} from '@campus/contracts';
import { emulatorIdToken } from '@campus/infra/testing';
import { startTestStack, type TestStack } from '../stack/stack';

const registration = {
  first_name: ' Ada ',
  last_name: 'Lovelace',
  phone: '5551234567',
  has_car: true,
  car_seats: 3,
};

describe('users slice over HTTP (registration, sign-in checks, user reads)', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ config: { ADMIN_EMAILS: ['boss@university.edu'] } });
  });
  afterAll(async () => {
    await stack.stop();
  });

  it('answers the three authentication texts', async () => {
    const missing = await request(stack.commandApp).post('/api/protected');
    expect(missing.status).toBe(401);
    expect(missing.body.message).toBe(texts.auth.missingToken);

    const invalid = await request(stack.commandApp)
      .post('/api/protected')
      .set('authorization', 'Bearer not-a-token');
    expect(invalid.status).toBe(401);
    expect(invalid.body.message).toBe(texts.auth.invalidToken);

    const ok = await request(stack.commandApp)
      .post('/api/protected')
      .set('authorization', `Bearer ${await emulatorIdToken('newcomer@university.edu')}`);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      status: 'authenticated',
      user: { email: 'newcomer@university.edu', email_verified: true, id: null, admin: false },
    });
  });

  it('registers a university address, and a read right after the write sees it', async () => {
    const token = await emulatorIdToken('ada@university.edu');
    const created = await request(stack.commandApp)
      .post('/api/users')
      .set('authorization', `Bearer ${token}`)
      .send({ ...registration, email: 'forged@elsewhere.com' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      first_name: 'Ada',
      email: 'ada@university.edu',
      car_seats: 3,
      admin: false,
    });
    const consistency = created.headers[CONSISTENCY_TOKEN_HEADER];
    expect(consistency).toMatch(/^v1\.\d+\.\d+$/);

    const read = await request(stack.queryApp)
      .get('/api/users/email/ada@university.edu')
      .set('authorization', `Bearer ${token}`)
      .set(CONSISTENCY_TOKEN_HEADER, String(consistency));
    expect(read.status).toBe(200);
    expect(read.headers[CONSISTENCY_STATUS_HEADER]).toBe('fresh');
    const user = userSchema.parse(read.body);
    expect(user).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@university.edu',
      phone: '5551234567',
      points: 0,
    });

    const exists = await request(stack.queryApp)
      .get('/api/users/check/ADA@university.edu')
      .set('authorization', `Bearer ${token}`);
    expect(exists.body).toEqual({ exists: true });

    const byId = await request(stack.queryApp)
      .get(`/api/users/${user.id}`)
      .set('authorization', `Bearer ${token}`);
    expect(byId.status).toBe(200);
    expect(byId.body.id).toBe(user.id);
  });

  it('refuses a second registration of the same email', async () => {
    const token = await emulatorIdToken('twice@university.edu');
    const first = await request(stack.commandApp)
      .post('/api/users')
      .set('authorization', `Bearer ${token}`)
      .send(registration);
    expect(first.status).toBe(201);
    const second = await request(stack.commandApp)
      .post('/api/users')
      .set('authorization', `Bearer ${token}`)
      .send(registration);
    expect(second.status).toBe(409);
  });

  it('refuses an outside address that is not on the approved list, with the exact text', async () => {
    const token = await emulatorIdToken('stranger@gmail.com');
    const response = await request(stack.commandApp)
      .post('/api/users')
      .set('authorization', `Bearer ${token}`)
      .send(registration);
    expect(response.status).toBe(403);
    expect(response.body.message).toBe(texts.signInErrors.notApproved(stack.config.SUPPORT_EMAIL));

    const check = await request(stack.queryApp).get(
      '/api/approved-emails/check/stranger@gmail.com',
    );
    expect(check.status).toBe(200);
    expect(check.body).toEqual({ is_approved: false });
    const university = await request(stack.queryApp).get(
      '/api/approved-emails/check/someone@university.edu',
    );
    expect(university.body).toEqual({ is_approved: true });
  });

  it('answers 400 naming every bad field', async () => {
    const token = await emulatorIdToken('badinput@university.edu');
    const response = await request(stack.commandApp)
      .post('/api/users')
      .set('authorization', `Bearer ${token}`)
      .send({ first_name: '', phone: '123', has_car: true, car_seats: 40 });
    expect(response.status).toBe(400);
    const fields = (response.body.errors as { field: string }[]).map((e) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['phone', 'car_seats']));
    const malformed = await request(stack.commandApp)
      .post('/api/users')
      .set('authorization', `Bearer ${token}`)
      .set('content-type', 'application/json')
      .send('{"first_name": ');
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe('The request body is not valid JSON');
  });

  it('makes configured first admins admins, and hides contact fields from other users', async () => {
    const bossToken = await emulatorIdToken('boss@university.edu');
    const boss = await request(stack.commandApp)
      .post('/api/users')
      .set('authorization', `Bearer ${bossToken}`)
      .send(registration);
    expect(boss.body.admin).toBe(true);

    const peerToken = await emulatorIdToken('peer@university.edu');
    const peer = await request(stack.commandApp)
      .post('/api/users')
      .set('authorization', `Bearer ${peerToken}`)
      .send(registration);
    const token = String(peer.headers[CONSISTENCY_TOKEN_HEADER]);

    const asPeer = await request(stack.queryApp)
      .get(`/api/users/${String(boss.body.id)}`)
      .set('authorization', `Bearer ${peerToken}`)
      .set(CONSISTENCY_TOKEN_HEADER, token);
    expect(asPeer.status).toBe(200);
    expect(asPeer.body).not.toHaveProperty('email');
    expect(asPeer.body).not.toHaveProperty('phone');

    const asAdmin = await request(stack.queryApp)
      .get(`/api/users/${String(peer.body.id)}`)
      .set('authorization', `Bearer ${bossToken}`)
      .set(CONSISTENCY_TOKEN_HEADER, token);
    expect(asAdmin.body.email).toBe('peer@university.edu');
  });

  it('keeps personal data out of the event log', async () => {
    const { rows } = await stack.db.pool.query<{ data: unknown }>(
      `SELECT data FROM es.events WHERE event_type = 'UserRegistered'`,
    );
    expect(rows.length).toBeGreaterThan(0);
    const raw = JSON.stringify(rows);
    expect(raw).not.toContain('ada@university.edu');
    expect(raw).not.toContain('Lovelace');
    expect(raw).not.toContain('5551234567');
  });

  it('gives up waiting after the limit and says so', async () => {
    const token = await emulatorIdToken('ada@university.edu');
    const future = await request(stack.queryApp)
      .get('/api/users/check/ada@university.edu')
      .set('authorization', `Bearer ${token}`)
      .set(CONSISTENCY_TOKEN_HEADER, 'v1.999999999999.1');
    expect(future.status).toBe(200);
    expect(future.headers[CONSISTENCY_STATUS_HEADER]).toBe('stale');
  });

  it('shows someone who signed in but has not registered only themselves', async () => {
    const newcomer = await emulatorIdToken('not-yet@university.edu');
    const other = await request(stack.queryApp)
      .get('/api/users/email/ada@university.edu')
      .set('authorization', `Bearer ${newcomer}`);
    expect(other.status).toBe(403);
    expect(other.text).not.toContain('Ada');
    const own = await request(stack.queryApp)
      .get('/api/users/email/not-yet@university.edu')
      .set('authorization', `Bearer ${newcomer}`);
    expect(own.status).toBe(404);
    // Registered, the same lookup of oneself answers every field, the private ones included.
    const registered = await request(stack.commandApp)
      .post('/api/users')
      .set('authorization', `Bearer ${newcomer}`)
      .send(registration);
    expect(registered.status).toBe(201);
    const self = await request(stack.queryApp)
      .get('/api/users/email/not-yet@university.edu')
      .set('authorization', `Bearer ${newcomer}`)
      .set(CONSISTENCY_TOKEN_HEADER, String(registered.headers[CONSISTENCY_TOKEN_HEADER]));
    expect(self.status).toBe(200);
    expect(self.body).toMatchObject({ email: 'not-yet@university.edu', admin: false });
    expect(self.body).toHaveProperty('registration_date');
  });

  it('answers 404 with the exact text for an unknown user', async () => {
    const token = await emulatorIdToken('ada@university.edu');
    const response = await request(stack.queryApp)
      .get('/api/users/00000000-0000-4000-8000-000000000000')
      .set('authorization', `Bearer ${token}`);
    expect(response.status).toBe(404);
    expect(response.body.message).toBe(texts.notFound.user);
  });
});
