import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminSummarySchema,
  organizationDetailSchema,
  organizationListSchema,
  texts,
} from '@campus/contracts';
import { createFixtures, type Fixtures } from '../stack/fixtures';
import { startTestStack, type TestAccount, type TestStack } from '../stack/stack';

const ADMIN = 'orgs-admin@university.edu';

describe('organization reads and the admin summary over HTTP', () => {
  let stack: TestStack;
  let f: Fixtures;
  let admin: TestAccount;
  let host: TestAccount;
  let zoe: TestAccount;
  let amy: TestAccount;
  let chess: { id: string };
  let pending: { id: string };
  let gone: { id: string };

  beforeAll(async () => {
    stack = await startTestStack({ config: { ADMIN_EMAILS: [ADMIN] }, label: 'orgs' });
    f = createFixtures(stack);
    admin = await stack.registerUser(ADMIN, { first: 'Ada', last: 'Admin' });
    host = await f.user('host', { first: 'Mo', last: 'Host' });
    zoe = await f.user('zoe', { first: 'Zoe', last: 'Zed' });
    amy = await f.user('amy', { first: 'Amy', last: 'Able' });
    chess = await f.organization(host, { name: 'Chess Club', type: 'Other', admin });
    await f.organization(host, { name: 'archery club', type: 'Sports Team', admin });
    pending = await f.organization(host, { name: 'Pending Guild' });
    gone = await f.organization(host, { name: 'Gone Club', admin });
    await f.join(zoe, chess.id);
    await f.join(amy, chess.id);
    const deleted = await stack.command('delete', `/api/orgs/${gone.id}`, admin.token);
    expect(deleted.status).toBe(200);
  });
  afterAll(async () => {
    await stack.stop();
  });

  it('lists approved organizations by name, with the creator and the caller’s membership', async () => {
    const response = await stack.read('/api/orgs/approved', zoe.token);
    expect(response.status).toBe(200);
    const list = organizationListSchema.parse(response.body);
    expect(list.map((o) => [o.name, o.is_member, o.member_count])).toEqual([
      ['archery club', false, 1],
      ['Chess Club', true, 3],
    ]);
    expect(list[1]).toMatchObject({
      host_user_id: host.userId,
      host_user_name: 'Mo Host',
      approved: true,
    });
  });

  it('lists unapproved organizations to admins only', async () => {
    const asAdmin = await stack.read('/api/orgs/unapproved', admin.token);
    expect(organizationListSchema.parse(asAdmin.body).map((o) => o.id)).toEqual([pending.id]);
    expect((await stack.read('/api/orgs/unapproved', zoe.token)).status).toBe(403);
    expect((await request(stack.queryApp).get('/api/orgs/unapproved')).status).toBe(401);
  });

  it('shows the detail with members sorted by name', async () => {
    const response = await stack.read(`/api/orgs/${chess.id}`, zoe.token);
    expect(response.status).toBe(200);
    const detail = organizationDetailSchema.parse(response.body);
    expect(detail.members.map((m) => m.name)).toEqual(['Amy Able', 'Mo Host', 'Zoe Zed']);
    expect(detail).toMatchObject({
      name: 'Chess Club',
      type: 'Other',
      is_member: true,
      total_points: 0,
      monthly_points: 0,
      rank: 1,
      month: '2026-03',
    });
  });

  it('is 404 with the exact text for deleted, unknown, and (to others) unapproved organizations', async () => {
    for (const id of [gone.id, pending.id, '00000000-0000-4000-8000-000000000000', 'chess']) {
      const response = await stack.read(`/api/orgs/${id}`, zoe.token);
      expect(response.status, id).toBe(404);
      expect(response.body.message).toBe(texts.notFound.organization);
    }
    expect((await stack.read(`/api/orgs/${pending.id}`, host.token)).status).toBe(200);
    expect((await stack.read(`/api/orgs/${pending.id}`, admin.token)).status).toBe(200);
  });

  it('sums users, approved opportunities and approved organizations for admins', async () => {
    await f.opportunity(admin, chess.id, { date: '2026-03-20' });
    await f.opportunity(host, chess.id, { date: '2026-03-21' });
    const response = await stack.read('/api/admin/summary', admin.token);
    expect(response.status).toBe(200);
    expect(adminSummarySchema.parse(response.body)).toEqual({
      total_users: 4,
      approved_opportunities: 1,
      approved_organizations: 2,
    });
    expect((await stack.read('/api/admin/summary', zoe.token)).status).toBe(403);
  });
});
