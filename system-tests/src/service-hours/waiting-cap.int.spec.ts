import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  myServiceLogsSchema,
  serviceHoursTexts,
  WAITING_SERVICE_LOGS_MAX,
} from '@campus/contracts';
import { createFixtures, type Fixtures } from '../stack/fixtures';
import { startTestStack, type TestAccount, type TestStack } from '../stack/stack';

const ADMIN = 'cap-admin@university.edu';

/**
 * A student may have WAITING_SERVICE_LOGS_MAX logs waiting in one verifiers' queue (a platform
 * organization's, or the admins' for organizations off the platform), no more, so nobody fills a
 * queue (docs/service-hours.md). Real Postgres, Redis and the emulator.
 */
describe('logs waiting for a decision, at most WAITING_SERVICE_LOGS_MAX per student and queue (real stack)', () => {
  let stack: TestStack;
  let f: Fixtures;
  let admin: TestAccount;
  let host: TestAccount;
  let max: TestAccount;
  let other: TestAccount;
  let club = '';
  const logged: string[] = [];

  /** A log for Cap Club, or for an organization off the platform named `outside`. */
  const log = (account: TestAccount, outside: string | null = null) =>
    stack.command('post', '/api/hours', account.token, {
      ...(outside === null ? { organization_id: club } : { outside_organization: outside }),
      date: '2026-03-01',
      minutes: 30,
      cause: 'Education',
      description: 'Sorted donated books.',
      verifier_name: 'Lee Librarian',
      verifier_email: 'lee.librarian@example.org',
    });
  /** The student's logs once the read model has every command sent so far. */
  const mine = async (account: TestAccount) => {
    const response = await stack.read('/api/hours/mine', account.token);
    expect(response.status, response.text).toBe(200);
    return myServiceLogsSchema.parse(response.body);
  };

  beforeAll(async () => {
    stack = await startTestStack({ config: { ADMIN_EMAILS: [ADMIN] }, label: 'hours-cap' });
    f = createFixtures(stack);
    stack.clock.set('2026-03-03T17:00:00.000Z');
    admin = await stack.registerUser(ADMIN, { first: 'Ada', last: 'Admin' });
    host = await f.user('cap-host', { first: 'Hal', last: 'Host' });
    max = await f.user('cap-max', { first: 'Max', last: 'Many' });
    other = await f.user('cap-other', { first: 'Oli', last: 'Other' });
    club = (await f.organization(host, { name: 'Cap Club', admin })).id;
    for (let i = 0; i < WAITING_SERVICE_LOGS_MAX; i++) {
      const response = await log(max);
      expect(response.status, response.text).toBe(201);
      logged.push((response.body as { id: string }).id);
    }
  });
  afterAll(async () => {
    await stack.stop();
  });

  it('refuses one more with its text, and appends nothing', async () => {
    expect((await mine(max)).logs).toHaveLength(WAITING_SERVICE_LOGS_MAX);
    const refused = await log(max);
    expect(refused.status, refused.text).toBe(409);
    expect((refused.body as { message: string }).message).toBe(
      serviceHoursTexts.errors.tooManyWaiting(WAITING_SERVICE_LOGS_MAX),
    );
    expect((await mine(max)).logs).toHaveLength(WAITING_SERVICE_LOGS_MAX);
  });

  it("leaves other students' logging alone, and the student's logging for other queues", async () => {
    expect((await log(other)).status).toBe(201);
    // Cap Club's queue is full; the admins' queue for organizations off the platform is not.
    expect((await log(max, 'City Library')).status).toBe(201);
  });

  it('counts the logs for organizations off the platform together (the admins decide them)', async () => {
    const student = await f.user('cap-outside', { first: 'Uma', last: 'Outside' });
    for (let i = 0; i < WAITING_SERVICE_LOGS_MAX; i++)
      expect((await log(student, `Library ${String(i)}`)).status).toBe(201);
    await mine(student);
    const refused = await log(student, 'Another Library');
    expect(refused.status, refused.text).toBe(409);
    expect((refused.body as { message: string }).message).toBe(
      serviceHoursTexts.errors.tooManyWaitingOutside(WAITING_SERVICE_LOGS_MAX),
    );
    // A platform organization's queue is another one.
    expect((await log(student)).status).toBe(201);
  });

  it('makes room again as logs are decided, approved or rejected', async () => {
    // The cap counts what the read model holds: each step waits for it (`mine` reads with the
    // consistency token of every command sent so far).
    await f.decideHours(host, logged[0] ?? '', 'approve');
    await mine(max);
    expect((await log(max)).status).toBe(201);
    await mine(max);
    expect((await log(max)).status).toBe(409);

    await f.decideHours(host, logged[1] ?? '', 'reject', 'No one at the library knows of this.');
    await mine(max);
    expect((await log(max)).status).toBe(201);
    const full = await mine(max);
    const clubs = full.logs.filter((l) => l.organization_id === club);
    expect(clubs.filter((l) => l.status === 'pending')).toHaveLength(WAITING_SERVICE_LOGS_MAX);
    expect(clubs).toHaveLength(WAITING_SERVICE_LOGS_MAX + 2);
  });
});
