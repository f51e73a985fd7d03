import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@campus/contracts';
import { EMAIL_NOT_VERIFIED_MESSAGE, EMAIL_NOT_VERIFIED_PROBLEM_TYPE } from '@campus/infra';
import { emulatorIdToken, withEmulatorClaims } from '@campus/infra/testing';
import { ADMIN_EMAIL, startCommandStack, type CommandStack } from '../testing/command-stack';

/**
 * A Google account whose email is not verified proves nothing about who holds the address: it
 * registers nobody, carries no admin right (even for an address on ADMIN_EMAILS) and sends no
 * command. Every refusal is a 403 problem that says so, and appends nothing.
 */
describe('command service: a token whose email is not verified', () => {
  let stack: CommandStack;
  let admin: Awaited<ReturnType<CommandStack['registerUser']>>;
  let student: Awaited<ReturnType<CommandStack['registerUser']>>;

  const registration = {
    first_name: 'Una',
    last_name: 'Verified',
    phone: '5551234567',
    has_car: false,
  };

  const send = (method: 'post' | 'put', path: string, token: string, body: object) =>
    request(stack.app)[method](path).set('authorization', `Bearer ${token}`).send(body);

  const expectRefused = (response: request.Response) => {
    expect(response.status, response.text).toBe(403);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.body).toMatchObject({
      status: 403,
      type: EMAIL_NOT_VERIFIED_PROBLEM_TYPE,
      detail: EMAIL_NOT_VERIFIED_MESSAGE,
    });
  };

  beforeAll(async () => {
    stack = await startCommandStack();
    admin = await stack.registerUser(ADMIN_EMAIL);
    student = await stack.registerUser(`student-${randomUUID()}@university.edu`);
  });
  afterAll(async () => {
    await stack.stop();
  });

  it('registers nobody: a university address is refused and no event is appended', async () => {
    const email = `unverified-${randomUUID()}@university.edu`;
    const token = await emulatorIdToken(email, { emailVerified: false });
    const before = await stack.store.headPosition();
    expectRefused(await send('post', routes.registerUser.path, token, registration));
    expect(await stack.store.headPosition()).toEqual(before);
    // The same person once Google has verified the address registers as usual.
    const verified = withEmulatorClaims(token, { email_verified: true });
    const registered = await send('post', routes.registerUser.path, verified, registration);
    expect(registered.status, registered.text).toBe(201);
  });

  it('gives no admin right to an address on ADMIN_EMAILS', async () => {
    const unverifiedAdmin = withEmulatorClaims(admin.token, { email_verified: false });
    const before = await stack.store.headPosition();
    expectRefused(
      await send('post', routes.addApprovedEmail.path, unverifiedAdmin, {
        email: `guest-${randomUUID()}@gmail.com`,
      }),
    );
    expect(await stack.store.headPosition()).toEqual(before);
    // Control: the same admin with a verified token may.
    const allowed = await send('post', routes.addApprovedEmail.path, admin.token, {
      email: `guest-${randomUUID()}@gmail.com`,
    });
    expect(allowed.status, allowed.text).toBeLessThan(300);
  });

  it('refuses a registered user’s commands while the token says unverified', async () => {
    const unverified = withEmulatorClaims(student.token, { email_verified: false });
    const before = await stack.store.headPosition();
    expectRefused(
      await send('post', routes.createOrganization.path, unverified, { name: 'Unproven Club' }),
    );
    expectRefused(await send('post', routes.protectedCheck.path, unverified, {}));
    expect(await stack.store.headPosition()).toEqual(before);
    const allowed = await send('post', routes.createOrganization.path, student.token, {
      name: 'Proven Club',
    });
    expect(allowed.status, allowed.text).toBe(201);
  });
});
