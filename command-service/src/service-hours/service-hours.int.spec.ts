import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildPath,
  CONSISTENCY_TOKEN_HEADER,
  routes,
  SCORING_RULES_STREAM_ID,
  sealedSchema,
  serviceHoursPersonalSchema,
  serviceHoursReasonSchema,
  toServiceLogStreamId,
  serviceHoursTexts,
} from '@campus/contracts';
import { createPersonalDataVault, type PersonalDataVault } from '@campus/infra';
import { ADMIN_EMAIL, startCommandStack, type CommandStack } from '../testing/command-stack';

type Account = { token: string; userId: string; email: string };
type FieldProblem = { message: string; errors?: { field: string; message: string }[] };

const errors = serviceHoursTexts.errors;
/** The stack's clock starts at 2026-03-02 10:00 Eastern. */
const START = '2026-03-02T15:00:00.000Z';

describe('service hours over HTTP', () => {
  let stack: CommandStack;
  let vault: PersonalDataVault;
  let admin: Account;
  let serial = 0;
  const newUser = () => stack.registerUser(`hours-${String(++serial)}@university.edu`);

  beforeAll(async () => {
    stack = await startCommandStack();
    vault = createPersonalDataVault(stack.db.pool);
    admin = await stack.registerUser(ADMIN_EMAIL);
  });
  afterAll(async () => {
    await stack.stop();
  });

  const as = (account: Account | null, call: request.Test) =>
    account ? call.set('authorization', `Bearer ${account.token}`) : call;

  /** An organization `host` hosts; approved by an admin unless said otherwise. */
  const newOrganization = async (host: Account, options: { approved?: boolean } = {}) => {
    const created = await as(host, request(stack.app).post(routes.createOrganization.path)).send({
      name: `Club ${randomUUID()}`,
    });
    expect(created.status, created.text).toBe(201);
    const id = String(created.body.id);
    if (options.approved ?? true)
      await as(admin, request(stack.app).put(buildPath(routes.updateOrganization.path, { id })))
        .send({ approved: true })
        .expect(200);
    return id;
  };

  const validLog = (overrides: Record<string, unknown> = {}) => ({
    outside_organization: 'City Library',
    date: '2026-02-20',
    minutes: 90,
    cause: 'Education',
    description: 'Shelved books\nand read to kids',
    verifier_name: 'Grace Hopper',
    verifier_email: 'grace@library.example',
    photo: '/files/0b6f4c1d-0000-4000-8000-000000000001.png',
    ...overrides,
  });

  const logHours = (account: Account | null, body: object) =>
    as(account, request(stack.app).post(routes.logServiceHours.path)).send(body);

  /** Logs hours for `student` and answers the new log's id. */
  const newLog = async (student: Account, overrides: Record<string, unknown> = {}) => {
    const res = await logHours(student, validLog(overrides));
    expect(res.status, res.text).toBe(201);
    return String(res.body.id);
  };

  const decide = (account: Account | null, logId: string, body: object) =>
    as(
      account,
      request(stack.app).post(buildPath(routes.decideServiceHours.path, { id: logId })),
    ).send(body);

  const logEvents = (logId: string) => stack.streamEvents(toServiceLogStreamId(logId));

  const setScoring = (account: Account | null, body: object) =>
    as(account, request(stack.app).put(routes.setLoggedHoursScoring.path)).send(body);

  const expectFields = (res: request.Response, fields: string[], message?: string) => {
    expect(res.status, res.text).toBe(400);
    const problem = res.body as FieldProblem;
    expect(problem.errors?.map((e) => e.field)).toEqual(fields);
    if (message !== undefined) expect(problem.message).toBe(message);
  };

  describe('POST /api/hours', () => {
    it('logs hours for the caller: 201 with the id, a consistency token, the personal parts sealed', async () => {
      const student = await newUser();
      const res = await logHours(student, validLog());
      expect(res.status, res.text).toBe(201);
      const id = String(res.body.id);
      expect(res.body).toEqual({ success: true, id });
      expect(res.headers[CONSISTENCY_TOKEN_HEADER]).toMatch(/^v1\./);

      const events = await logEvents(id);
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({
        type: 'ServiceHoursLogged',
        data: {
          v: 1,
          logId: id,
          userId: student.userId,
          organizationId: null,
          outsideOrganization: 'City Library',
          date: '2026-02-20',
          minutes: 90,
          cause: 'Education',
          loggedAt: START,
        },
        metadata: { actorUserId: student.userId, commandName: 'LogServiceHours' },
      });
      const stored = JSON.stringify(events[0]?.data);
      for (const personal of ['Shelved', 'Grace', 'grace@library', '/files/'])
        expect(stored).not.toContain(personal);
      const sealed = sealedSchema.parse(events[0]?.data['personal']);
      expect(sealed.subject).toBe(student.userId);
      expect(await vault.open(sealed, serviceHoursPersonalSchema)).toEqual({
        description: 'Shelved books\nand read to kids',
        verifierName: 'Grace Hopper',
        verifierEmail: 'grace@library.example',
        photo: '/files/0b6f4c1d-0000-4000-8000-000000000001.png',
      });
    });

    it('logs hours for an approved platform organization, without a photo', async () => {
      const [host, student] = [await newUser(), await newUser()];
      const org = await newOrganization(host);
      const id = await newLog(student, {
        outside_organization: undefined,
        organization_id: org.toUpperCase(),
        photo: null,
      });
      const [event] = await logEvents(id);
      expect(event?.data).toMatchObject({ organizationId: org, outsideOrganization: null });
      const sealed = sealedSchema.parse(event?.data['personal']);
      expect(await vault.open(sealed, serviceHoursPersonalSchema)).toMatchObject({ photo: null });
    });

    it('answers 401 signed out, and appends nothing', async () => {
      const before = await stack.store.headPosition();
      const res = await logHours(null, validLog());
      expect(res.status).toBe(401);
      expect(await stack.store.headPosition()).toEqual(before);
    });

    it('refuses both organization fields and neither, naming organization_id', async () => {
      const [host, student] = [await newUser(), await newUser()];
      const org = await newOrganization(host);
      const before = await stack.store.headPosition();
      expectFields(await logHours(student, validLog({ organization_id: org })), [
        'organization_id',
      ]);
      expectFields(await logHours(student, validLog({ outside_organization: undefined })), [
        'organization_id',
      ]);
      expectFields(await logHours(student, validLog({ outside_organization: '  ' })), [
        'organization_id',
      ]);
      expect(await stack.store.headPosition()).toEqual(before);
    });

    it('refuses bad fields with 400 naming each of them', async () => {
      const student = await newUser();
      const before = await stack.store.headPosition();
      expectFields(await logHours(student, validLog({ minutes: 0 })), ['minutes']);
      expectFields(await logHours(student, validLog({ minutes: 1_500 })), ['minutes']);
      expectFields(await logHours(student, validLog({ cause: 'Fun' })), ['cause']);
      expectFields(await logHours(student, validLog({ date: '2026-02-30' })), ['date']);
      expectFields(await logHours(student, validLog({ verifier_email: 'grace' })), [
        'verifier_email',
      ]);
      expectFields(await logHours(student, validLog({ verifier_name: 'Grace\u0000' })), [
        'verifier_name',
      ]);
      expectFields(await logHours(student, validLog({ description: 'x'.repeat(2_001) })), [
        'description',
      ]);
      expectFields(await logHours(student, validLog({ photo: 'file:///etc/passwd' })), ['photo']);
      expectFields(await logHours(student, validLog({ user_id: admin.userId })), ['user_id']);
      expect(await stack.store.headPosition()).toEqual(before);
    });

    it('refuses a date after the Eastern today by the clock, and takes today', async () => {
      const student = await newUser();
      // 21:30 Eastern on 2026-03-02: already 2026-03-03 in UTC.
      stack.clock.set('2026-03-03T02:30:00.000Z');
      try {
        const future = await logHours(student, validLog({ date: '2026-03-03' }));
        expectFields(future, ['date'], errors.futureDate);
        await newLog(student, { date: '2026-03-02' });
      } finally {
        stack.clock.set(START);
      }
    });

    it('refuses a date more than 365 days back, and takes one exactly 365 days back', async () => {
      const student = await newUser();
      stack.clock.set('2026-07-01T16:00:00.000Z');
      try {
        expectFields(
          await logHours(student, validLog({ date: '2025-06-30' })),
          ['date'],
          errors.tooOld,
        );
        await newLog(student, { date: '2025-07-01' });
      } finally {
        stack.clock.set(START);
      }
    });

    it('refuses an unknown, a deleted and an unapproved organization, naming organization_id', async () => {
      const [host, student] = [await newUser(), await newUser()];
      const on = (organizationId: string) =>
        logHours(
          student,
          validLog({ outside_organization: null, organization_id: organizationId }),
        );

      expectFields(await on(randomUUID()), ['organization_id'], errors.organizationNotFound);

      const deleted = await newOrganization(host);
      await as(
        admin,
        request(stack.app).delete(buildPath(routes.deleteOrganization.path, { id: deleted })),
      ).expect(200);
      expectFields(await on(deleted), ['organization_id'], errors.organizationNotFound);

      const unapproved = await newOrganization(host, { approved: false });
      expectFields(await on(unapproved), ['organization_id'], errors.organizationNotApproved);
    });

    it('appends once for a retry with the same Idempotency-Key', async () => {
      const student = await newUser();
      const key = randomUUID();
      const send = () =>
        as(student, request(stack.app).post(routes.logServiceHours.path))
          .set('idempotency-key', key)
          .send(validLog());
      const first = await send();
      expect(first.status, first.text).toBe(201);
      const retry = await send();
      expect(retry.status).toBe(201);
      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect(retry.body).toEqual(first.body);
      const logs = await stack.db.pool.query<{ n: string }>(
        `SELECT count(*) AS n FROM es.events
          WHERE event_type = 'ServiceHoursLogged' AND data->>'userId' = $1`,
        [student.userId],
      );
      expect(Number(logs.rows[0]?.n)).toBe(1);
    });
  });

  describe('POST /api/hours/:id/decision', () => {
    it("lets the organization's host approve: the log's facts repeated, the reason sealed under the student", async () => {
      const [host, student] = [await newUser(), await newUser()];
      const org = await newOrganization(host);
      const id = await newLog(student, {
        outside_organization: null,
        organization_id: org,
        minutes: 45,
        cause: 'Health and Wellness',
      });
      stack.clock.set('2026-03-03T15:00:00.000Z');
      try {
        const res = await decide(host, id.toUpperCase(), {
          decision: 'approve',
          reason: 'Saw you there',
        });
        expect(res.status, res.text).toBe(200);
        expect(res.body).toEqual({ success: true, id });
        expect(res.headers[CONSISTENCY_TOKEN_HEADER]).toMatch(/^v1\./);
      } finally {
        stack.clock.set(START);
      }
      const events = await logEvents(id);
      expect(events.map((e) => e.type)).toEqual(['ServiceHoursLogged', 'ServiceHoursApproved']);
      expect(events[1]).toMatchObject({
        data: {
          v: 1,
          logId: id,
          userId: student.userId,
          verifiedBy: host.userId,
          organizationId: org,
          date: '2026-02-20',
          minutes: 45,
          cause: 'Health and Wellness',
          at: '2026-03-03T15:00:00.000Z',
        },
        metadata: { actorUserId: host.userId, commandName: 'DecideServiceHours' },
      });
      expect(JSON.stringify(events[1]?.data)).not.toContain('Saw you');
      const sealed = sealedSchema.parse(events[1]?.data['reason']);
      expect(sealed.subject).toBe(student.userId);
      expect(await vault.open(sealed, serviceHoursReasonSchema)).toEqual({
        reason: 'Saw you there',
      });
    });

    it('approves without a reason (sealed as null)', async () => {
      const student = await newUser();
      const id = await newLog(student);
      const res = await decide(admin, id, { decision: 'approve' });
      expect(res.status, res.text).toBe(200);
      const [, approved] = await logEvents(id);
      const sealed = sealedSchema.parse(approved?.data['reason']);
      expect(await vault.open(sealed, serviceHoursReasonSchema)).toEqual({ reason: null });
    });

    it('rejects with a required reason, sealed under the student', async () => {
      const [host, student] = [await newUser(), await newUser()];
      const org = await newOrganization(host);
      const id = await newLog(student, { outside_organization: null, organization_id: org });

      const without = await decide(host, id, { decision: 'reject' });
      expectFields(without, ['reason']);
      expectFields(await decide(host, id, { decision: 'reject', reason: '   ' }), ['reason']);
      expectFields(await decide(host, id, { decision: 'maybe' }), ['decision']);
      expect(await logEvents(id)).toHaveLength(1);

      const res = await decide(host, id, { decision: 'reject', reason: 'Not on our roster' });
      expect(res.status, res.text).toBe(200);
      const events = await logEvents(id);
      expect(events[1]).toMatchObject({
        type: 'ServiceHoursRejected',
        data: { v: 1, logId: id, userId: student.userId, verifiedBy: host.userId, at: START },
      });
      expect(JSON.stringify(events[1]?.data)).not.toContain('roster');
      const sealed = sealedSchema.parse(events[1]?.data['reason']);
      expect(sealed.subject).toBe(student.userId);
      expect(await vault.open(sealed, serviceHoursReasonSchema)).toEqual({
        reason: 'Not on our roster',
      });
    });

    it('refuses the student their own log, even as an admin or as the host of its organization', async () => {
      const host = await newUser();
      const org = await newOrganization(host);
      const hostsOwn = await newLog(host, { outside_organization: null, organization_id: org });
      const adminsOwn = await newLog(admin);
      const adminsOwnOnOrg = await newLog(admin, {
        outside_organization: null,
        organization_id: org,
      });

      for (const [who, id] of [
        [host, hostsOwn],
        [admin, adminsOwn],
        [admin, adminsOwnOnOrg],
      ] as const) {
        const res = await decide(who, id, { decision: 'approve' });
        expect(res.status, res.text).toBe(403);
        expect(res.body.message).toBe(errors.ownLog);
        expect(await logEvents(id)).toHaveLength(1);
      }
      // Someone else may decide them.
      expect((await decide(admin, hostsOwn, { decision: 'approve' })).status).toBe(200);
      expect((await decide(host, adminsOwnOnOrg, { decision: 'approve' })).status).toBe(200);
    });

    it('refuses the host of another organization and a plain student', async () => {
      const [host, otherHost, student, bystander] = [
        await newUser(),
        await newUser(),
        await newUser(),
        await newUser(),
      ];
      const org = await newOrganization(host);
      await newOrganization(otherHost);
      const id = await newLog(student, { outside_organization: null, organization_id: org });
      for (const who of [otherHost, bystander]) {
        const res = await decide(who, id, { decision: 'approve' });
        expect(res.status, res.text).toBe(403);
        expect(res.body.message).toBe(errors.notVerifier);
      }
      expect(await logEvents(id)).toHaveLength(1);
    });

    it('refuses a member of the organization who is not its host', async () => {
      const [host, member, student] = [await newUser(), await newUser(), await newUser()];
      const org = await newOrganization(host);
      await as(member, request(stack.app).post(routes.joinOrganization.path))
        .send({ user_id: member.userId, organization_id: org })
        .expect(200);
      const id = await newLog(student, { outside_organization: null, organization_id: org });
      const res = await decide(member, id, { decision: 'approve' });
      expect(res.status, res.text).toBe(403);
      expect(res.body.message).toBe(errors.notVerifier);
    });

    it('leaves a deleted organization’s logs to admins', async () => {
      const [host, student] = [await newUser(), await newUser()];
      const org = await newOrganization(host);
      const id = await newLog(student, { outside_organization: null, organization_id: org });
      await as(
        admin,
        request(stack.app).delete(buildPath(routes.deleteOrganization.path, { id: org })),
      ).expect(200);
      const byHost = await decide(host, id, { decision: 'approve' });
      expect(byHost.status, byHost.text).toBe(403);
      expect(byHost.body.message).toBe(errors.notVerifier);
      expect((await decide(admin, id, { decision: 'approve' })).status).toBe(200);
    });

    it("leaves an outside organization's log to admins: hosts and students refused", async () => {
      const [host, student, bystander] = [await newUser(), await newUser(), await newUser()];
      await newOrganization(host);
      const id = await newLog(student);
      for (const who of [host, bystander]) {
        const res = await decide(who, id, { decision: 'approve' });
        expect(res.status, res.text).toBe(403);
        expect(res.body.message).toBe(errors.outsideNeedsAdmin);
      }
      expect(await logEvents(id)).toHaveLength(1);
      const res = await decide(admin, id, { decision: 'approve' });
      expect(res.status, res.text).toBe(200);
      expect((await logEvents(id))[1]).toMatchObject({
        type: 'ServiceHoursApproved',
        data: { verifiedBy: admin.userId, organizationId: null },
      });
    });

    it('answers 404 for an unknown or malformed log id, and 401 signed out', async () => {
      const unknownId = randomUUID();
      const unknown = await decide(admin, unknownId, { decision: 'approve' });
      expect(unknown.status, unknown.text).toBe(404);
      expect(unknown.body.message).toBe(errors.logNotFound);
      expect(await logEvents(unknownId)).toEqual([]);
      const malformed = await decide(admin, 'not-a-log', { decision: 'approve' });
      expect(malformed.status).toBe(404);
      expect(malformed.body.message).toBe(errors.logNotFound);
      const student = await newUser();
      const id = await newLog(student);
      expect((await decide(null, id, { decision: 'approve' })).status).toBe(401);
    });

    it('decides a log once: a second decision is a 409, whoever may decide', async () => {
      const [host, student] = [await newUser(), await newUser()];
      const org = await newOrganization(host);
      const id = await newLog(student, { outside_organization: null, organization_id: org });
      expect((await decide(host, id, { decision: 'approve' })).status).toBe(200);
      for (const [who, body] of [
        [host, { decision: 'approve' }],
        [admin, { decision: 'reject', reason: 'Changed my mind' }],
      ] as const) {
        const again = await decide(who, id, body);
        expect(again.status, again.text).toBe(409);
        expect(again.body.message).toBe(errors.alreadyDecided);
      }
      expect((await logEvents(id)).map((e) => e.type)).toEqual([
        'ServiceHoursLogged',
        'ServiceHoursApproved',
      ]);
    });

    it('lets one of two racing decisions through', async () => {
      const [host, student] = [await newUser(), await newUser()];
      const org = await newOrganization(host);
      const id = await newLog(student, { outside_organization: null, organization_id: org });
      const answers = await Promise.all([
        decide(host, id, { decision: 'approve' }),
        decide(admin, id, { decision: 'reject', reason: 'No proof' }),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      expect(await logEvents(id)).toHaveLength(2);
    });

    it("refuses to decide an erased student's log (409), appending nothing", async () => {
      const student = await newUser();
      const id = await newLog(student);
      await as(
        admin,
        request(stack.app).post(buildPath(routes.eraseUser.path, { id: student.userId })),
      ).expect(200);
      const res = await decide(admin, id, { decision: 'approve' });
      expect(res.status, res.text).toBe(409);
      expect(res.body.message).toBe(errors.studentErased);
      expect(await logEvents(id)).toHaveLength(1);
    });
  });

  describe('PUT /api/scoring/logged-hours', () => {
    const ruleEvents = () => stack.streamEvents(SCORING_RULES_STREAM_ID);

    it('records only changes of the rule (off by default), answering 200 either way', async () => {
      const off = await setScoring(admin, { earn_points: false });
      expect(off.status, off.text).toBe(200);
      expect(off.body).toEqual({ success: true });
      expect(off.headers[CONSISTENCY_TOKEN_HEADER]).toBeUndefined();
      expect(await ruleEvents()).toEqual([]);

      const on = await setScoring(admin, { earn_points: true });
      expect(on.status, on.text).toBe(200);
      expect(on.body).toEqual({ success: true });
      expect(on.headers[CONSISTENCY_TOKEN_HEADER]).toMatch(/^v1\./);
      expect((await setScoring(admin, { earn_points: true })).status).toBe(200);
      expect((await setScoring(admin, { earn_points: false })).status).toBe(200);

      const events = await ruleEvents();
      expect(events.map((e) => e.data)).toEqual([
        { v: 1, earnPoints: true, changedBy: admin.userId, at: START },
        { v: 1, earnPoints: false, changedBy: admin.userId, at: START },
      ]);
      expect(events[0]?.metadata).toMatchObject({
        actorUserId: admin.userId,
        commandName: 'SetLoggedHoursScoring',
      });
    });

    it('is for admins only, and refuses a body that is not a boolean', async () => {
      const [host, student] = [await newUser(), await newUser()];
      await newOrganization(host);
      const before = await ruleEvents();
      expect((await setScoring(null, { earn_points: true })).status).toBe(401);
      expect((await setScoring(student, { earn_points: true })).status).toBe(403);
      expect((await setScoring(host, { earn_points: true })).status).toBe(403);
      expectFields(await setScoring(admin, { earn_points: 'yes' }), ['earn_points']);
      expectFields(await setScoring(admin, {}), ['earn_points']);
      expect(await ruleEvents()).toEqual(before);
    });
  });
});
