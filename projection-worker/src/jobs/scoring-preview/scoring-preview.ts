import {
  scoringWith,
  UNKNOWN_RANK,
  type EventStore,
  type ScoringChange,
  type ScoringOverrides,
} from '@campus/contracts';
import type { Logger, PersonalDataVault, Pool, PoolClient, RedisClient } from '@campus/infra';
import type { ScoringPreviewJobProgress, ScoringPreviewJobResult } from '@campus/read-model';
import { replayProjections } from '../replay/replay';

type ScoringPreviewOptions = {
  readonly store: EventStore;
  readonly pool: Pool;
  readonly vault: PersonalDataVault;
  readonly logger: Logger;
  readonly redis: RedisClient;
  readonly keyPrefix: string;
  readonly overrides: ScoringOverrides;
  readonly launchDate?: string;
  readonly batchSize?: number;
  readonly countEvents?: () => Promise<number | null>;
  readonly onProgress?: (progress: ScoringPreviewJobProgress) => void | Promise<void>;
};

/** Points, all-time rank (competition ranking, 999 without points) and badges of every user. */
const standingsSql = (schema: string) => `
  SELECT u.id, u.points,
         COALESCE(r.rank, ${String(UNKNOWN_RANK)})::int AS rank,
         COALESCE(b.badges, '{}') AS badges
    FROM ${schema}users u
    LEFT JOIN (SELECT id, rank() OVER (ORDER BY points DESC) AS rank
                 FROM ${schema}users WHERE points > 0) r ON r.id = u.id
    LEFT JOIN ${schema}user_badges b ON b.user_id = u.id`;

type ChangeRow = {
  user_id: string;
  name: string;
  points_before: number;
  points_after: number;
  rank_before: number;
  rank_after: number;
  badges_before: string[];
  badges_after: string[];
};

/** Every user whose points, rank or badges differ between the live model and the shadow. */
const compareWithLive = async (
  client: PoolClient,
): Promise<{ usersCompared: number; changes: ScoringChange[] }> => {
  const { rows } = await client.query<ChangeRow & { compared: number }>(
    `WITH live AS (${standingsSql('read.')}),
          draft AS (${standingsSql('')}),
          joined AS (
            SELECT COALESCE(l.id, d.id) AS id,
                   COALESCE(l.points, 0) AS points_before, COALESCE(d.points, 0) AS points_after,
                   COALESCE(l.rank, ${String(UNKNOWN_RANK)}) AS rank_before,
                   COALESCE(d.rank, ${String(UNKNOWN_RANK)}) AS rank_after,
                   COALESCE(l.badges, '{}') AS badges_before,
                   COALESCE(d.badges, '{}') AS badges_after
              FROM live l FULL JOIN draft d ON d.id = l.id
          )
     SELECT j.id::text AS user_id,
            COALESCE(NULLIF(trim(concat_ws(' ', u.first_name, u.last_name)), ''), 'Former user') AS name,
            j.points_before, j.points_after, j.rank_before, j.rank_after,
            j.badges_before, j.badges_after,
            (SELECT count(*)::int FROM joined) AS compared
       FROM joined j
       LEFT JOIN read.users u ON u.id = j.id
      WHERE (j.points_before, j.rank_before) IS DISTINCT FROM (j.points_after, j.rank_after)
         OR NOT (j.badges_before @> j.badges_after AND j.badges_after @> j.badges_before)
      ORDER BY j.rank_after, j.points_after DESC, name, j.id`,
  );
  const compared = rows[0]?.compared;
  const { rows: count } =
    compared === undefined
      ? await client.query<{ n: number }>('SELECT count(*)::int AS n FROM read.users')
      : { rows: [{ n: compared }] };
  return {
    usersCompared: count[0]?.n ?? 0,
    changes: rows.map(({ compared: _c, ...change }) => change),
  };
};

/**
 * Replays the history into the shadow schema with the draft scoring parameters (the users,
 * opportunities, friendships, points and badges projections, as a replay of 'badges' does), compares
 * it with the live model and discards it. A draft of the logged hours rule wins over the log's
 * LoggedHoursScoringChanged events (docs/service-hours.md). Read-only: nothing live is changed.
 * One at a time with replays (the replay lock: a second one is a 409).
 */
export const previewScoring = async (
  options: ScoringPreviewOptions,
): Promise<ScoringPreviewJobResult> => {
  const { overrides, onProgress } = options;
  // Validates the draft against the defaults' shape before any work.
  scoringWith(overrides);
  let compared: { usersCompared: number; changes: ScoringChange[] } | null = null;
  let replayed = 0;
  const result = await replayProjections({
    ...options,
    requested: 'badges',
    scoring: overrides,
    onProgress: async (p) => {
      const phase: ScoringPreviewJobProgress['phase'] =
        p.phase === 'preparing' ? 'preparing' : p.phase === 'done' ? 'comparing' : 'replaying';
      replayed = p.events;
      await onProgress?.({ phase, events: p.events, total: p.total });
    },
    inspectShadow: async (client) => {
      await onProgress?.({ phase: 'comparing', events: replayed, total: null });
      compared = await compareWithLive(client);
    },
  });
  const done = compared as { usersCompared: number; changes: ScoringChange[] } | null;
  if (!done) throw new Error('The scoring preview did not compare its shadow');
  await onProgress?.({ phase: 'done', events: result.events, total: null });
  return { position: result.position, ...done };
};
