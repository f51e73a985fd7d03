import { describe, expect, inject, it } from 'vitest';
import {
  buildPath,
  easternToInstant,
  routes,
  type OpportunityDetail,
  type OpportunityHistory,
} from '@campus/contracts';
import { TOOLING_CLOCK_HEADER } from '@campus/tools/demo-data/tooling-clock';
import { emulatorIdToken } from '@campus/infra/testing';
import {
  apiAs,
  easternAt,
  nextQuarterHour,
  organizationId,
  readUntil,
  registerUser,
  startedEvent,
  uniqueSuffix,
} from './api';

/**
 * The set-up reaches the past through its own clock, never through an edit: a started event is
 * created, approved and filled before its start (its history says so, with no date change), and
 * only the set-up's tooling command service reads the clock header; the product's ignores it.
 */
describe('the set-up clock', () => {
  const baseUrl = inject('e2eUrl');
  const toolingUrl = inject('e2eToolingUrl');
  const admin = apiAs(baseUrl, 'admin@university.edu');
  const historyOf = (id: string) =>
    readUntil<OpportunityHistory>(
      admin,
      buildPath(routes.getOpportunityHistory.path, { id }),
      (history) => history.entries.length > 0,
    );

  it('gives a started, approved, filled event whose history has no edit and no signup after its start', async () => {
    const suffix = uniqueSuffix();
    const people = ['ada', 'ben'].map((n) => `${n}-${suffix}@university.edu`);
    for (const email of people) await registerUser(baseUrl, email, 'Clock', `Check ${suffix}`);
    const event = await startedEvent(baseUrl, {
      host: 'host@university.edu',
      organization: 'Campus Service Corps',
      name: `Clock Check ${suffix}`,
      participants: people,
    });

    const host = apiAs(baseUrl, 'host@university.edu');
    const detail = await host.call<OpportunityDetail>(
      'GET',
      buildPath(routes.getOpportunity.path, { id: event.id }),
    );
    const startsAt = easternToInstant(detail.date, detail.time).getTime();
    expect(detail.approved).toBe(true);
    expect(detail.date).toBe(event.date);
    expect(startsAt).toBeLessThan(Date.now());
    expect(detail.registered_count).toBe(people.length);
    expect(detail.attendance_marked).toBe(false);

    const history = await readUntil<OpportunityHistory>(
      admin,
      buildPath(routes.getOpportunityHistory.path, { id: event.id }),
      (h) => h.entries.filter((e) => e.type === 'UserSignedUp').length === people.length,
    );
    const types = history.entries.map((e) => e.type);
    expect(types).toEqual(
      expect.arrayContaining(['OpportunityCreated', 'OpportunityApproved', 'UserSignedUp']),
    );
    expect(types).not.toContain('OpportunityUpdated');
    for (const entry of history.entries) expect(Date.parse(entry.at)).toBeLessThan(startsAt);
  });

  it('is read by the tooling service only: the product decides at its own time', async () => {
    const host = apiAs(baseUrl, 'host@university.edu');
    const token = await emulatorIdToken('host@university.edu');
    const when = easternAt(nextQuarterHour(Date.now() + 3 * 86_400_000));
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    const body = {
      name: `Clock Ignored ${uniqueSuffix()}`,
      description: 'The clock header sent to the product.',
      date: when.date,
      time: when.time,
      duration: 60,
      total_slots: 4,
      host_org_id: await organizationId(host, 'Campus Service Corps'),
      causes: ['Food Security and Hunger Relief'],
    };
    const send = (url: string, clock: string) =>
      fetch(new URL(routes.createOpportunity.path, url), {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          [TOOLING_CLOCK_HEADER]: clock,
        },
        body: JSON.stringify(body),
      });

    const before = Date.now();
    const product = await send(baseUrl, twoDaysAgo.toISOString());
    expect(product.status).toBe(201);
    const { id } = (await product.json()) as { id: string };
    const created = (await historyOf(id)).entries.find((e) => e.type === 'OpportunityCreated');
    expect(Date.parse(created?.at ?? '')).toBeGreaterThanOrEqual(before - 5_000);

    const refused = await send(toolingUrl, 'two days ago');
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(TOOLING_CLOCK_HEADER);
  });
});
