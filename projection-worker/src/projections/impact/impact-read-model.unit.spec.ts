import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { toServiceLogStreamId, toUserStreamId, type Cause, type Sealed } from '@campus/contracts';
import {
  attendanceMarked,
  opportunityCreated,
  opportunityUpdated,
  signedUp,
  unregistered,
} from '../../testing/events';
import {
  eventOf,
  liveBatch,
  readModelSpec,
  type SentStatement,
} from '../../testing/read-model-spec';
import { impactModel, type ImpactState } from './impact-read-model';

const AT = '2026-03-02T15:00:00.000Z';
const MARKED = '2026-03-20T18:00:00.000Z';

/** A blob no vault opens: this model never opens one. */
const sealed = (subject: string): Sealed => ({ subject, iv: 'AAAA', data: 'AAAA', tag: 'AAAA' });

const registered = (userId: string, academicLevel: string | null) =>
  eventOf(toUserStreamId(userId), 'UserRegistered', {
    v: 1,
    userId,
    emailHash: `hash-${userId}`,
    personal: sealed(userId),
    admin: false,
    carSeats: 0,
    graduationYear: 2027,
    academicLevel,
    major: null,
    registeredAt: AT,
  });
const erased = (userId: string) =>
  eventOf(toUserStreamId(userId), 'UserErased', { v: 1, userId, erasedAt: AT });
const approved = (input: {
  logId?: string;
  userId: string;
  organizationId: string | null;
  date?: string;
  minutes?: number;
  cause?: Cause;
  at?: string;
}) => {
  const logId = input.logId ?? randomUUID();
  return eventOf(toServiceLogStreamId(logId), 'ServiceHoursApproved', {
    v: 1,
    logId,
    userId: input.userId,
    verifiedBy: randomUUID(),
    organizationId: input.organizationId,
    date: input.date ?? '2026-02-20',
    minutes: input.minutes ?? 120,
    cause: input.cause ?? 'Food Security and Hunger Relief',
    reason: sealed(input.userId),
    at: input.at ?? AT,
  });
};

const [host, ann, ben, cat, dan] = [
  randomUUID(),
  randomUUID(),
  randomUUID(),
  randomUUID(),
  randomUUID(),
];
const org = randomUUID();
const park = opportunityCreated({
  hostUserId: host,
  hostOrgId: org,
  name: 'Park cleanup',
  date: '2026-03-20',
  causes: ['Environment & Sustainability', 'Education'],
});
const parkId = park.opportunityId;
const marked = (attended: string[], minutes = 90) =>
  attendanceMarked({
    opportunityId: parkId,
    markedBy: host,
    opportunityDate: '2026-03-20',
    durationMinutes: minutes,
    attended,
    at: MARKED,
  });

const service = (state: ImpactState) =>
  state.service.map((f) => [
    f.user_id,
    f.minutes,
    f.organization_id,
    [...f.causes],
    f.service_date,
  ]);
const registrations = (state: ImpactState) =>
  state.registrations.map((r) => [r.user_id, r.attended]);

const spec = readModelSpec(impactModel);

describe('impact read model', () => {
  it("gives each person present the attendance's minutes, its organization and causes, dated by the opportunity", () => {
    spec
      .given(park, signedUp(parkId, ann), signedUp(parkId, ben))
      .when(marked([ann, ben, ann]))
      .then(({ state, warnings }) => {
        expect(service(state)).toEqual([
          [ann, 90, org, ['Environment & Sustainability', 'Education'], '2026-03-20'],
          [ben, 90, org, ['Environment & Sustainability', 'Education'], '2026-03-20'],
        ]);
        expect(state.service.every((f) => f.opportunity_id === parkId)).toBe(true);
        expect(state.service.every((f) => f.recorded_at === MARKED)).toBe(true);
        expect(warnings).toEqual([]);
      });
  });

  it('counts the causes the opportunity had when it was marked, not later ones', () => {
    spec
      .given(
        park,
        opportunityUpdated(parkId, { causes: ['Homelessness Relief'], name: 'Dog walk' }),
      )
      .when(marked([ann]), opportunityUpdated(parkId, { causes: ['Education'] }))
      .then(({ state }) => {
        expect(service(state)).toEqual([[ann, 90, org, ['Homelessness Relief'], '2026-03-20']]);
        expect(state.opportunities.get(parkId)).toMatchObject({
          name: 'Dog walk',
          causes: ['Education'],
        });
      });
  });

  it('records who was registered when attendance was marked, present or not (withdrawals left out)', () => {
    spec
      .given(
        park,
        signedUp(parkId, ann),
        signedUp(parkId, ben),
        signedUp(parkId, cat),
        unregistered(parkId, cat),
        signedUp(parkId, dan),
        unregistered(parkId, dan),
        signedUp(parkId, dan),
      )
      .when(marked([ann, host]))
      .then(({ state }) => {
        expect(registrations(state)).toEqual([
          [ann, true],
          [ben, false],
          [dan, false],
        ]);
        // The host, present without a signup, served; they were not registered.
        expect(service(state).map(([user]) => user)).toEqual([ann, host]);
      });
  });

  it('gives an approved log its minutes, organization (or none), cause and service date, once', () => {
    const logId = randomUUID();
    spec
      .given()
      .when(
        approved({ logId, userId: ann, organizationId: org, minutes: 45, cause: 'Education' }),
        approved({ logId, userId: ann, organizationId: org, minutes: 45, cause: 'Education' }),
        approved({ userId: ben, organizationId: null, date: '2026-13-01', at: MARKED }),
      )
      .then(({ state }) => {
        expect(service(state)).toEqual([
          [ann, 45, org, ['Education'], '2026-02-20'],
          // An impossible date falls back to the Eastern day of the approval.
          [ben, 120, null, ['Food Security and Hunger Relief'], '2026-03-20'],
        ]);
        expect(state.service[0]).toMatchObject({ source_id: logId, opportunity_id: null });
      });
  });

  it("keeps each person's academic level as registered, trimmed, and none once erased", () => {
    spec
      .given(registered(ann, ' Senior '), registered(ben, ''), registered(cat, 'Junior'))
      .when(erased(cat))
      .then(({ state }) => {
        expect([...state.people.values()]).toEqual([
          { user_id: ann, academic_level: 'Senior' },
          { user_id: ben, academic_level: null },
          { user_id: cat, academic_level: null },
        ]);
      });
  });

  it('skips the attendance of an unknown opportunity with a warning, serving its people anyway', () => {
    const unknown = randomUUID();
    spec
      .given()
      .when(
        attendanceMarked({
          opportunityId: unknown,
          markedBy: host,
          opportunityDate: '2026-03-20',
          durationMinutes: 30,
          attended: [ann],
          at: MARKED,
        }),
      )
      .then(({ state, warnings }) => {
        expect(service(state)).toEqual([[ann, 30, null, [], '2026-03-20']]);
        expect(state.registrations).toEqual([]);
        expect(warnings).toEqual(['attendance of an unknown opportunity skipped']);
      });
  });

  it('gives nothing for a signup, edit or attendance of no opportunity it knows but the warning', () => {
    spec
      .given()
      .when(signedUp(parkId, ann), opportunityUpdated(parkId, { name: 'x' }))
      .then(({ state, warnings }) => {
        expect(state.opportunities.size).toBe(0);
        expect(warnings).toEqual([
          'signup of an unknown opportunity skipped',
          'update of an unknown opportunity skipped',
        ]);
      });
  });
});

/** The first word of each statement sent and the table it names. */
const shapes = (sent: readonly SentStatement[]) =>
  sent.map((s) => {
    const words = s.sql.replace(/\s+/g, ' ').trim().split(' ');
    const table = words[words.findIndex((w) => w === 'FROM' || w === 'INTO') + 1];
    return `${words[0] ?? ''} ${table ?? ''}`;
  });

describe('impact read model, live path', () => {
  it('loads the opportunities a batch names, then writes each table in one statement', async () => {
    const { sent } = await liveBatch(
      impactModel,
      [
        registered(ann, 'Senior'),
        signedUp(parkId, ann),
        marked([ann]),
        approved({ userId: ben, organizationId: null }),
      ],
      {
        answer: ({ sql }) =>
          sql.includes('FROM impact_opportunities')
            ? [
                {
                  id: parkId,
                  name: 'Park cleanup',
                  organization_id: org,
                  causes: ['Education'],
                  registered: [],
                },
              ]
            : [],
      },
    );
    expect(shapes(sent)).toEqual([
      'SELECT impact_opportunities',
      'INSERT impact_opportunities',
      'INSERT impact_people',
      'INSERT impact_service',
      'INSERT impact_registrations',
    ]);
    expect(sent[0]?.params).toEqual([[parkId]]);
    // Facts are inserted once: a batch applied again keeps the rows there.
    expect(
      sent.slice(3).every((s) => s.sql.includes('ON CONFLICT (source_id, user_id) DO NOTHING')),
    ).toBe(true);
    const facts = JSON.parse(String(sent[3]?.params[0])) as { user_id: string; causes: string[] }[];
    expect(facts.map((f) => [f.user_id, f.causes])).toEqual([
      [ann, ['Education']],
      [ben, ['Food Security and Hunger Relief']],
    ]);
  });

  it('touches nothing for events it does not count', async () => {
    const { sent } = await liveBatch(impactModel, [
      eventOf(toUserStreamId(ann), 'AdminGranted', { v: 1, userId: ann }),
    ]);
    expect(sent).toEqual([]);
  });
});
