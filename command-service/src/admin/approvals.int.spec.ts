import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APPROVE_NOTHING_SELECTED,
  toOpportunityStreamId,
  toOrganizationStreamId,
} from '@campus/contracts';
import { ADMIN_EMAIL, startCommandStack, type CommandStack } from '../testing/command-stack';

describe('POST /api/approvals (admin bulk approve)', () => {
  let stack: CommandStack;
  let admin: { token: string };
  let student: { token: string; userId: string };
  let orgId: string;
  let oppId: string;

  beforeAll(async () => {
    stack = await startCommandStack();
    admin = await stack.registerUser(ADMIN_EMAIL);
    student = await stack.registerUser('creator@university.edu');
    const org = await request(stack.app)
      .post('/api/orgs')
      .set('authorization', `Bearer ${student.token}`)
      .send({ name: 'Garden Club', type: 'Community Service' });
    expect(org.status).toBe(201);
    orgId = org.body.id;
    const opp = await request(stack.app)
      .post('/api/opps')
      .set('authorization', `Bearer ${student.token}`)
      .field('name', 'Plant trees')
      .field('description', 'Bring gloves')
      .field('date', '2026-04-10T09:00')
      .field('duration', '60')
      .field('host_org_id', orgId)
      .field('causes', 'Environment & Sustainability');
    expect(opp.status).toBe(201);
    expect(opp.body.approved).toBe(false);
    oppId = opp.body.id;
  });
  afterAll(async () => {
    await stack.stop();
  });

  it('refuses students and an empty selection', async () => {
    const asStudent = await request(stack.app)
      .post('/api/approvals')
      .set('authorization', `Bearer ${student.token}`)
      .send({ opportunity_ids: [oppId] });
    expect(asStudent.status).toBe(403);
    const empty = await request(stack.app)
      .post('/api/approvals')
      .set('authorization', `Bearer ${admin.token}`)
      .send({});
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(APPROVE_NOTHING_SELECTED);
  });

  it('approves each selected item and reports the ones that failed', async () => {
    const missing = randomUUID();
    const response = await request(stack.app)
      .post('/api/approvals')
      .set('authorization', `Bearer ${admin.token}`)
      .send({ opportunity_ids: [oppId, missing], organization_ids: [orgId] });
    expect(response.status).toBe(200);
    expect(response.body.approved).toEqual({ opportunity_ids: [oppId], organization_ids: [orgId] });
    expect(response.body.failed).toEqual([
      { id: missing, kind: 'opportunity', message: 'Opportunity not found.' },
    ]);
    expect(response.headers['x-consistency-token']).toMatch(/^v1\./);

    const oppEvents = (await stack.streamEvents(toOpportunityStreamId(oppId))).map((e) => e.type);
    expect(oppEvents).toContain('OpportunityApproved');
    const orgEvents = (await stack.streamEvents(toOrganizationStreamId(orgId))).map((e) => e.type);
    expect(orgEvents).toContain('OrganizationApproved');
  });

  it('approving again appends nothing', async () => {
    const before = (await stack.streamEvents(toOpportunityStreamId(oppId))).length;
    const again = await request(stack.app)
      .post('/api/approvals')
      .set('authorization', `Bearer ${admin.token}`)
      .send({ opportunity_ids: [oppId] });
    expect(again.status).toBe(200);
    expect((await stack.streamEvents(toOpportunityStreamId(oppId))).length).toBe(before);
  });
});
