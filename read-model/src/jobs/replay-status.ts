import {
  formatPosition,
  type EventStore,
  type JobAccepted,
  type ReplayStatus,
} from '@campus/contracts';
import { assertReplayable } from '../projections';
import { replayIdOf, type JobQueues, type ReplayJobProgress, type ReplayJobResult } from './queues';

/** Enqueues a replay (400 for an unknown projection); one job per projection and log head. */
export const enqueueReplay = async (
  queues: JobQueues,
  store: EventStore,
  projection: string,
  requestedBy: string,
): Promise<JobAccepted> => {
  assertReplayable(projection);
  const id = replayIdOf(projection, formatPosition(await store.headPosition()));
  const job = await queues.replay.add('replay', { projection, requestedBy }, { jobId: id });
  return { job_id: id, state: await job.getState() };
};

const isProgress = (value: unknown): value is ReplayJobProgress =>
  typeof value === 'object' && value !== null && 'phase' in value && 'events' in value;

/** A replay job's state, progress and result; null when BullMQ does not know it (anymore). */
export const replayStatus = async (queues: JobQueues, id: string): Promise<ReplayStatus | null> => {
  const seen = await queues.replay.getJob(id);
  if (!seen) return null;
  // The state first, then the job read again: a job that completes between the two reads is
  // never answered as completed without its result.
  const state = await seen.getState();
  const job = (await queues.replay.getJob(id)) ?? seen;
  const progress: unknown = job.progress;
  const result = job.returnvalue as ReplayJobResult | null | undefined;
  return {
    id,
    state,
    projection: job.data.projection,
    progress: isProgress(progress)
      ? {
          phase: progress.phase,
          events: progress.events,
          total: progress.total,
          events_per_second: progress.eventsPerSecond,
        }
      : null,
    result: result
      ? {
          projections: [...result.projections],
          events: result.events,
          position: result.position,
          duration_ms: result.durationMs,
        }
      : null,
    // Typed as a string, undefined until the job fails.
    failed_reason: job.failedReason || null,
  };
};
