import type { PoolClient } from '@campus/infra';
import type { ProjectedEvent } from '../../projector/projection';
import { insertRows } from '../bulk';
import { projectionOf, type ReadModel } from '../evolve';
import { asJson, isoText } from '../shared';

type WaitlistRow = {
  readonly opportunity_id: string;
  readonly user_id: string;
  readonly stream_revision: bigint;
  readonly joined_at: string;
};

type PromotionRow = {
  readonly event_id: string;
  readonly opportunity_id: string;
  readonly user_id: string;
  readonly opportunity_name: string;
  readonly starts_at: string;
  readonly promoted_at: string;
};

export type WaitlistState = {
  /** Who waits, by opportunity, then by user. A row is replaced, never edited. */
  readonly waiting: Map<string, Map<string, WaitlistRow>>;
  /** Promotion notices by event. */
  readonly promotions: Map<string, PromotionRow>;
  /** Each student's calendar link generation: the revision of their latest reset. */
  readonly generations: Map<string, bigint>;
  /**
   * The waiting rows the live path read, by pair (none in a replay): the write compares the rows
   * held with them, deleting those gone and writing those new or replaced.
   */
  readonly loaded: ReadonlyMap<string, WaitlistRow>;
};

type Pair = { readonly opportunityId: string; readonly userId: string };

/** The waiting rows a batch can change: its pairs, and every row of the opportunities it deletes. */
type WaitlistKeys = {
  readonly pairs: readonly Pair[];
  readonly opportunities: readonly string[];
};

const pairKey = (opportunityId: string, userId: string) => `${opportunityId}:${userId}`;

const noRows = (loaded: ReadonlyMap<string, WaitlistRow> = new Map()): WaitlistState => ({
  waiting: new Map(),
  promotions: new Map(),
  generations: new Map(),
  loaded,
});

const touched = (events: readonly ProjectedEvent[]): WaitlistKeys | null => {
  let touches = false;
  const pairs = new Map<string, Pair>();
  const opportunities = new Set<string>();
  for (const { event } of events) {
    switch (event.type) {
      case 'WaitlistJoined':
      case 'WaitlistLeft':
      case 'UserSignedUp': {
        const { opportunityId, userId } = event.data;
        pairs.set(pairKey(opportunityId, userId), { opportunityId, userId });
        touches = true;
        break;
      }
      case 'OpportunityDeleted':
        opportunities.add(event.data.opportunityId);
        touches = true;
        break;
      case 'WaitlistPromoted':
      case 'CalendarFeedReset':
        touches = true;
        break;
      default:
        break;
    }
  }
  return touches ? { pairs: [...pairs.values()], opportunities: [...opportunities] } : null;
};

const load = async (client: PoolClient, keys: WaitlistKeys): Promise<WaitlistState> => {
  const loaded = new Map<string, WaitlistRow>();
  const state = noRows(loaded);
  if (!keys.pairs.length && !keys.opportunities.length) return state;
  const columns = `w.opportunity_id::text, w.user_id::text, w.stream_revision::text,
    ${isoText('w.joined_at')}`;
  const { rows } = await client.query<{
    opportunity_id: string;
    user_id: string;
    stream_revision: string;
    joined_at: string;
  }>(
    `SELECT ${columns} FROM waitlist w
       JOIN unnest($1::uuid[], $2::uuid[]) AS r(opportunity_id, user_id)
         ON w.opportunity_id = r.opportunity_id AND w.user_id = r.user_id
     UNION
     SELECT ${columns} FROM waitlist w WHERE w.opportunity_id = ANY($3::uuid[])`,
    [keys.pairs.map((p) => p.opportunityId), keys.pairs.map((p) => p.userId), keys.opportunities],
  );
  for (const r of rows) {
    const row: WaitlistRow = { ...r, stream_revision: BigInt(r.stream_revision) };
    let byUser = state.waiting.get(row.opportunity_id);
    if (!byUser) {
      byUser = new Map();
      state.waiting.set(row.opportunity_id, byUser);
    }
    byUser.set(row.user_id, row);
    loaded.set(pairKey(row.opportunity_id, row.user_id), row);
  }
  return state;
};

/**
 * read.waitlist (who waits, in order), read.waitlist_promotions (the promoted user's notices) and
 * read.calendar_feeds (each student's calendar link generation). The live path reads the waiting
 * rows of the batch's pairs and deleted opportunities (a join keeps a wait already there, a leave
 * or signup ends it, a later join starts it again), then writes each table in one statement:
 * promotions are inserted once per event and a generation only grows, whatever the table holds.
 * A batch applied twice changes nothing.
 */
export const waitlistModel: ReadModel<WaitlistState, WaitlistKeys> = {
  name: 'waitlist',
  tables: ['waitlist', 'waitlist_promotions', 'calendar_feeds'],
  reads: [],
  touched,
  load,
  initial: () => noRows(),

  evolve({ waiting, promotions, generations }, { event, recorded }) {
    switch (event.type) {
      case 'WaitlistJoined': {
        const { opportunityId, userId, at } = event.data;
        let byUser = waiting.get(opportunityId);
        if (!byUser) {
          byUser = new Map();
          waiting.set(opportunityId, byUser);
        }
        if (!byUser.has(userId)) {
          byUser.set(userId, {
            opportunity_id: opportunityId,
            user_id: userId,
            stream_revision: recorded.revision,
            joined_at: at,
          });
        }
        break;
      }
      case 'WaitlistLeft':
      case 'UserSignedUp':
        waiting.get(event.data.opportunityId)?.delete(event.data.userId);
        break;
      case 'OpportunityDeleted':
        waiting.delete(event.data.opportunityId);
        break;
      case 'WaitlistPromoted': {
        const d = event.data;
        if (promotions.has(recorded.eventId)) break;
        promotions.set(recorded.eventId, {
          event_id: recorded.eventId,
          opportunity_id: d.opportunityId,
          user_id: d.userId,
          opportunity_name: d.opportunityName,
          starts_at: d.startsAt,
          promoted_at: d.at,
        });
        break;
      }
      case 'CalendarFeedReset': {
        const previous = generations.get(event.data.userId);
        if (previous === undefined || recorded.revision > previous) {
          generations.set(event.data.userId, recorded.revision);
        }
        break;
      }
      default:
        break;
    }
  },

  async write(client, { waiting, promotions, generations, loaded }) {
    const gone = [...loaded.values()].filter(
      (row) => !waiting.get(row.opportunity_id)?.has(row.user_id),
    );
    if (gone.length) {
      await client.query(
        `DELETE FROM waitlist w
          USING unnest($1::uuid[], $2::uuid[]) AS r(opportunity_id, user_id)
          WHERE w.opportunity_id = r.opportunity_id AND w.user_id = r.user_id`,
        [gone.map((r) => r.opportunity_id), gone.map((r) => r.user_id)],
      );
    }
    const joined = [...waiting.values()].flatMap((byUser) =>
      [...byUser.values()].filter(
        (row) => loaded.get(pairKey(row.opportunity_id, row.user_id)) !== row,
      ),
    );
    if (joined.length) {
      await client.query(
        `INSERT INTO waitlist (opportunity_id, user_id, stream_revision, joined_at)
         SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::bigint[], $4::timestamptz[])
         ON CONFLICT (opportunity_id, user_id) DO UPDATE
            SET stream_revision = EXCLUDED.stream_revision, joined_at = EXCLUDED.joined_at`,
        [
          joined.map((r) => r.opportunity_id),
          joined.map((r) => r.user_id),
          joined.map((r) => r.stream_revision.toString()),
          joined.map((r) => r.joined_at),
        ],
      );
    }
    if (promotions.size) {
      await client.query(
        `INSERT INTO waitlist_promotions
           (event_id, opportunity_id, user_id, opportunity_name, starts_at, promoted_at)
         SELECT r.event_id, r.opportunity_id, r.user_id, r.opportunity_name, r.starts_at,
                r.promoted_at
           FROM json_to_recordset($1::json) AS r(event_id uuid, opportunity_id uuid,
                user_id uuid, opportunity_name text, starts_at timestamptz, promoted_at timestamptz)
         ON CONFLICT (event_id) DO NOTHING`,
        [asJson([...promotions.values()])],
      );
    }
    if (generations.size) {
      await client.query(
        `INSERT INTO calendar_feeds (user_id, generation)
         SELECT * FROM unnest($1::uuid[], $2::bigint[])
         ON CONFLICT (user_id) DO UPDATE
            SET generation = GREATEST(calendar_feeds.generation, EXCLUDED.generation)`,
        [[...generations.keys()], [...generations.values()].map(String)],
      );
    }
  },

  async bulkWrite(client, { waiting, promotions, generations }) {
    await insertRows(
      client,
      'waitlist',
      [
        ['opportunity_id', 'uuid', (r) => r.opportunity_id],
        ['user_id', 'uuid', (r) => r.user_id],
        ['stream_revision', 'bigint', (r) => r.stream_revision.toString()],
        ['joined_at', 'timestamptz', (r) => r.joined_at],
      ],
      [...waiting.values()].flatMap((rows) => [...rows.values()]),
    );
    await insertRows(
      client,
      'waitlist_promotions',
      [
        ['event_id', 'uuid', (r) => r.event_id],
        ['opportunity_id', 'uuid', (r) => r.opportunity_id],
        ['user_id', 'uuid', (r) => r.user_id],
        ['opportunity_name', 'text', (r) => r.opportunity_name],
        ['starts_at', 'timestamptz', (r) => r.starts_at],
        ['promoted_at', 'timestamptz', (r) => r.promoted_at],
      ],
      [...promotions.values()],
    );
    await insertRows(
      client,
      'calendar_feeds',
      [
        ['user_id', 'uuid', (r) => r[0]],
        ['generation', 'bigint', (r) => r[1].toString()],
      ],
      [...generations],
    );
  },
};

export const waitlistProjection = projectionOf(waitlistModel);
