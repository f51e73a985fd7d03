import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { copyRecordingClient } from '../bulk-recording';
import {
  announcementPosted,
  announcementRemoved,
  attendanceMarked,
  memberJoined,
  opportunityApproval,
  opportunityCreated,
  opportunityDeleted,
  opportunityUpdated,
  signedUp,
  unregistered,
  type TestEvent,
} from '../../testing/events';
import { liveBatch, projected, readModelSpec, specContext } from '../../testing/read-model-spec';
import { opportunitiesModel, type OpportunitiesState } from './opportunities-read-model';

const host = randomUUID();
const ann = randomUUID();
const ben = randomUUID();
const cy = randomUUID();
const MONDAY = '2026-03-02T15:00:00.000Z';
const TUESDAY = '2026-03-03T15:00:00.000Z';

const spec = readModelSpec(opportunitiesModel);
const park = opportunityCreated({
  hostUserId: host,
  date: '2026-03-20',
  time: '10:00',
  durationMinutes: 90,
  totalSlots: 4,
  causes: ['Education', 'Education'],
  approved: false,
});
const parkId = park.opportunityId;

const opportunity = (state: OpportunitiesState, id = parkId) => state.opportunities.get(id);
const signups = (state: OpportunitiesState) => state.signups.rows();
const announcements = (state: OpportunitiesState) => [...state.announcements.values()];
/** The state `events` leave. */
const stateAfter = (...events: TestEvent[]): OpportunitiesState => {
  let held: OpportunitiesState | undefined;
  spec
    .given(...events)
    .when()
    .then(({ state }) => {
      held = state;
    });
  return held as OpportunitiesState;
};
/** Every row held, by table. */
const rows = (state: OpportunitiesState) => ({
  opportunities: [...state.opportunities.values()],
  announcements: announcements(state),
  signups: signups(state),
});

describe('opportunities read model: opportunities', () => {
  it('starts a row from the creation, causes without repeats, no one registered', () => {
    spec
      .given()
      .when(park)
      .then(({ state, warnings }) => {
        expect(opportunity(state)).toMatchObject({
          id: parkId,
          name: 'Park cleanup',
          date: '2026-03-20',
          time: '10:00',
          duration_minutes: 90,
          total_slots: 4,
          causes: ['Education'],
          host_user_id: host,
          approved: false,
          deleted: false,
          attendance_marked: false,
          attendance_marked_at: null,
          registered_count: 0,
        });
        expect(warnings).toEqual([]);
      });
  });

  it('keeps later edits when the creation is delivered again', () => {
    spec
      .given(park, opportunityUpdated(parkId, { name: 'Tutoring night' }))
      .when(park)
      .thenUnchanged(rows);
  });

  it('applies the fields an update names and leaves the others', () => {
    spec
      .given(park)
      .when(opportunityUpdated(parkId, { name: 'Tutoring night', totalSlots: 6 }))
      .then(({ state }) => {
        expect(opportunity(state)).toMatchObject({
          name: 'Tutoring night',
          total_slots: 6,
          duration_minutes: 90,
          date: '2026-03-20',
        });
      });
  });

  it('clamps bad details with a warning: an impossible date falls back to the start', () => {
    spec
      .given(park)
      .when(
        opportunityUpdated(parkId, {
          date: '2026-02-30',
          startsAt: '2026-03-21T14:00:00.000Z',
          totalSlots: 3_000_000_000,
        }),
      )
      .then(({ state, warnings }) => {
        expect(opportunity(state)).toMatchObject({
          date: '2026-03-21',
          starts_at: '2026-03-21T14:00:00.000Z',
          total_slots: 2_147_483_647,
        });
        expect(warnings).toEqual(['opportunity details clamped']);
      });
  });

  it('approves, unapproves and deletes', () => {
    spec
      .given(park)
      .when(opportunityApproval(parkId, true))
      .then(({ state }) => expect(opportunity(state)?.approved).toBe(true));
    spec
      .given(park, opportunityApproval(parkId, true))
      .when(opportunityApproval(parkId, false), opportunityDeleted(parkId))
      .then(({ state }) => {
        expect(opportunity(state)).toMatchObject({ approved: false, deleted: true });
      });
  });

  it('skips the changes of an unknown opportunity with a warning each', () => {
    const unknown = randomUUID();
    spec
      .given(park)
      .when(
        opportunityUpdated(unknown, { name: 'Ghost' }),
        opportunityApproval(unknown, true),
        opportunityDeleted(unknown),
      )
      .then(({ state, warnings }) => {
        expect(state.opportunities.has(unknown)).toBe(false);
        expect(warnings).toEqual([
          'update of an unknown opportunity skipped',
          'OpportunityApproved of an unknown opportunity skipped',
          'OpportunityDeleted of an unknown opportunity skipped',
        ]);
      });
  });

  it('leaves other events alone, and a batch of them touches nothing', () => {
    const joined = memberJoined(randomUUID(), ann);
    spec.given(park).when(joined).thenUnchanged(rows);
    expect(opportunitiesModel.touched([projected(joined)])).toBeNull();
  });
});

describe('opportunities read model: signups and registered_count', () => {
  it('holds one row per user, registered or withdrawn, and counts the registered', () => {
    spec
      .given(park)
      .when(
        signedUp(parkId, ann, MONDAY),
        signedUp(parkId, ben, MONDAY),
        signedUp(parkId, cy, MONDAY),
        unregistered(parkId, ben, TUESDAY),
      )
      .then(({ state, warnings }) => {
        expect(signups(state)).toEqual([
          {
            opportunity_id: parkId,
            user_id: ann,
            signed_up_at: MONDAY,
            registered: true,
            attended: null,
          },
          {
            opportunity_id: parkId,
            user_id: ben,
            signed_up_at: MONDAY,
            registered: false,
            attended: null,
          },
          {
            opportunity_id: parkId,
            user_id: cy,
            signed_up_at: MONDAY,
            registered: true,
            attended: null,
          },
        ]);
        expect(opportunity(state)?.registered_count).toBe(2);
        expect(warnings).toEqual([]);
      });
  });

  it('registers a withdrawn user again on the same row, dated by the new signup', () => {
    spec
      .given(park, signedUp(parkId, ann, MONDAY), unregistered(parkId, ann, MONDAY))
      .when(signedUp(parkId, ann, TUESDAY))
      .then(({ state }) => {
        expect(signups(state)).toEqual([
          {
            opportunity_id: parkId,
            user_id: ann,
            signed_up_at: TUESDAY,
            registered: true,
            attended: null,
          },
        ]);
        expect(opportunity(state)?.registered_count).toBe(1);
      });
  });

  it('counts a signup delivered again once, and a withdrawal delivered again once', () => {
    const signup = signedUp(parkId, ann, MONDAY);
    spec.given(park, signup).when(signup).thenUnchanged(rows);
    const withdrawal = unregistered(parkId, ann, TUESDAY);
    spec.given(park, signup, withdrawal).when(withdrawal).thenUnchanged(rows);
  });

  it('counts the signups the log holds before the creation', () => {
    spec
      .given(signedUp(parkId, ann), signedUp(parkId, ben), unregistered(parkId, ben))
      .when(park)
      .then(({ state }) => expect(opportunity(state)?.registered_count).toBe(1));
  });

  it('skips a withdrawal without a signup, with a warning', () => {
    spec
      .given(park, signedUp(parkId, ann))
      .when(unregistered(parkId, ben))
      .then(({ state, warnings }) => {
        expect(signups(state).map((s) => s.user_id)).toEqual([ann]);
        expect(opportunity(state)?.registered_count).toBe(1);
        expect(warnings).toEqual(['unregistration without a signup skipped']);
      });
  });

  it('marks attendance on the opportunity and the signups; people without a signup are skipped', () => {
    const outsider = randomUUID();
    spec
      .given(park, signedUp(parkId, ann), signedUp(parkId, ben), signedUp(parkId, cy))
      .when(
        attendanceMarked({
          opportunityId: parkId,
          markedBy: host,
          opportunityDate: '2026-03-20',
          durationMinutes: 90,
          // Listed as both: attended.
          attended: [ann, cy, outsider],
          absent: [ben, cy],
          at: TUESDAY,
        }),
      )
      .then(({ state, warnings }) => {
        expect(opportunity(state)).toMatchObject({
          attendance_marked: true,
          attendance_marked_at: TUESDAY,
          registered_count: 3,
        });
        expect(signups(state).map((s) => [s.user_id, s.attended])).toEqual([
          [ann, true],
          [ben, false],
          [cy, true],
        ]);
        expect(warnings).toEqual([]);
      });
  });

  it('marks the signups of an opportunity it does not hold', () => {
    const unknown = randomUUID();
    spec
      .given(signedUp(unknown, ann))
      .when(
        attendanceMarked({
          opportunityId: unknown,
          markedBy: host,
          opportunityDate: '2026-03-20',
          durationMinutes: 90,
          attended: [ann],
        }),
      )
      .then(({ state, warnings }) => {
        expect(state.opportunities.size).toBe(0);
        expect(signups(state).map((s) => [s.user_id, s.attended])).toEqual([[ann, true]]);
        expect(warnings).toEqual([]);
      });
  });
});

describe('opportunities read model: announcements', () => {
  const kept = announcementPosted(parkId, host, 'Meet at the gate');
  const typo = announcementPosted(parkId, host, 'Typo');

  it('lists the announcements posted, marking the removed ones', () => {
    spec
      .given(park, kept, typo)
      .when(announcementRemoved(parkId, typo.announcementId))
      .then(({ state }) => {
        expect(announcements(state).map((a) => [a.id, a.text, a.removed])).toEqual([
          [kept.announcementId, 'Meet at the gate', false],
          [typo.announcementId, 'Typo', true],
        ]);
      });
  });

  it('keeps the first row when an announcement is posted again, removed or not', () => {
    const removal = announcementRemoved(parkId, typo.announcementId);
    spec.given(park, typo, removal).when(typo).thenUnchanged(rows);
    spec.given(park, typo, removal).when(removal).thenUnchanged(rows);
  });

  it('ignores the removal of an announcement it does not hold', () => {
    spec.given(park, kept).when(announcementRemoved(parkId, randomUUID())).thenUnchanged(rows);
  });
});

/** What the load reads, answered by table. */
const tables =
  (rowsOf: Partial<Record<'opportunities' | 'announcements' | 'signups', readonly object[]>>) =>
  ({ sql }: { sql: string }) => {
    const from = /FROM (\w+)/.exec(sql)?.[1] ?? '';
    return rowsOf[from as keyof typeof rowsOf] ?? [];
  };

/** The park's row as the table holds it with `registeredCount` registered. */
const loadedPark = (registeredCount: number) => ({
  ...opportunity(stateAfter(park)),
  registered_count: registeredCount,
});

describe('opportunities read model: the live path', () => {
  it('moves registered_count from the loaded row and writes it with the row, one statement per table', async () => {
    const { sent } = await liveBatch(opportunitiesModel, [signedUp(parkId, ann, TUESDAY)], {
      answer: tables({
        opportunities: [loadedPark(5)],
        signups: [],
      }),
    });
    const writes = sent.filter((s) => !s.sql.trimStart().startsWith('SELECT'));
    expect(writes.map((s) => /^\s*(\w+ \w+ \w+)/.exec(s.sql)?.[1])).toEqual([
      'INSERT INTO opportunities',
      'INSERT INTO signups',
    ]);
    expect(JSON.parse(writes[0]?.params[0] as string)).toMatchObject([
      { id: parkId, registered_count: 6 },
    ]);
    expect(JSON.parse(writes[1]?.params[0] as string)).toEqual([
      {
        opportunity_id: parkId,
        user_id: ann,
        signed_up_at: TUESDAY,
        registered: true,
        attended: null,
      },
    ]);
  });

  it('writes back an opportunity the batch edits, and nothing for a creation delivered again', async () => {
    const answer = tables({ opportunities: [loadedPark(2)] });
    const edited = await liveBatch(
      opportunitiesModel,
      [park, opportunityUpdated(parkId, { name: 'Tutoring night' })],
      { answer },
    );
    expect(edited.sent.map((s) => s.sql.includes('INSERT INTO opportunities'))).toEqual([
      false,
      true,
    ]);
    expect(JSON.parse(edited.sent[1]?.params[0] as string)).toEqual([
      { ...loadedPark(2), name: 'Tutoring night' },
    ]);
    const again = await liveBatch(opportunitiesModel, [park], { answer });
    expect(again.sent.map((s) => s.sql.includes('INSERT INTO opportunities'))).toEqual([false]);
  });

  it('lands on the same rows when a batch is delivered again over what it wrote', async () => {
    const batch = [signedUp(parkId, ann, TUESDAY), unregistered(parkId, ben, TUESDAY)];
    const { sent } = await liveBatch(opportunitiesModel, batch, {
      answer: tables({
        opportunities: [loadedPark(4)],
        signups: [
          {
            opportunity_id: parkId,
            user_id: ann,
            signed_up_at: TUESDAY,
            registered: true,
            attended: null,
          },
          {
            opportunity_id: parkId,
            user_id: ben,
            signed_up_at: MONDAY,
            registered: false,
            attended: null,
          },
        ],
      }),
    });
    const written = sent.filter((s) => s.sql.includes('INSERT INTO'));
    // The count did not move: the opportunity is not written again.
    expect(written.map((s) => s.sql.includes('INSERT INTO signups'))).toEqual([true]);
    expect(JSON.parse(written[0]?.params[0] as string)).toEqual([
      {
        opportunity_id: parkId,
        user_id: ann,
        signed_up_at: TUESDAY,
        registered: true,
        attended: null,
      },
      {
        opportunity_id: parkId,
        user_id: ben,
        signed_up_at: MONDAY,
        registered: false,
        attended: null,
      },
    ]);
  });

  it('reads the announcements a batch names and writes only those it changed', async () => {
    const removedId = randomUUID();
    const loaded = (id: string, text: string) => ({
      id,
      opportunity_id: parkId,
      text,
      posted_by: host,
      posted_at: MONDAY,
      removed: false,
    });
    const again = announcementPosted(parkId, host, 'Edited text');
    const { sent } = await liveBatch(
      opportunitiesModel,
      [again, announcementRemoved(parkId, removedId)],
      {
        answer: tables({
          announcements: [loaded(again.announcementId, 'First text'), loaded(removedId, 'Typo')],
        }),
      },
    );
    expect(sent[0]?.sql).toContain('FROM announcements WHERE id = ANY');
    expect(sent[0]?.params[0]).toEqual([again.announcementId, removedId]);
    expect(sent).toHaveLength(2);
    expect(JSON.parse(sent[1]?.params[0] as string)).toEqual([
      { ...loaded(removedId, 'Typo'), removed: true },
    ]);
  });
});

describe('opportunities read model: the replay', () => {
  it('inserts every row held, the counts with the opportunities', async () => {
    const held = stateAfter(
      park,
      signedUp(parkId, ann, MONDAY),
      signedUp(parkId, ben, TUESDAY),
      unregistered(parkId, ann),
      announcementPosted(parkId, host, 'Hello'),
    );
    const { client, sent } = copyRecordingClient();
    await opportunitiesModel.bulkWrite(client, held, specContext());
    expect(sent.map((s) => /(?:INSERT INTO|COPY) (\w+)/.exec(s.sql)?.[1])).toEqual([
      'opportunities',
      'announcements',
      'signups',
    ]);
    expect(JSON.parse(sent[0]?.params[0] as string)).toMatchObject([
      { id: parkId, registered_count: 1 },
    ]);
    expect(sent[2]?.params).toEqual([
      [parkId, parkId],
      [ann, ben],
      [MONDAY, TUESDAY],
      ['f', 't'],
      [null, null],
    ]);
  });
});
