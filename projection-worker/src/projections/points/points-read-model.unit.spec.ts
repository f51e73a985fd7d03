import { randomUUID } from 'node:crypto';
import { ATTENDANCE_DURATION_MAX, DEFAULT_LAUNCH_DATE } from '@campus/contracts';
import { describe, expect, it } from 'vitest';
import { attendanceMarked, signedUp } from '../../testing/events';
import { liveBatch, projected, readModelSpec } from '../../testing/read-model-spec';
import { ledgerLinesHeld, pointsModel, type PointsState } from './points-read-model';

const host = randomUUID();
const ann = randomUUID();
const ben = randomUUID();
const cy = randomUUID();
const park = randomUUID();
const pantry = randomUUID();

/** 90 minutes for Ann and Ben on March 31 (marked April 1 UTC), Cy absent, Ann's bonus of 5. */
const parkAttendance = () =>
  attendanceMarked({
    opportunityId: park,
    markedBy: host,
    opportunityDate: '2026-03-31',
    durationMinutes: 90,
    attended: [ann, ben, ann],
    absent: [cy],
    bonus: { userId: ann, points: 5 },
    at: '2026-04-01T02:00:00.000Z',
  });

const lines = (state: PointsState) =>
  ledgerLinesHeld(state).map((l) => [l.user_id, l.reason, l.points, l.opportunity_date, l.month]);

const spec = readModelSpec(pointsModel);

describe('points read model', () => {
  it('holds a line per attended user and the bonus as its own line, naming the event, in the Eastern month', () => {
    const attendance = parkAttendance();
    spec
      .given()
      .when(attendance)
      .then(({ state, warnings }) => {
        expect(lines(state)).toEqual([
          [ann, 'attendance', 90, '2026-03-31', '2026-03'],
          [ben, 'attendance', 90, '2026-03-31', '2026-03'],
          [ann, 'first_signup_bonus', 5, '2026-03-31', '2026-03'],
        ]);
        expect(ledgerLinesHeld(state)[0]).toEqual({
          user_id: ann,
          points: 90,
          reason: 'attendance',
          opportunity_id: park,
          cause_event_id: attendance.event.eventId,
          actor_user_id: host,
          opportunity_date: '2026-03-31',
          month: '2026-03',
          recorded_at: '2026-04-01T02:00:00.000Z',
        });
        expect(warnings).toEqual([]);
      });
  });

  it('appends the lines of each attendance in log order', () => {
    spec
      .given(parkAttendance())
      .when(
        attendanceMarked({
          opportunityId: pantry,
          markedBy: host,
          opportunityDate: '2026-04-02',
          durationMinutes: 30,
          attended: [cy],
        }),
      )
      .then(({ state }) => {
        expect(state.count).toBe(4);
        expect(lines(state).at(-1)).toEqual([cy, 'attendance', 30, '2026-04-02', '2026-04']);
      });
  });

  it('clamps impossible minutes and skips a bonus worth nothing, with a warning', () => {
    spec
      .given()
      .when(
        attendanceMarked({
          opportunityId: park,
          markedBy: host,
          opportunityDate: '2026-03-31',
          durationMinutes: 5_000_000,
          attended: [ann],
          bonus: { userId: ann, points: -5 },
        }),
      )
      .then(({ state, warnings }) => {
        expect(lines(state)).toEqual([
          [ann, 'attendance', ATTENDANCE_DURATION_MAX, '2026-03-31', '2026-03'],
        ]);
        expect(warnings).toEqual(['minutes clamped']);
      });
  });

  it('counts an attendance without a valid date on the day it was marked, with a warning', () => {
    spec
      .given()
      .when(
        attendanceMarked({
          opportunityId: park,
          markedBy: host,
          opportunityDate: '2026-02-30',
          durationMinutes: 60,
          attended: [ann],
          at: '2026-04-01T02:00:00.000Z',
        }),
      )
      .then(({ state, warnings }) => {
        expect(lines(state)).toEqual([[ann, 'attendance', 60, '2026-03-31', '2026-03']]);
        expect(warnings).toEqual(['attendance without a valid opportunity date']);
      });
  });

  it("gives a scoring preview's bonus instead of the recorded one", () => {
    readModelSpec(pointsModel, { scoring: { firstSignupBonusPoints: 40 } })
      .given()
      .when(parkAttendance())
      .then(({ state }) => {
        expect(lines(state).at(-1)).toEqual([
          ann,
          'first_signup_bonus',
          40,
          '2026-03-31',
          '2026-03',
        ]);
      });
  });

  it('counts monthly boards from the launch date (the product default unless given)', async () => {
    const byDefault = await liveBatch(pointsModel, [parkAttendance()]);
    expect(byDefault.sent.map((s) => s.params[1])).toEqual([DEFAULT_LAUNCH_DATE]);
    const given = await liveBatch(pointsModel, [parkAttendance()], {
      context: { launchDate: '2026-04-01' },
    });
    expect(given.sent.map((s) => s.params[1])).toEqual(['2026-04-01']);
  });

  it('leaves other events alone, and a batch of them touches nothing', () => {
    const signup = signedUp(park, ann);
    spec.given(parkAttendance()).when(signup).thenUnchanged(lines);
    expect(pointsModel.touched([projected(signup)])).toBeNull();
  });

  it('writes a batch as one statement: the lines in log order, totals moved by the lines inserted', async () => {
    const attendance = parkAttendance();
    const { sent } = await liveBatch(pointsModel, [attendance, signedUp(park, cy)], {
      context: { launchDate: '2026-01-01' },
    });
    expect(sent).toHaveLength(1);
    const [sql, params] = [sent[0]?.sql ?? '', sent[0]?.params ?? []];
    // A line already there is not inserted again, and only inserted lines move the totals.
    expect(sql).toContain('ON CONFLICT (cause_event_id, user_id, reason) DO NOTHING');
    expect(sql).toContain('FROM inserted');
    expect(params[1]).toBe('2026-01-01');
    expect(
      (JSON.parse(params[0] as string) as { user_id: string; reason: string }[]).map((l) => [
        l.user_id,
        l.reason,
      ]),
    ).toEqual([
      [ann, 'attendance'],
      [ben, 'attendance'],
      [ann, 'first_signup_bonus'],
    ]);
  });

  it('writes nothing for a batch whose attendance gives no points', async () => {
    const { sent } = await liveBatch(
      pointsModel,
      [
        attendanceMarked({
          opportunityId: park,
          markedBy: host,
          opportunityDate: '2026-03-31',
          durationMinutes: 60,
          attended: [],
          bonus: { userId: ann, points: 0 },
        }),
      ],
      { context: { scoring: { firstSignupBonusPoints: 0 } } },
    );
    expect(sent).toEqual([]);
  });
});
