import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  myOpportunitiesSchema,
  texts,
  toOpportunityStreamId,
  waitlistPromotionsSchema,
  waitlistStatusSchema,
} from '@campus/contracts';
import { createFixtures, type Fixtures } from '../stack/fixtures';
import { startTestStack, type TestAccount, type TestStack } from '../stack/stack';

const ADMIN = 'waitlist-admin@university.edu';

/** The stack's clock is 2026-03-02 10:00 Eastern; the opportunity is on 2026-03-10. */
describe('waitlists through the whole backend', () => {
  let stack: TestStack;
  let f: Fixtures;
  let admin: TestAccount;
  let host: TestAccount;
  let a: TestAccount;
  let b: TestAccount;
  let c: TestAccount;
  let d: TestAccount;
  let org: { id: string };

  const status = async (who: TestAccount, id: string) => {
    const response = await stack.read(`/api/opps/${id}/waitlist`, who.token);
    expect(response.status).toBe(200);
    return waitlistStatusSchema.parse(response.body);
  };
  const join = (who: TestAccount, id: string) =>
    stack.command('post', `/api/opps/${id}/waitlist`, who.token);
  const registered = async (who: TestAccount) => {
    const response = await stack.read('/api/my-opportunities', who.token);
    expect(response.status).toBe(200);
    return myOpportunitiesSchema.parse(response.body).registered.upcoming.map((o) => o.id);
  };

  beforeAll(async () => {
    stack = await startTestStack({ config: { ADMIN_EMAILS: [ADMIN] }, label: 'waitlist' });
    f = createFixtures(stack);
    admin = await stack.registerUser(ADMIN);
    host = await f.user('wl-host');
    [a, b, c, d] = (await Promise.all(['wl-a', 'wl-b', 'wl-c', 'wl-d'].map((l) => f.user(l)))) as [
      TestAccount,
      TestAccount,
      TestAccount,
      TestAccount,
    ];
    org = await f.organization(host, { name: 'Waitlist Club', admin });
  });
  afterAll(async () => {
    await stack.stop();
  });

  it('queues people for a full opportunity, shows positions, promotes on unregistration', async () => {
    const id = await f.opportunity(host, org.id, { name: 'Soup kitchen', total_slots: 1 }, admin);
    const early = await join(a, id);
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ detail: texts.waitlist.errors.notFull });

    await f.signUp(a, id);
    expect((await join(b, id)).status).toBe(201);
    expect((await join(c, id)).status).toBe(201);
    expect((await join(c, id)).status).toBe(409);
    expect(await status(b, id)).toEqual({ position: 1, count: 2 });
    expect(await status(c, id)).toEqual({ position: 2, count: 2 });
    expect(await status(a, id)).toEqual({ position: null, count: 2 });

    await f.unregister(a, id);
    expect(await registered(b)).toContain(id);
    expect(await registered(a)).not.toContain(id);
    expect(await status(c, id)).toEqual({ position: 1, count: 1 });

    const promotions = await stack.read('/api/waitlist/promotions', b.token);
    expect(waitlistPromotionsSchema.parse(promotions.body)).toEqual([
      expect.objectContaining({ opportunity_id: id, opportunity_name: 'Soup kitchen' }),
    ]);
    const none = await stack.read('/api/waitlist/promotions', c.token);
    expect(none.body).toEqual([]);

    const types = (await stack.store.readStream(toOpportunityStreamId(id))).map((e) => e.type);
    expect(types.slice(-3)).toEqual(['UserUnregistered', 'UserSignedUp', 'WaitlistPromoted']);

    const leave = await stack.command('delete', `/api/opps/${id}/waitlist`, c.token);
    expect(leave.status).toBe(200);
    expect(await status(c, id)).toEqual({ position: null, count: 0 });
  });

  it('raising the slots promotes as many people as slots were added', async () => {
    const id = await f.opportunity(host, org.id, { total_slots: 1 }, admin);
    await f.signUp(a, id);
    for (const who of [b, c, d]) expect((await join(who, id)).status).toBe(201);
    const raised = await stack.command('put', `/api/opps/${id}`, host.token, { total_slots: 3 });
    expect(raised.status).toBe(200);
    expect(await registered(b)).toContain(id);
    expect(await registered(c)).toContain(id);
    expect(await registered(d)).not.toContain(id);
    expect(await status(d, id)).toEqual({ position: 1, count: 1 });
  });

  it('a promoted first signup earns the first-signup bonus when they attend', async () => {
    // Tomorrow 10:00 Eastern: outside the 7-hour window now.
    const id = await f.opportunity(
      host,
      org.id,
      { total_slots: 1, date: '2026-03-03', time: '10:00', duration: 60 },
      admin,
    );
    await f.signUp(a, id);
    expect((await join(d, id)).status).toBe(201);
    await f.unregister(a, id);
    stack.clock.advance(25 * 60 * 60 * 1000);
    try {
      await f.markAttendance(host, id, [d], 60);
      const history = await stack.read(`/api/users/${d.userId}/points-history`, d.token);
      expect(history.status).toBe(200);
      const lines = (
        history.body as { entries: { reason: string; opportunity_id: string }[] }
      ).entries
        .filter((e) => e.opportunity_id === id)
        .map((e) => e.reason)
        .sort();
      expect(lines).toEqual(['attendance', 'first_signup_bonus']);
    } finally {
      stack.clock.advance(-25 * 60 * 60 * 1000);
    }
  });

  it('nobody is promoted inside the 7-hour window', async () => {
    // 2026-03-02 20:00 Eastern: 10 hours after the stack's clock; 6 four hours later.
    const id = await f.opportunity(
      host,
      org.id,
      { total_slots: 1, date: '2026-03-02', time: '20:00' },
      admin,
    );
    await f.signUp(a, id);
    expect((await join(b, id)).status).toBe(201);
    stack.clock.advance(4 * 60 * 60 * 1000);
    const late = await stack.command('post', '/api/unregister-opp', host.token, {
      user_id: a.userId,
      opportunity_id: id,
    });
    expect(late.status).toBe(200);
    expect(await registered(b)).not.toContain(id);
    expect(await status(b, id)).toEqual({ position: 1, count: 1 });
    stack.clock.advance(-4 * 60 * 60 * 1000);
  });
});
