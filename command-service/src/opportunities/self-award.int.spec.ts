import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opportunityMessages, texts, toOpportunityStreamId } from '@campus/contracts';
import { ADMIN_EMAIL, startCommandStack, type CommandStack } from '../testing/command-stack';
import { OPPORTUNITY_STARTS_AT, opportunityBody } from './testing/fixtures';

type Account = { token: string; userId: string };
type Step = { step: string; status: number; message: string | undefined; fields?: string[] };

const integrity = texts.opportunities.integrity;
/** The stack's clock starts 2026-03-02 10:00 Eastern; the day before is the past. */
const YESTERDAY = '2026-03-01T10:00';
const afterStart = (hours: number) =>
  new Date(Date.parse(OPPORTUNITY_STARTS_AT) + hours * 3_600_000).toISOString();

/**
 * The self-award chain over HTTP: a student hosts their own organization and opportunity, signs
 * up, and tries to reach "started" and award themselves a day of minutes with no admin involved.
 */
describe('a student awarding themselves points', () => {
  let stack: CommandStack;
  let admin: Account;
  let student: Account;

  const send = (account: Account, method: 'post' | 'put', path: string, body: object) =>
    request(stack.app)[method](path).set('authorization', `Bearer ${account.token}`).send(body);
  /** One step of the chain as status, message and the fields a 400 names. */
  const step = async (name: string, response: Promise<request.Response>): Promise<Step> => {
    const { status, body } = (await response) as {
      status: number;
      body: { message?: string; errors?: { field: string }[] };
    };
    return {
      step: name,
      status,
      message: body.message,
      ...(body.errors ? { fields: [...new Set(body.errors.map((e) => e.field))] } : {}),
    };
  };
  const typesOf = async (opportunityId: string) =>
    (await stack.streamEvents(toOpportunityStreamId(opportunityId))).map((e) => e.type);

  beforeAll(async () => {
    stack = await startCommandStack();
    admin = await stack.registerUser(ADMIN_EMAIL);
    student = await stack.registerUser('self-award@university.edu');
  });
  afterAll(async () => {
    await stack.stop();
  });

  it('is refused at the backdate and at the self attendance; admins cannot backdate either; the schedule is fixed after attendance', async () => {
    const org = await send(student, 'post', '/api/orgs', { name: 'My Own Club' });
    expect(org.status).toBe(201);
    expect(org.body).toMatchObject({ approved: false, host_user_id: student.userId });
    const orgId = (org.body as { id: string }).id;

    const pastCreate = await step(
      'create an opportunity starting yesterday',
      send(student, 'post', '/api/opps', opportunityBody(orgId, { date: YESTERDAY })),
    );
    const created = await send(student, 'post', '/api/opps', opportunityBody(orgId));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ approved: false, host_user_id: student.userId });
    const id = (created.body as { id: string }).id;

    const signup = await step(
      'sign up for it',
      send(student, 'post', '/api/register-opp', { user_id: student.userId, opportunity_id: id }),
    );
    const backdate = await step(
      'move the date to yesterday',
      send(student, 'put', `/api/opps/${id}`, { date: YESTERDAY }),
    );
    const earlyTime = await step(
      'move the time before now on the same day',
      send(student, 'put', `/api/opps/${id}`, { date: '2026-03-02', time: '09:00' }),
    );

    stack.clock.set(afterStart(2));
    const selfAttendance = await step(
      'mark their own attendance at 1,499 minutes',
      send(student, 'put', '/api/attendance', {
        opportunity_id: id,
        user_ids: [student.userId],
        duration: 1499,
      }),
    );
    const adminBackdate = await step(
      'an admin moves the date to yesterday',
      send(admin, 'put', `/api/opps/${id}`, { date: YESTERDAY }),
    );

    expect([pastCreate, signup, backdate, earlyTime, selfAttendance, adminBackdate]).toEqual([
      {
        step: 'create an opportunity starting yesterday',
        status: 400,
        message: integrity.startInPast,
        fields: ['date'],
      },
      { step: 'sign up for it', status: 201, message: undefined },
      {
        step: 'move the date to yesterday',
        status: 400,
        message: integrity.startInPast,
        fields: ['date'],
      },
      {
        step: 'move the time before now on the same day',
        status: 400,
        message: integrity.startInPast,
        fields: ['date'],
      },
      {
        step: 'mark their own attendance at 1,499 minutes',
        status: 409,
        message: integrity.attendanceNeedsApproval,
      },
      {
        step: 'an admin moves the date to yesterday',
        status: 400,
        message: integrity.startInPast,
        fields: ['date'],
      },
    ]);
    expect(await typesOf(id)).toEqual(['OpportunityCreated', 'UserSignedUp']);

    // Once an admin approves it, the host may submit; then the schedule the award used is fixed.
    await send(admin, 'put', `/api/opps/${id}`, { approved: true }).expect(200);
    await send(student, 'put', '/api/attendance', {
      opportunity_id: id,
      user_ids: [student.userId],
      duration: 90,
    }).expect(200);
    const fixed = await Promise.all([
      step(
        'host moves the date',
        send(student, 'put', `/api/opps/${id}`, { date: '2026-04-01T10:00' }),
      ),
      step('admin lengthens it', send(admin, 'put', `/api/opps/${id}`, { duration: 1440 })),
      step(
        'admin moves the time',
        send(admin, 'put', `/api/opps/${id}`, { date: '2026-03-10', time: '18:00' }),
      ),
    ]);
    expect(fixed).toEqual([
      { step: 'host moves the date', status: 409, message: integrity.scheduleFixedAfterAttendance },
      { step: 'admin lengthens it', status: 409, message: integrity.scheduleFixedAfterAttendance },
      {
        step: 'admin moves the time',
        status: 409,
        message: integrity.scheduleFixedAfterAttendance,
      },
    ]);
    const description = await step(
      'host edits the description',
      send(student, 'put', `/api/opps/${id}`, { description: 'Thanks for coming.' }),
    );
    expect(description).toMatchObject({ status: 200 });
    const again = await step(
      'submit attendance again',
      send(admin, 'put', '/api/attendance', { opportunity_id: id, user_ids: [], duration: 1499 }),
    );
    expect(again).toMatchObject({
      status: 409,
      message: opportunityMessages.attendanceAlreadySubmitted,
    });
    expect(await typesOf(id)).toEqual([
      'OpportunityCreated',
      'UserSignedUp',
      'OpportunityApproved',
      'AttendanceMarked',
      'OpportunityUpdated',
    ]);
  });
});
