import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { copyRecordingClient } from '../bulk-recording';
import {
  memberJoined,
  memberLeft,
  organizationApproval,
  organizationCreated,
  organizationDeleted,
  organizationUpdated,
  signedUp,
  type TestEvent,
} from '../../testing/events';
import { liveBatch, projected, readModelSpec, specContext } from '../../testing/read-model-spec';
import { organizationsModel, type OrganizationsState } from './organizations-read-model';

const host = randomUUID();
const ann = randomUUID();
const ben = randomUUID();
const MARCH_1 = '2026-03-01T10:00:00.000Z';
const MARCH_5 = '2026-03-05T10:00:00.000Z';
const MARCH_6 = '2026-03-06T10:00:00.000Z';

const spec = readModelSpec(organizationsModel);
const club = organizationCreated({ hostUserId: host, name: 'Chess club', approved: false });
const clubId = club.organizationId;

const organization = (state: OrganizationsState) => state.organizations.get(clubId);
const members = (state: OrganizationsState) =>
  [...state.memberships.values()].map((m) => [m.user_id, m.joined_at]);
const periods = (state: OrganizationsState) =>
  state.periods.map((p) => [p.user_id, p.joined_at, p.left_at]);
/** Every row held, by table. */
const rows = (state: OrganizationsState) => ({
  organizations: [...state.organizations.values()],
  memberships: members(state),
  periods: periods(state),
});
const stateAfter = (...events: TestEvent[]): OrganizationsState => {
  let held: OrganizationsState | undefined;
  spec
    .given(...events)
    .when()
    .then(({ state }) => {
      held = state;
    });
  return held as OrganizationsState;
};

describe('organizations read model: organizations', () => {
  it('starts a row from the creation', () => {
    spec
      .given()
      .when(club)
      .then(({ state, warnings }) => {
        expect(organization(state)).toEqual({
          id: clubId,
          name: 'Chess club',
          type: 'Other',
          description: 'We help.',
          approved: false,
          deleted: false,
          host_user_id: host,
          created_at: '2026-03-02T15:00:00.000Z',
        });
        expect(warnings).toEqual([]);
      });
  });

  it('keeps later edits when the creation is delivered again', () => {
    spec
      .given(club, organizationUpdated(clubId, { name: 'Go club' }))
      .when(club)
      .thenUnchanged(rows);
  });

  it('applies the fields an update names and leaves the others', () => {
    spec
      .given(club)
      .when(organizationUpdated(clubId, { name: 'Go club', type: 'Sports Team' }))
      .then(({ state }) => {
        expect(organization(state)).toMatchObject({
          name: 'Go club',
          type: 'Sports Team',
          description: 'We help.',
        });
      });
  });

  it('approves, unapproves and deletes', () => {
    spec
      .given(club)
      .when(organizationApproval(clubId, true))
      .then(({ state }) => expect(organization(state)?.approved).toBe(true));
    spec
      .given(club, organizationApproval(clubId, true))
      .when(organizationApproval(clubId, false), organizationDeleted(clubId))
      .then(({ state }) => {
        expect(organization(state)).toMatchObject({ approved: false, deleted: true });
      });
  });

  it('skips the changes of an unknown organization and joins to it, with a warning each', () => {
    const unknown = randomUUID();
    spec
      .given(club)
      .when(
        organizationUpdated(unknown, { name: 'Ghost' }),
        organizationApproval(unknown, true),
        organizationDeleted(unknown),
        memberJoined(unknown, ann),
      )
      .then(({ state, warnings }) => {
        expect(state.organizations.has(unknown)).toBe(false);
        expect(members(state)).toEqual([]);
        expect(warnings).toEqual([
          'update of an unknown organization skipped',
          'change of an unknown organization skipped',
          'change of an unknown organization skipped',
          'join of an unknown organization skipped',
        ]);
      });
  });

  it('leaves other events alone, and a batch of them touches nothing', () => {
    const signup = signedUp(randomUUID(), ann);
    spec.given(club, memberJoined(clubId, ann)).when(signup).thenUnchanged(rows);
    expect(organizationsModel.touched([projected(signup)])).toBeNull();
  });
});

describe('organizations read model: memberships and their periods', () => {
  it('holds the members, each dated by the join, with a period open while they stay', () => {
    spec
      .given(club)
      .when(memberJoined(clubId, ann, MARCH_1), memberJoined(clubId, ben, MARCH_5))
      .then(({ state, warnings }) => {
        expect(members(state)).toEqual([
          [ann, MARCH_1],
          [ben, MARCH_5],
        ]);
        expect(periods(state)).toEqual([
          [ann, MARCH_1, null],
          [ben, MARCH_5, null],
        ]);
        expect(warnings).toEqual([]);
      });
  });

  it('keeps the first date when a member joins again (or the join is delivered again)', () => {
    spec
      .given(club, memberJoined(clubId, ann, MARCH_1))
      .when(memberJoined(clubId, ann, MARCH_5))
      .thenUnchanged(rows);
  });

  it('drops a member who leaves and closes the period', () => {
    spec
      .given(club, memberJoined(clubId, ann, MARCH_1), memberJoined(clubId, ben, MARCH_1))
      .when(memberLeft(clubId, ann, MARCH_5))
      .then(({ state }) => {
        expect(members(state)).toEqual([[ben, MARCH_1]]);
        expect(periods(state)).toEqual([
          [ann, MARCH_1, MARCH_5],
          [ben, MARCH_1, null],
        ]);
        expect(state.closed.size).toBe(0);
      });
  });

  it('changes nothing when someone who is not a member leaves', () => {
    const leave = memberLeft(clubId, ann, MARCH_6);
    spec
      .given(club, memberJoined(clubId, ben, MARCH_1))
      .when(leave)
      .thenUnchanged(rows);
    spec
      .given(club, memberJoined(clubId, ann, MARCH_1), memberLeft(clubId, ann, MARCH_5))
      .when(leave)
      .thenUnchanged(rows);
  });

  it('dates a member who left and joined again by the new join, with a second period', () => {
    spec
      .given(club, memberJoined(clubId, ann, MARCH_1))
      .when(memberLeft(clubId, ann, MARCH_5), memberJoined(clubId, ann, MARCH_6))
      .then(({ state }) => {
        expect(members(state)).toEqual([[ann, MARCH_6]]);
        expect(periods(state)).toEqual([
          [ann, MARCH_1, MARCH_5],
          [ann, MARCH_6, null],
        ]);
      });
  });

  it('keeps one period per instant: a join again at the same instant opens none', () => {
    spec
      .given(club, memberJoined(clubId, ann, MARCH_1), memberLeft(clubId, ann, MARCH_1))
      .when(memberJoined(clubId, ann, MARCH_1), memberLeft(clubId, ann, MARCH_6))
      .then(({ state }) => {
        expect(members(state)).toEqual([]);
        expect(periods(state)).toEqual([[ann, MARCH_1, MARCH_1]]);
        expect(state.closed.size).toBe(0);
      });
  });
});

/** What the load reads, answered by table. */
const tables =
  (rowsOf: Partial<Record<'organizations' | 'memberships', readonly object[]>>) =>
  ({ sql }: { sql: string }) => {
    const from = /FROM (\w+)/.exec(sql)?.[1] ?? '';
    return rowsOf[from as keyof typeof rowsOf] ?? [];
  };
const loadedClub = () => organization(stateAfter(club));
/** Each statement sent as its verb and table ('UPDATE organizations'). */
const statements = (sent: readonly { sql: string }[]) =>
  sent.map(({ sql }) => {
    const verb = /^\s*(\w+)/.exec(sql)?.[1] ?? '';
    return `${verb} ${/(?:INTO|FROM|UPDATE) (\w+)/.exec(sql)?.[1] ?? ''}`;
  });

describe('organizations read model: the live path', () => {
  it('closes the period of a member it loaded, deletes the membership and recounts', async () => {
    const { sent } = await liveBatch(organizationsModel, [memberLeft(clubId, ann, MARCH_5)], {
      answer: tables({
        organizations: [loadedClub() as object],
        memberships: [{ organization_id: clubId, user_id: ann, joined_at: MARCH_1 }],
      }),
    });
    expect(statements(sent)).toEqual([
      'SELECT organizations',
      'SELECT memberships',
      'DELETE memberships',
      'UPDATE membership_periods',
      'UPDATE organizations',
    ]);
    expect(JSON.parse(sent[2]?.params[0] as string)).toEqual([
      { organization_id: clubId, user_id: ann },
    ]);
    expect(JSON.parse(sent[3]?.params[0] as string)).toEqual([
      { organization_id: clubId, user_id: ann, left_at: MARCH_5 },
    ]);
    expect(sent[4]?.params[0]).toEqual([clubId]);
  });

  it('writes back an organization the batch edits, and nothing for a creation delivered again', async () => {
    const answer = tables({ organizations: [loadedClub() as object] });
    const edited = await liveBatch(
      organizationsModel,
      [club, organizationUpdated(clubId, { description: 'Games on Fridays' })],
      { answer },
    );
    expect(statements(edited.sent)).toEqual(['SELECT organizations', 'INSERT organizations']);
    expect(JSON.parse(edited.sent[1]?.params[0] as string)).toEqual([
      { ...loadedClub(), description: 'Games on Fridays' },
    ]);
    const again = await liveBatch(organizationsModel, [club], { answer });
    expect(statements(again.sent)).toEqual(['SELECT organizations']);
  });

  it('writes a join as the membership and its period, and nothing when delivered again', async () => {
    const join = memberJoined(clubId, ann, MARCH_1);
    const first = await liveBatch(organizationsModel, [join], {
      answer: tables({ organizations: [loadedClub() as object] }),
    });
    expect(statements(first.sent)).toEqual([
      'SELECT organizations',
      'SELECT memberships',
      'INSERT memberships',
      'INSERT membership_periods',
      'UPDATE organizations',
    ]);
    expect(JSON.parse(first.sent[3]?.params[0] as string)).toEqual([
      { organization_id: clubId, user_id: ann, joined_at: MARCH_1, left_at: null },
    ]);
    const again = await liveBatch(organizationsModel, [join], {
      answer: tables({
        organizations: [loadedClub() as object],
        memberships: [{ organization_id: clubId, user_id: ann, joined_at: MARCH_1 }],
      }),
    });
    expect(statements(again.sent)).toEqual(['SELECT organizations', 'SELECT memberships']);
  });
});

describe('organizations read model: the replay', () => {
  it('inserts every row held, member_count being the members at the end', async () => {
    const held = stateAfter(
      club,
      memberJoined(clubId, ann, MARCH_1),
      memberJoined(clubId, ben, MARCH_1),
      memberLeft(clubId, ann, MARCH_5),
    );
    const { client, sent } = copyRecordingClient();
    await organizationsModel.bulkWrite(client, held, specContext());
    expect(sent.map((s) => /(?:INSERT INTO|COPY) (\w+)/.exec(s.sql)?.[1])).toEqual([
      'organizations',
      'memberships',
      'membership_periods',
    ]);
    expect(sent[0]?.params.at(-1)).toEqual(['1']);
    expect(sent[1]?.params).toEqual([[clubId], [ben], [MARCH_1]]);
    expect(sent[2]?.params).toEqual([
      [clubId, clubId],
      [ann, ben],
      [MARCH_1, MARCH_1],
      [MARCH_5, null],
    ]);
  });
});
