import { randomBytes } from 'node:crypto';
import type { Job } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedisClient, type RedisClient } from '@campus/infra';
import { TEST_REDIS_URL } from '@campus/infra/testing';
import {
  createJobQueues,
  enqueueScoringPreview,
  scoringPreviewStatus,
  type JobQueues,
  type ScoringPreviewJobData,
  type ScoringPreviewJobResult,
} from '@campus/read-model';
import {
  attendedOpportunity,
  loggedHoursScoringChanged,
  serviceHoursApproved,
  serviceHoursLogged,
  serviceHoursRejected,
  userRegistered,
} from '../../testing/events';
import { createProjectionHarness, type ProjectionHarness } from '../../testing/harness';
import { previewScoring } from './scoring-preview';
import { scoringPreviewProcessor } from './scoring-preview-job';

/**
 * A scoring preview with the logged hours rule as its draft (docs/service-hours.md): the history
 * replayed into the shadow with the draft winning over the log's rule changes, compared with the
 * live model, which stays as it is.
 */
describe('scoring preview of the logged hours rule', () => {
  let h: ProjectionHarness;
  const ids = { ann: '', ben: '', cy: '', dee: '', host: '', admin: '' };

  const livePoints = async () =>
    (
      await h.pool.query<{ id: string; points: number }>(
        'SELECT id::text, points FROM read.users ORDER BY id',
      )
    ).rows;
  const changesBy = (result: ScoringPreviewJobResult) =>
    Object.fromEntries(result.changes.map((c) => [c.user_id, c]));

  beforeAll(async () => {
    h = await createProjectionHarness('scoring-preview-logged');
    const people = await Promise.all(
      ['Ann', 'Ben', 'Cy', 'Dee', 'Hana', 'Abe'].map((firstName) =>
        userRegistered(h.vault, { firstName }),
      ),
    );
    [ids.ann = '', ids.ben = '', ids.cy = '', ids.dee = '', ids.host = '', ids.admin = ''] =
      people.map((p) => p.userId);
    const annLog = serviceHoursLogged({ userId: ids.ann, minutes: 120 });
    const cyLog = serviceHoursLogged({ userId: ids.cy, minutes: 45 });
    const deeLog = serviceHoursLogged({ userId: ids.dee, minutes: 200 });
    await h.append(
      ...people,
      ...attendedOpportunity({
        hostUserId: ids.host,
        date: '2026-03-05',
        durationMinutes: 30,
        attended: [ids.ann],
      }),
      ...attendedOpportunity({
        hostUserId: ids.host,
        date: '2026-03-06',
        durationMinutes: 90,
        attended: [ids.ben],
      }),
      annLog,
      cyLog,
      deeLog,
      serviceHoursApproved(annLog, { verifiedBy: ids.admin }),
      serviceHoursRejected(cyLog, { verifiedBy: ids.admin }),
      serviceHoursApproved(deeLog, { verifiedBy: ids.admin }),
    );
    await h.project();
  });
  afterAll(async () => {
    await h.close();
  });

  it('shows the points, ranks and badges the rule would change, and changes nothing live', async () => {
    const before = await livePoints();
    const result = await previewScoring({
      ...h.workerDeps,
      overrides: { loggedHoursEarnPoints: true },
    });
    const changes = changesBy(result);
    expect(Object.keys(changes).sort()).toEqual([ids.ann, ids.ben, ids.dee].sort());
    expect(changes[ids.ann]).toMatchObject({
      points_before: 30,
      points_after: 150,
      rank_before: 2,
      rank_after: 2,
    });
    expect(changes[ids.ann]?.badges_after).toEqual(
      expect.arrayContaining(['point-adept', 'point-master']),
    );
    expect(changes[ids.dee]).toMatchObject({
      points_before: 0,
      points_after: 200,
      rank_before: 999,
      rank_after: 1,
    });
    expect(changes[ids.ben]).toMatchObject({ points_after: 90, rank_before: 1, rank_after: 3 });
    expect(await livePoints()).toEqual(before);
  });

  it("runs as the job with the request's draft, and a draft without the rule keeps the log's rule", async () => {
    await h.append(loggedHoursScoringChanged(true, ids.admin));
    await h.project();
    const run = (overrides: ScoringPreviewJobData['overrides']) =>
      scoringPreviewProcessor(h.workerDeps)({
        data: { overrides, requestedBy: ids.admin },
        updateProgress: () => Promise.resolve(),
      } as unknown as Job<ScoringPreviewJobData, ScoringPreviewJobResult>);

    // The rule is on live: a draft turning it off takes the logged points back.
    const off = changesBy(await run({ loggedHoursEarnPoints: false }));
    expect(off[ids.ann]).toMatchObject({ points_before: 150, points_after: 30 });
    expect(off[ids.dee]).toMatchObject({ points_before: 200, points_after: 0, rank_after: 999 });

    // A draft of a threshold alone replays the log's own rule: nobody's points move, and Ann's
    // 150 points (her logged 120 among them) no longer make her a point master.
    const threshold = await run({ badgeThresholds: { 'point-master': 160 } });
    expect(threshold.changes.map((c) => [c.user_id, c.points_before, c.points_after])).toEqual([
      [ids.ann, 150, 150],
    ]);
  });

  describe('the preview job as the services enqueue and read it', () => {
    let redis: RedisClient;
    let queues: JobQueues;

    beforeAll(() => {
      redis = createRedisClient(TEST_REDIS_URL);
      queues = createJobQueues({
        connection: redis,
        prefix: `test-preview-${randomBytes(4).toString('hex')}`,
      });
    });
    afterAll(async () => {
      await queues.scoringPreview.obliterate({ force: true });
      await queues.close();
      redis.disconnect();
    });

    it('carries the draft of the rule, and answers the rule in force as the current one', async () => {
      const store = h.store;
      const on = await enqueueScoringPreview(
        queues,
        store,
        { logged_hours_earn_points: false },
        ids.admin,
      );
      const plain = await enqueueScoringPreview(
        queues,
        store,
        { first_signup_bonus_points: 9 },
        ids.admin,
      );
      expect(on.job_id).not.toBe(plain.job_id);
      const job = await queues.scoringPreview.getJob(on.job_id);
      expect(job?.data.overrides).toEqual({ loggedHoursEarnPoints: false });

      // The rule is on in the read model (the test above turned it on).
      const status = await scoringPreviewStatus(queues, on.job_id, h.pool);
      expect(status?.current?.logged_hours_earn_points).toBe(true);
      expect(status?.draft?.logged_hours_earn_points).toBe(false);
      const other = await scoringPreviewStatus(queues, plain.job_id, h.pool);
      expect(other?.draft).toMatchObject({
        first_signup_bonus_points: 9,
        logged_hours_earn_points: true,
      });
    });
  });
});
