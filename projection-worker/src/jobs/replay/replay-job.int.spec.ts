import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '@campus/contracts';
import { ValidationError } from '@campus/infra';
import { TEST_REDIS_URL } from '@campus/infra/testing';
import { createJobQueues, enqueueReplay, replayStatus, type JobQueues } from '@campus/read-model';
import { allProjections } from '../../projections';
import { createProjectionHarness, type ProjectionHarness } from '../../testing/harness';
import { seedHistory } from '../../testing/history';
import { snapshotEveryTable } from '../../testing/read-model-snapshot';
import { startJobWorkers, type JobWorkers } from '../workers';

describe('replay as a BullMQ job on the replay queue', () => {
  let h: ProjectionHarness;
  let queues: JobQueues;
  let workers: JobWorkers;
  let admin = '';
  const prefix = `test-replay-${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    h = await createProjectionHarness('replay-job');
    admin = (await seedHistory(h)).hal;
    await h.project();
    queues = createJobQueues({ connection: h.redis, prefix });
    workers = await startJobWorkers({
      redisUrl: TEST_REDIS_URL,
      prefix,
      store: h.store,
      pool: h.pool,
      vault: h.vault,
      logger: h.logger,
      redis: h.redis,
      keyPrefix: h.prefix,
      batchSize: 5,
      reportsDir: 'var/test-reports-unused',
      clock: manualClock('2026-04-15T16:00:00.000Z'),
    });
  });
  afterAll(async () => {
    await workers.close();
    await queues.reports.obliterate({ force: true });
    await queues.replay.obliterate({ force: true });
    await queues.close();
    await h.close();
  });

  it('runs one replay per request and log head, reporting its progress and result', async () => {
    const rows = await snapshotEveryTable(h.pool);
    const boards = await h.allBoards();
    const [a, b] = await Promise.all([
      enqueueReplay(queues, h.store, 'all', admin),
      enqueueReplay(queues, h.store, 'all', admin),
    ]);
    expect(a.job_id).toBe(b.job_id);
    expect(a.job_id).toMatch(/^replay-all-at-\d+\.\d+$/);

    await expect
      .poll(async () => (await replayStatus(queues, a.job_id))?.state, { timeout: 15_000 })
      .toBe('completed');
    const status = await replayStatus(queues, a.job_id);
    expect(status).toMatchObject({
      projection: 'all',
      progress: { phase: 'done', total: expect.any(Number) as number },
      result: { projections: allProjections.map((p) => p.name) },
      failed_reason: null,
    });
    expect(status?.progress?.events).toBe(status?.progress?.total);
    expect(await snapshotEveryTable(h.pool)).toEqual(rows);
    expect(await h.allBoards()).toEqual(boards);
  });

  it('refuses an unknown projection and knows no unknown job', async () => {
    await expect(enqueueReplay(queues, h.store, 'nope', admin)).rejects.toBeInstanceOf(
      ValidationError,
    );
    expect(await replayStatus(queues, 'replay-nope-at-1.1')).toBeNull();
  });
});
