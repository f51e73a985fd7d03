import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHECK_IN_WINDOW_MS,
  checkInListSchema,
  checkInResultSchema,
  checkInTokenSchema,
  issueCheckInToken,
  checkInTexts,
} from '@campus/contracts';
import { createFixtures, type Fixtures } from '../stack/fixtures';
import { startTestStack, type TestAccount, type TestStack } from '../stack/stack';

const ADMIN = 'check-in-admin@university.edu';

describe('QR check-in through the whole backend (real Postgres, Redis, auth emulator)', () => {
  let stack: TestStack;
  let f: Fixtures;
  let admin: TestAccount;
  let host: TestAccount;
  let student: TestAccount;
  let stranger: TestAccount;
  let opportunityId = '';
  const opportunityName = 'Riverside Park Cleanup';

  const tokenAs = async (account: TestAccount, id = opportunityId) =>
    stack.read(`/api/opps/${id}/check-in-token`, account.token);
  const checkIn = (account: TestAccount, token: string, id = opportunityId) =>
    stack.command('post', `/api/opps/${id}/check-in`, account.token, { token });
  const checkedIn = async () => {
    const response = await stack.read(`/api/opps/${opportunityId}/check-ins`, host.token);
    expect(response.status, response.text).toBe(200);
    return checkInListSchema.parse(response.body).user_ids;
  };

  beforeAll(async () => {
    stack = await startTestStack({ config: { ADMIN_EMAILS: [ADMIN] }, label: 'check-in' });
    f = createFixtures(stack);
    admin = await stack.registerUser(ADMIN);
    host = await f.user('host');
    student = await f.user('student');
    stranger = await f.user('stranger');
    const club = await f.organization(host, { admin });
    opportunityId = await f.opportunity(host, club.id, { name: opportunityName }, admin);
    await f.signUp(student, opportunityId);
  });
  afterAll(async () => {
    await stack.stop();
  });

  it('gives the current code to the host and admins only', async () => {
    const answer = await tokenAs(host);
    expect(answer.status, answer.text).toBe(200);
    const body = checkInTokenSchema.parse(answer.body);
    expect(body.path).toBe(`/check-in/${opportunityId}?t=${encodeURIComponent(body.token)}`);
    expect(body.window_ms).toBe(CHECK_IN_WINDOW_MS);
    expect((await tokenAs(admin)).status).toBe(200);
    expect((await tokenAs(student)).status).toBe(403);
    expect((await stack.read(`/api/opps/${opportunityId}/check-ins`, student.token)).status).toBe(
      403,
    );
    expect((await tokenAs(host, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await stack.read(`/api/opps/${opportunityId}/check-in-token`, null)).status).toBe(401);
  });

  it('refuses forged and expired codes, and a student not registered, with clear messages', async () => {
    const forged = await checkIn(
      student,
      `${String(Math.floor(Date.now() / 1000))}.${'A'.repeat(43)}`,
    );
    expect(forged.status).toBe(400);
    expect(forged.body).toMatchObject({ detail: checkInTexts.errors.forged });
    expect(JSON.stringify(forged.body)).toContain('token');

    const old = await issueCheckInToken(
      stack.config.CHECK_IN_SECRET,
      opportunityId,
      new Date(stack.clock.now().getTime() - 2 * CHECK_IN_WINDOW_MS),
    );
    const expired = await checkIn(student, old.token);
    expect(expired.status).toBe(400);
    expect(expired.body).toMatchObject({ detail: checkInTexts.errors.expired });

    const current = checkInTokenSchema.parse((await tokenAs(host)).body).token;
    const notRegistered = await checkIn(stranger, current);
    expect(notRegistered.status).toBe(403);
    expect(notRegistered.body).toMatchObject({ detail: checkInTexts.errors.notRegistered });

    const empty = await checkIn(student, '');
    expect(empty.status).toBe(400);
    expect(await checkedIn()).toEqual([]);
  });

  it('checks a registered student in once with the current or the previous code', async () => {
    const code = checkInTokenSchema.parse((await tokenAs(host)).body).token;
    stack.clock.advance(CHECK_IN_WINDOW_MS);
    const first = await checkIn(student, code);
    expect(first.status, first.text).toBe(200);
    expect(first.body).toEqual({
      success: true,
      already_checked_in: false,
      opportunity_name: opportunityName,
    });
    expect(await checkedIn()).toEqual([student.userId]);

    const again = await checkIn(student, code);
    expect(again.body).toEqual({
      success: true,
      already_checked_in: true,
      opportunity_name: opportunityName,
    });
    const events = await stack.store.readStream(`opportunity-${opportunityId}`);
    expect(events.filter((e) => e.type === 'ParticipantCheckedIn')).toHaveLength(1);

    stack.clock.advance(CHECK_IN_WINDOW_MS);
    const stale = await checkIn(student, code);
    expect(stale.status).toBe(400);
  });

  it('names the opportunity as it is called now, after a rename', async () => {
    const club = await f.organization(host, { admin });
    const renamedId = await f.opportunity(host, club.id, { name: 'Shelter Breakfast' }, admin);
    const guest = await f.user('guest');
    await f.signUp(guest, renamedId);
    const renamed = await stack.command('put', `/api/opps/${renamedId}`, host.token, {
      name: 'Shelter Breakfast Crew',
    });
    expect(renamed.status, renamed.text).toBe(200);
    const code = checkInTokenSchema.parse((await tokenAs(host, renamedId)).body).token;
    const answer = await checkIn(guest, code, renamedId);
    expect(answer.status, answer.text).toBe(200);
    expect(checkInResultSchema.parse(answer.body)).toEqual({
      success: true,
      already_checked_in: false,
      opportunity_name: 'Shelter Breakfast Crew',
    });
  });

  it('refuses check-in once attendance is submitted', async () => {
    const late = await f.user('late');
    await f.signUp(late, opportunityId);
    stack.clock.set('2026-03-10T16:00:00.000Z');
    await f.markAttendance(host, opportunityId, [student], 60);
    const code = checkInTokenSchema.parse((await tokenAs(host)).body).token;
    const refused = await checkIn(late, code);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ detail: checkInTexts.errors.attendanceSubmitted });
    expect(await checkedIn()).toEqual([student.userId]);
  });
});
