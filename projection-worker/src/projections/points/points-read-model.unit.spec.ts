import { randomUUID } from 'node:crypto';
import { ATTENDANCE_DURATION_MAX, DEFAULT_LAUNCH_DATE } from '@campus/contracts';
import { describe, expect, it } from 'vitest';
import {
  attendanceMarked,
  loggedHoursScoringChanged,
  serviceHoursApproved,
  serviceHoursLogged,
  signedUp,
} from '../../testing/events';
import { liveBatch, projected, readModelSpec, specContext } from '../../testing/read-model-spec';
import { copyRecordingClient } from '../bulk-recording';
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
          service_log_id: null,
          logged_minutes: null,
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

  describe('logged service hours (docs/service-hours.md)', () => {
    const admin = randomUUID();
    /** Ann's 2 hours at the pantry on February 20, approved by the host on March 1. */
    const annLog = serviceHoursLogged({ userId: ann, organizationId: pantry, minutes: 120 });
    const annApproved = serviceHoursApproved(annLog, {
      verifiedBy: host,
      at: '2026-03-01T12:00:00.000Z',
    });
    const benLog = serviceHoursLogged({ userId: ben, date: '2026-03-10', minutes: 45 });
    const benApproved = serviceHoursApproved(benLog, { verifiedBy: admin });
    const loggedLines = (state: PointsState) =>
      ledgerLinesHeld(state)
        .filter((l) => l.reason === 'logged_hours')
        .map((l) => [l.user_id, l.points, l.logged_minutes]);

    it("holds an approved log as a line of its own, worth nothing while the rule is off, in the service date's month", () => {
      spec
        .given()
        .when(annApproved)
        .then(({ state, warnings }) => {
          expect(ledgerLinesHeld(state)).toEqual([
            {
              user_id: ann,
              points: 0,
              reason: 'logged_hours',
              opportunity_id: null,
              cause_event_id: annApproved.event.eventId,
              actor_user_id: host,
              opportunity_date: '2026-02-20',
              month: '2026-02',
              recorded_at: '2026-03-01T12:00:00.000Z',
              service_log_id: annLog.logId,
              logged_minutes: 120,
            },
          ]);
          expect(warnings).toEqual([]);
        });
    });

    it('values a line by its minutes while the rule is on', () => {
      spec
        .given(loggedHoursScoringChanged(true, admin))
        .when(annApproved)
        .then(({ state }) => {
          expect(loggedLines(state)).toEqual([[ann, 120, 120]]);
        });
    });

    it('re-values every line, earlier ones too, when the rule is turned on and off', () => {
      spec
        .given(parkAttendance(), annApproved, benApproved)
        .when(loggedHoursScoringChanged(true, admin))
        .then(({ state }) => {
          expect(loggedLines(state)).toEqual([
            [ann, 120, 120],
            [ben, 45, 45],
          ]);
          // Attendance lines keep their points.
          expect(
            lines(state)
              .slice(0, 3)
              .map((l) => l[2]),
          ).toEqual([90, 90, 5]);
          expect(state.ruleSet).toBe(true);
        });
      spec
        .given(loggedHoursScoringChanged(true, admin), annApproved)
        .when(loggedHoursScoringChanged(false, admin), benApproved)
        .then(({ state }) => {
          expect(loggedLines(state)).toEqual([
            [ann, 0, 120],
            [ben, 0, 45],
          ]);
        });
    });

    it("gives a scoring preview's draft of the rule over the log's rule changes", () => {
      readModelSpec(pointsModel, { scoring: { loggedHoursEarnPoints: true } })
        .given(annApproved)
        .when(loggedHoursScoringChanged(false, admin), benApproved)
        .then(({ state }) => {
          expect(loggedLines(state)).toEqual([
            [ann, 120, 120],
            [ben, 45, 45],
          ]);
        });
    });

    it('holds no line for a log of no minutes, with a warning', () => {
      const empty = serviceHoursLogged({ userId: ann, minutes: -5 });
      spec
        .given()
        .when(serviceHoursApproved(empty, { verifiedBy: host }))
        .then(({ state, warnings }) => {
          expect(state.count).toBe(0);
          expect(warnings).toEqual(['approved service log clamped']);
        });
    });

    it('live: an approval reads the stored rule and values its line by it', async () => {
      expect(pointsModel.touched([projected(parkAttendance())])).toEqual({ rule: false });
      const { sent } = await liveBatch(pointsModel, [annApproved], {
        answer: ({ sql }) => (sql.includes('FROM scoring_rules') ? [{ earn: true }] : []),
      });
      expect(sent.map((s) => s.sql.includes('FROM scoring_rules'))).toEqual([true, false]);
      expect(JSON.parse(sent[1]?.params[0] as string)).toMatchObject([
        { reason: 'logged_hours', points: 120, logged_minutes: 120, service_log_id: annLog.logId },
      ]);
    });

    it('live: a rule change re-values the stored lines and stores the rule, before the new lines go in', async () => {
      const { sent } = await liveBatch(
        pointsModel,
        [annApproved, loggedHoursScoringChanged(true, admin)],
        { context: { launchDate: '2025-09-16' } },
      );
      expect(sent).toHaveLength(3);
      expect(sent[1]?.sql).toContain("l.reason = 'logged_hours'");
      expect(sent[1]?.sql).toContain('INSERT INTO scoring_rules');
      expect(sent[1]?.params).toEqual([true, '2025-09-16']);
      expect(JSON.parse(sent[2]?.params[0] as string)).toMatchObject([{ points: 120 }]);
    });

    it('replay: stores the rule once an event set it, and none before', async () => {
      const { client, sent } = copyRecordingClient();
      const unset = pointsModel.initial();
      pointsModel.evolve(unset, projected(annApproved), specContext());
      await pointsModel.bulkWrite(client, unset, specContext());
      expect(sent.some((s) => s.sql.includes('scoring_rules'))).toBe(false);
      const set = pointsModel.initial();
      pointsModel.evolve(set, projected(loggedHoursScoringChanged(true, admin)), specContext());
      await pointsModel.bulkWrite(client, set, specContext());
      expect(sent.filter((s) => s.sql.includes('scoring_rules')).map((s) => s.params)).toEqual([
        [true],
      ]);
    });
  });
});
