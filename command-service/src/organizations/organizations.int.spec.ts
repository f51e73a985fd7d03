import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONSISTENCY_TOKEN_HEADER,
  organizationMessages,
  organizationSchema,
  texts,
  toOrganizationStreamId,
  type Organization,
} from '@campus/contracts';
import { emulatorIdToken } from '@campus/infra/testing';
import { ADMIN_EMAIL, startCommandStack, type CommandStack } from '../testing/command-stack';
import { NAME_CLAIM_GRACE_MS, organizationNameStreamId } from './organization-commands';

type Account = { token: string; userId: string };

describe('organizations over HTTP', () => {
  let stack: CommandStack;
  let admin: Account;
  let host: Account;
  let student: Account;

  beforeAll(async () => {
    stack = await startCommandStack();
    admin = await stack.registerUser(ADMIN_EMAIL);
    host = await stack.registerUser('host@university.edu');
    student = await stack.registerUser('student@university.edu');
  });
  afterAll(async () => {
    await stack.stop();
  });

  const as = (account: Account | null) => {
    const auth = (r: request.Test) =>
      account ? r.set('authorization', `Bearer ${account.token}`) : r;
    return {
      post: (path: string, body: object = {}) => auth(request(stack.app).post(path)).send(body),
      put: (path: string, body: object = {}) => auth(request(stack.app).put(path)).send(body),
      delete: (path: string) => auth(request(stack.app).delete(path)),
    };
  };
  const create = async (account: Account, name: string, extra: object = {}) => {
    const response = await as(account).post('/api/orgs', { name, ...extra });
    expect(response.status, response.text).toBe(201);
    return organizationSchema.parse(response.body);
  };
  const typesOf = async (organizationId: string) =>
    (await stack.streamEvents(toOrganizationStreamId(organizationId))).map((e) => e.type);
  const fieldsOf = (body: { errors?: { field: string }[] }) => body.errors?.map((e) => e.field);

  describe('POST /api/orgs', () => {
    it('creates an unapproved organization hosted and joined by a student', async () => {
      const response = await as(host).post('/api/orgs', {
        name: '  Robotics Team ',
        type: 'Project Team',
        description: 'We build robots.',
        host_user_id: student.userId,
        date_created: '1999-01-01',
      });
      expect(response.status).toBe(201);
      expect(response.headers[CONSISTENCY_TOKEN_HEADER]).toMatch(/^v1\./);
      const organization = organizationSchema.parse(response.body);
      expect(organization).toEqual<Organization>({
        id: expect.any(String) as string,
        name: 'Robotics Team',
        type: 'Project Team',
        description: 'We build robots.',
        approved: false,
        host_user_id: host.userId,
        member_count: 1,
        date_created: stack.clock.now().toISOString(),
      });
      const events = await stack.streamEvents(toOrganizationStreamId(organization.id));
      expect(events.map((e) => [e.type, e.data])).toEqual([
        [
          'OrganizationCreated',
          expect.objectContaining({
            name: 'Robotics Team',
            hostUserId: host.userId,
            approved: false,
          }),
        ],
        ['MemberJoined', { v: 1, organizationId: organization.id, userId: host.userId }],
      ]);
      expect(events[0]?.metadata.actorUserId).toBe(host.userId);
    });

    it("approves an admin's organization at once and defaults the type to Other", async () => {
      const organization = await create(admin, 'Admin Society');
      expect(organization).toMatchObject({ approved: true, type: 'Other', description: '' });
    });

    it('refuses a name taken in another case and spacing with 409', async () => {
      await create(student, 'Chess Club');
      const duplicate = await as(host).post('/api/orgs', { name: ' chess club ' });
      expect(duplicate.status).toBe(409);
      expect(duplicate.body.message).toBe(organizationMessages.nameTaken);
    });

    it('answers 400 naming the bad fields', async () => {
      const blank = await as(student).post('/api/orgs', { name: '   ', type: 'Secret Society' });
      expect(blank.status).toBe(400);
      expect(fieldsOf(blank.body)).toEqual(['name', 'type']);
      const missing = await as(student).post('/api/orgs', {});
      expect(missing.status).toBe(400);
      expect(missing.body.message).toBe('Name is required');
    });

    it('answers 401 without a token and 403 before registration', async () => {
      expect((await as(null).post('/api/orgs', { name: 'Anon Club' })).status).toBe(401);
      const unregistered = { token: await emulatorIdToken('new@university.edu'), userId: '' };
      expect((await as(unregistered).post('/api/orgs', { name: 'Anon Club' })).status).toBe(403);
    });

    it('appends once when retried with the same Idempotency-Key', async () => {
      const send = () =>
        request(stack.app)
          .post('/api/orgs')
          .set('authorization', `Bearer ${student.token}`)
          .set('idempotency-key', 'org-once')
          .send({ name: 'Retry Club' });
      const first = await send();
      const second = await send();
      expect(first.status).toBe(201);
      expect(second.status).toBe(201);
      expect(second.body).toEqual(first.body);
      expect(second.headers['idempotent-replayed']).toBe('true');
      expect(await typesOf((first.body as Organization).id)).toEqual([
        'OrganizationCreated',
        'MemberJoined',
      ]);
    });

    it('completes a name claim left behind by a creation that died, once it cannot be running', async () => {
      const orphanId = randomUUID();
      const streamId = organizationNameStreamId('Phoenix Club');
      await stack.store.append(
        streamId,
        [
          {
            eventId: randomUUID(),
            type: 'ReservationClaimed',
            data: { v: 1, ownerId: orphanId },
            metadata: {
              actorUserId: student.userId,
              correlationId: randomUUID(),
              causationId: null,
              commandName: 'CreateOrganization',
              occurredAt: stack.clock.now().toISOString(),
            },
          },
        ],
        { expectedRevision: 'no_stream' },
      );
      expect((await as(host).post('/api/orgs', { name: 'Phoenix Club' })).status).toBe(409);

      stack.clock.advance(NAME_CLAIM_GRACE_MS);
      const organization = await create(host, 'phoenix club');
      expect(organization.id).toBe(orphanId);
      expect(await typesOf(orphanId)).toEqual(['OrganizationCreated', 'MemberJoined']);
      expect((await stack.streamEvents(streamId)).map((e) => e.type)).toEqual([
        'ReservationClaimed',
      ]);
    });
  });

  describe('PUT /api/orgs/:id', () => {
    it('lets only admins approve and unapprove, recording nothing when unchanged', async () => {
      const organization = await create(host, 'Debate Club');
      const path = `/api/orgs/${organization.id}`;

      const byHost = await as(host).put(path, { approved: true });
      expect(byHost.status).toBe(403);
      expect(byHost.body.message).toBe(organizationMessages.onlyAdminsApprove);

      const approved = await as(admin).put(path, { approved: true });
      expect(approved.status).toBe(200);
      expect(approved.body).toEqual({ success: true, id: organization.id });
      expect(approved.headers[CONSISTENCY_TOKEN_HEADER]).toMatch(/^v1\./);
      const again = await as(admin).put(path, { approved: true });
      expect(again.status).toBe(200);
      expect(again.headers[CONSISTENCY_TOKEN_HEADER]).toBeUndefined();
      expect((await as(admin).put(path, { approved: false })).status).toBe(200);

      expect(await typesOf(organization.id)).toEqual([
        'OrganizationCreated',
        'MemberJoined',
        'OrganizationApproved',
        'OrganizationUnapproved',
      ]);
    });

    it('lets the host and admins edit, and no one else', async () => {
      const organization = await create(host, 'Film Club');
      const path = `/api/orgs/${organization.id}`;
      const byStudent = await as(student).put(path, { description: 'Hijacked' });
      expect(byStudent.status).toBe(403);
      expect(byStudent.body.message).toBe(organizationMessages.onlyHostOrAdminEdits);

      expect((await as(host).put(path, { type: 'Cultural', description: 'Films.' })).status).toBe(
        200,
      );
      expect((await as(admin).put(path, { description: 'Films!' })).status).toBe(200);
      expect((await as(host).put(path, { type: 'Cultural' })).status).toBe(200);
      const events = await stack.streamEvents(toOrganizationStreamId(organization.id));
      expect(events.slice(2).map((e) => e.data)).toEqual([
        { v: 1, organizationId: organization.id, type: 'Cultural', description: 'Films.' },
        { v: 1, organizationId: organization.id, description: 'Films!' },
      ]);
    });

    it('moves the name reservation on rename: the new name is taken, the old one free again', async () => {
      const organization = await create(host, 'Hiking Club');
      await create(student, 'Climbing Club');
      const path = `/api/orgs/${organization.id}`;

      const taken = await as(host).put(path, { name: 'CLIMBING CLUB' });
      expect(taken.status).toBe(409);
      expect(taken.body.message).toBe(organizationMessages.nameTaken);

      expect((await as(host).put(path, { name: 'Outdoors Club' })).status).toBe(200);
      expect((await as(student).post('/api/orgs', { name: 'outdoors club' })).status).toBe(409);
      const reused = await create(student, 'Hiking Club');
      expect(reused.id).not.toBe(organization.id);

      expect((await as(host).put(path, { name: 'outdoors CLUB' })).status).toBe(200);
      expect((await as(student).post('/api/orgs', { name: 'Outdoors Club' })).status).toBe(409);
    });

    it('claims no name for an edit it refuses', async () => {
      const organization = await create(host, 'Origami Club');
      const path = `/api/orgs/${organization.id}`;
      expect((await as(student).put(path, { name: 'Paper Club' })).status).toBe(403);
      expect(await stack.streamEvents(organizationNameStreamId('Paper Club'))).toEqual([]);
    });

    it('answers 400 naming bad fields', async () => {
      const organization = await create(host, 'Quiz Club');
      const path = `/api/orgs/${organization.id}`;
      const bad = await as(host).put(path, { name: '', type: 'Cult', approved: 'yes' });
      expect(bad.status).toBe(400);
      expect(fieldsOf(bad.body)?.sort()).toEqual(['approved', 'name', 'type']);
      const empty = await as(host).put(path, {});
      expect(empty.status).toBe(400);
      expect(empty.body.message).toBe('Nothing to update');
    });

    it('answers 404 for an unknown or deleted organization, and 401 without a token', async () => {
      const unknown = await as(admin).put(`/api/orgs/${randomUUID()}`, { approved: true });
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe(texts.notFound.organization);
      expect((await as(admin).put('/api/orgs/not-an-id', { approved: true })).status).toBe(404);

      const organization = await create(host, 'Gone Club');
      expect((await as(admin).delete(`/api/orgs/${organization.id}`)).status).toBe(200);
      const deleted = await as(host).put(`/api/orgs/${organization.id}`, { name: 'Back Club' });
      expect(deleted.status).toBe(404);
      expect((await as(null).put(`/api/orgs/${organization.id}`, { name: 'X' })).status).toBe(401);
    });
  });

  describe('DELETE /api/orgs/:id', () => {
    it('deletes for admins only and frees the name', async () => {
      const organization = await create(host, 'Knitting Circle');
      const path = `/api/orgs/${organization.id}`;
      expect((await as(host).delete(path)).status).toBe(403);
      expect((await as(null).delete(path)).status).toBe(401);

      const deleted = await as(admin).delete(path);
      expect(deleted.status).toBe(200);
      expect(deleted.body).toEqual({ success: true, id: organization.id });
      expect(deleted.headers[CONSISTENCY_TOKEN_HEADER]).toMatch(/^v1\./);
      expect((await typesOf(organization.id)).at(-1)).toBe('OrganizationDeleted');

      const again = await as(admin).delete(path);
      expect(again.status).toBe(404);
      expect(again.body.message).toBe(texts.notFound.organization);
      const reused = await create(student, 'knitting circle');
      expect(reused.id).not.toBe(organization.id);
    });
  });

  describe('POST /api/register-org and /api/unregister-org', () => {
    let approved: Organization;
    let unapproved: Organization;
    beforeAll(async () => {
      approved = await create(admin, 'Service Corps');
      unapproved = await create(host, 'Secret Garden');
    });
    const membership = (userId: string, organizationId: string) => ({
      user_id: userId,
      organization_id: organizationId,
    });

    it('joins and leaves, and repeating either is a no-op that still succeeds', async () => {
      const body = membership(student.userId, approved.id);
      const joined = await as(student).post('/api/register-org', body);
      expect(joined.status).toBe(200);
      expect(joined.body).toMatchObject({ success: true });
      expect(joined.headers[CONSISTENCY_TOKEN_HEADER]).toMatch(/^v1\./);
      const joinedAgain = await as(student).post('/api/register-org', body);
      expect(joinedAgain.status).toBe(200);
      expect(joinedAgain.body).toMatchObject({ success: true });

      expect((await as(student).post('/api/unregister-org', body)).status).toBe(200);
      const leftAgain = await as(student).post('/api/unregister-org', body);
      expect(leftAgain.status).toBe(200);
      expect(leftAgain.body).toMatchObject({ success: true });

      const events = await stack.streamEvents(toOrganizationStreamId(approved.id));
      expect(events.slice(2).map((e) => [e.type, e.data])).toEqual([
        ['MemberJoined', { v: 1, organizationId: approved.id, userId: student.userId }],
        ['MemberLeft', { v: 1, organizationId: approved.id, userId: student.userId }],
      ]);
    });

    it('lets only the host and admins join an unapproved organization', async () => {
      const refused = await as(student).post(
        '/api/register-org',
        membership(student.userId, unapproved.id),
      );
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(organizationMessages.awaitingApproval);
      expect(
        (await as(admin).post('/api/register-org', membership(admin.userId, unapproved.id))).status,
      ).toBe(200);
      expect(
        (await as(host).post('/api/unregister-org', membership(host.userId, unapproved.id))).status,
      ).toBe(200);
      expect(
        (await as(host).post('/api/register-org', membership(host.userId, unapproved.id))).status,
      ).toBe(200);
    });

    it('acts for someone else only as an admin, and only for an existing user', async () => {
      const forOther = await as(student).post(
        '/api/register-org',
        membership(host.userId, approved.id),
      );
      expect(forOther.status).toBe(403);
      expect(
        (await as(admin).post('/api/register-org', membership(student.userId, approved.id))).status,
      ).toBe(200);
      expect(
        (await as(admin).post('/api/unregister-org', membership(student.userId, approved.id)))
          .status,
      ).toBe(200);
      const ghost = await as(admin).post(
        '/api/register-org',
        membership(randomUUID(), approved.id),
      );
      expect(ghost.status).toBe(404);
      expect(ghost.body.message).toBe(texts.notFound.user);
    });

    it('answers 404 for an unknown or deleted organization', async () => {
      const unknown = await as(student).post(
        '/api/register-org',
        membership(student.userId, randomUUID()),
      );
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe(texts.notFound.organization);

      const gone = await create(admin, 'Gone Again');
      await as(admin).delete(`/api/orgs/${gone.id}`);
      expect(
        (await as(admin).post('/api/unregister-org', membership(admin.userId, gone.id))).status,
      ).toBe(404);
    });

    it('answers 400 naming bad fields and 401 without a token', async () => {
      const bad = await as(student).post('/api/register-org', { user_id: 'me' });
      expect(bad.status).toBe(400);
      expect(fieldsOf(bad.body)).toEqual(['user_id', 'organization_id']);
      expect(
        (await as(null).post('/api/unregister-org', membership(student.userId, approved.id)))
          .status,
      ).toBe(401);
    });
  });
});
