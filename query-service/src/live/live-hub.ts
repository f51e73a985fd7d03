import type { ServerResponse } from 'node:http';
import {
  comparePositions,
  formatLiveEventId,
  LIVE_EVENTS,
  LIVE_HEARTBEAT_MS,
  LIVE_RESUME_MAX_EVENTS,
  LIVE_STREAMS_PER_USER,
  parseLiveEventId,
  type GlobalPosition,
  type LiveTopic,
} from '@campus/contracts';
import type { Caller, Logger, Pool } from '@campus/infra';
import type { VisiblePositionTracker } from '../consistency/visible-position';
import { liveEffectOf, type Audience, type LiveChange } from './live-changes';

/**
 * The live streams of one query-service process (docs/live-updates.md). Every move of the read
 * model's visible position is read once from the log (the types and ids of the events it passed
 * over), turned into topics, and each open stream is sent the topics its viewer may read, with
 * the position as the message's id. A stream that comes back with a Last-Event-ID first gets what
 * it missed from there. Moves and catch-ups run one at a time, in order, so a stream never misses
 * a move nor gets one twice.
 */

/** A stream's unsent bytes past which its client is taken as gone (it reconnects and resumes). */
const MAX_BUFFERED_BYTES = 16 * 1024;
/** A stream ends after about this long, so that it reconnects with a fresh token (they last 1 h). */
const MAX_STREAM_MS = 10 * 60_000;
/**
 * The browser's wait before reconnecting a dropped stream: 2 s, and up to 3 s more at random, so
 * that the streams a restart ends do not all come back in the same instant.
 */
const RECONNECT_MS = 2_000;
const RECONNECT_SPREAD_MS = 3_000;
/** Events one move may pass over before every stream is told to refresh everything instead. */
const MAX_MOVE_EVENTS = 20_000;

type Stream = {
  readonly viewer: Caller;
  readonly res: ServerResponse;
  /** The position the stream's client has been told everything up to (null: not known yet). */
  position: GlobalPosition | null;
  ended: boolean;
  timer: NodeJS.Timeout | null;
};

type EventRow = {
  event_type: string;
  opportunity_id: string | null;
  user_id: string | null;
  requester_id: string | null;
  recipient_id: string | null;
  organization_id: string | null;
};

/**
 * The types and ids of the events after `after` up to `upto`, in log order: at most `limit` (null
 * beyond it). Only ids are read from the data, never anything personal.
 */
const READ_RANGE = `SELECT e.event_type,
        e.data->>'opportunityId' AS opportunity_id, e.data->>'userId' AS user_id,
        e.data->>'requesterId' AS requester_id, e.data->>'recipientId' AS recipient_id,
        -- A decision on logged hours may not name the organization: its log does.
        coalesce(e.data->>'organizationId',
                 CASE WHEN e.event_type LIKE 'ServiceHours%' THEN
                   (SELECT l.organization_id::text FROM read.service_logs l
                     WHERE l.id = (e.data->>'logId')::uuid) END) AS organization_id
   FROM es.events e
  WHERE (e.transaction_id, e.global_position) > ($1::text::xid8, $2::bigint)
    AND (e.transaction_id, e.global_position) <= ($3::text::xid8, $4::bigint)
  ORDER BY e.transaction_id, e.global_position
  LIMIT $5`;

type Range = { readonly changes: LiveChange[]; readonly endStreamsOf: Set<string> };

const readRange = async (
  pool: Pool,
  after: GlobalPosition,
  upto: GlobalPosition,
  limit: number,
): Promise<Range | null> => {
  const { rows } = await pool.query<EventRow>({
    name: 'live-range',
    text: READ_RANGE,
    values: [String(after.txn), String(after.seq), String(upto.txn), String(upto.seq), limit + 1],
  });
  if (rows.length > limit) return null;
  const changes: LiveChange[] = [];
  const endStreamsOf = new Set<string>();
  for (const row of rows) {
    const effect = liveEffectOf(row.event_type, {
      opportunityId: row.opportunity_id,
      userId: row.user_id,
      requesterId: row.requester_id,
      recipientId: row.recipient_id,
      organizationId: row.organization_id,
    });
    changes.push(...effect.changes);
    if (effect.endStreamsOf) endStreamsOf.add(effect.endStreamsOf);
  }
  return { changes, endStreamsOf };
};

type Readable = {
  deleted: boolean;
  approved: boolean;
  host: string;
  /** The organizations it is shown to (none: everyone). */
  visibility: string[];
};

/**
 * Decides, for the given viewers, who is in each audience of `changes`: reads the opportunities
 * and organizations they name (and the viewers' memberships of the organizations private
 * opportunities are shown to) in at most three statements, whatever the number of viewers.
 */
const resolveAudiences = async (
  pool: Pool,
  changes: readonly LiveChange[],
  viewers: readonly Caller[],
): Promise<(viewer: Caller, audience: Audience) => boolean> => {
  const opportunityIds = new Set<string>();
  const organizationIds = new Set<string>();
  for (const { audience } of changes) {
    if (audience.kind === 'readers') opportunityIds.add(audience.opportunityId);
    if (audience.kind === 'verifiers') organizationIds.add(audience.organizationId);
  }
  const opportunities = new Map<string, Readable>();
  if (opportunityIds.size) {
    const { rows } = await pool.query<Readable & { id: string }>(
      `SELECT id::text, deleted, approved, host_user_id::text AS host,
              ARRAY(SELECT lower(v) FROM unnest(visibility) AS v) AS visibility
         FROM read.opportunities WHERE id = ANY($1::uuid[])`,
      [[...opportunityIds]],
    );
    for (const { id, ...row } of rows) opportunities.set(id, row);
  }
  /** `<organization>:<user>` of the viewers' memberships in the organizations listed. */
  const memberships = new Set<string>();
  const listed = [...opportunities.values()].flatMap((o) => o.visibility);
  const members = viewers.filter((v) => !v.admin).map((v) => v.userId);
  if (listed.length && members.length) {
    const { rows } = await pool.query<{ organization_id: string; user_id: string }>(
      `SELECT m.organization_id::text, m.user_id::text
         FROM read.memberships m
         JOIN read.organizations o ON o.id = m.organization_id AND NOT o.deleted
        WHERE m.organization_id::text = ANY($1::text[]) AND m.user_id = ANY($2::uuid[])`,
      [[...new Set(listed)], [...new Set(members)]],
    );
    for (const row of rows) memberships.add(`${row.organization_id}:${row.user_id}`);
  }
  const verifiers = new Map<string, string>();
  if (organizationIds.size) {
    const { rows } = await pool.query<{ id: string; host: string }>(
      `SELECT id::text, host_user_id::text AS host FROM read.organizations
        WHERE id = ANY($1::uuid[]) AND NOT deleted`,
      [[...organizationIds]],
    );
    for (const row of rows) verifiers.set(row.id, row.host);
  }

  return (viewer, audience) => {
    switch (audience.kind) {
      case 'everyone':
        return true;
      case 'users':
        return audience.ids.includes(viewer.userId);
      case 'admins':
        return viewer.admin;
      case 'verifiers':
        return viewer.admin || verifiers.get(audience.organizationId) === viewer.userId;
      case 'readers': {
        // The rule of the detail read (docs/product-rules.md); a deleted one, its host and admins.
        const o = opportunities.get(audience.opportunityId);
        if (!o) return false;
        if (viewer.admin || o.host === viewer.userId) return true;
        return (
          !o.deleted &&
          o.approved &&
          (o.visibility.length === 0 ||
            o.visibility.some((org) => memberships.has(`${org}:${viewer.userId}`)))
        );
      }
    }
  };
};

/** The topics of `changes` the viewer may be told of, each once. */
const topicsFor = (
  viewer: Caller,
  changes: readonly LiveChange[],
  mayKnow: (viewer: Caller, audience: Audience) => boolean,
): LiveTopic[] => {
  const seen = new Map<string, LiveTopic>();
  for (const { topic, audience } of changes) {
    const key = topic.kind === 'opportunity' ? `${topic.kind}:${topic.id}` : topic.kind;
    if (!seen.has(key) && mayKnow(viewer, audience)) seen.set(key, topic);
  }
  return [...seen.values()];
};

const message = (event: string, position: GlobalPosition | null, data: unknown): string =>
  `event: ${event}\n${position ? `id: ${formatLiveEventId(position)}\n` : ''}data: ${JSON.stringify(data)}\n\n`;

export type LiveHubOptions = {
  readonly pool: Pool;
  readonly tracker: VisiblePositionTracker;
  readonly logger: Logger;
  readonly heartbeatMs?: number;
  readonly maxStreamMs?: number;
  readonly streamsPerUser?: number;
  readonly resumeMaxEvents?: number;
};

export const createLiveHub = (options: LiveHubOptions) => {
  const { pool, tracker, logger } = options;
  const heartbeatMs = options.heartbeatMs ?? LIVE_HEARTBEAT_MS;
  const maxStreamMs = options.maxStreamMs ?? MAX_STREAM_MS;
  const streamsPerUser = options.streamsPerUser ?? LIVE_STREAMS_PER_USER;
  const resumeMaxEvents = options.resumeMaxEvents ?? LIVE_RESUME_MAX_EVENTS;
  /** Every open stream. */
  const all = new Set<Stream>();
  /** The streams that are told of every move (caught up to `head`). */
  const streams = new Set<Stream>();
  /** Open streams per person, caught up or not. */
  const opened = new Map<string, number>();
  /** The position every stream of `streams` has been told everything up to. */
  let head: GlobalPosition | null = tracker.current();
  let closed = false;

  // Moves and catch-ups, one at a time, in the order they came.
  let queue: Promise<void> = Promise.resolve();
  const serially = (task: () => Promise<void>): Promise<void> => {
    queue = queue.then(task).catch((error: unknown) => {
      // Nothing of the events is logged: only that a step failed. The streams are told to refresh.
      logger.warn({ err: error }, 'live updates: a step failed; streams refresh everything');
      if (head) broadcast(LIVE_EVENTS.reset, head, {});
    });
    return queue;
  };

  /** Ends a stream; `drop` also lets its socket go at once (a client that reads nothing). */
  const end = (stream: Stream, { drop = false } = {}) => {
    if (stream.ended) return;
    stream.ended = true;
    if (stream.timer) clearTimeout(stream.timer);
    streams.delete(stream);
    all.delete(stream);
    const left = (opened.get(stream.viewer.userId) ?? 1) - 1;
    if (left > 0) opened.set(stream.viewer.userId, left);
    else opened.delete(stream.viewer.userId);
    if (drop) stream.res.destroy();
    else stream.res.end();
  };

  /** Writes one message (`text`, reaching `position`) to a stream. */
  const write = (stream: Stream, text: string, position: GlobalPosition | null) => {
    if (stream.ended) return;
    // A client that reads nothing fills its buffer: it is dropped, and resumes when it comes back.
    if (stream.res.writableLength > MAX_BUFFERED_BYTES) {
      end(stream, { drop: true });
      return;
    }
    stream.res.write(text);
    if (position) stream.position = position;
  };
  const send = (stream: Stream, event: string, position: GlobalPosition | null, data: unknown) =>
    write(stream, message(event, position, data), position);
  /** The same message to every caught-up stream (its text made once). */
  const broadcast = (event: string, position: GlobalPosition, data: unknown) => {
    const text = message(event, position, data);
    for (const stream of streams) write(stream, text, position);
  };

  /**
   * Ends the streams of people whose rights changed (caught up or not), each first told the
   * position it has been told everything up to, so it comes back from there as who they are now.
   */
  const endStreamsOf = (userIds: ReadonlySet<string>, to: GlobalPosition) => {
    if (!userIds.size) return;
    const heartbeat = message(LIVE_EVENTS.heartbeat, to, {});
    for (const stream of [...all]) {
      if (!userIds.has(stream.viewer.userId)) continue;
      if (streams.has(stream)) write(stream, heartbeat, to);
      end(stream);
    }
  };

  const advance = async (to: GlobalPosition, forward: boolean) => {
    if (closed) return;
    const from = head;
    if (!forward) {
      // The read model went back (a rebuild, a restore): everything shown may read differently.
      head = to;
      broadcast(LIVE_EVENTS.reset, to, {});
      return;
    }
    if (from && comparePositions(to, from) <= 0) return;
    head = to;
    if (!from) {
      // The first position this process knows: what changed before it cannot be told.
      broadcast(LIVE_EVENTS.reset, to, {});
      return;
    }
    if (!streams.size) return;
    const range = await readRange(pool, from, to, MAX_MOVE_EVENTS);
    if (!range) {
      broadcast(LIVE_EVENTS.reset, to, {});
      return;
    }
    if (range.changes.length) {
      const targets = [...streams];
      const mayKnow = await resolveAudiences(
        pool,
        range.changes,
        targets.map((s) => s.viewer),
      );
      // Viewers told the same topics get the same bytes: each text is made once per move.
      const texts = new Map<string, string>();
      for (const stream of targets) {
        const topics = topicsFor(stream.viewer, range.changes, mayKnow);
        if (!topics.length) {
          stream.position = to;
          continue;
        }
        const data = JSON.stringify({ topics });
        let text = texts.get(data);
        if (text === undefined) {
          text = message(LIVE_EVENTS.change, to, { topics });
          texts.set(data, text);
        }
        write(stream, text, to);
      }
    } else {
      for (const stream of streams) stream.position = to;
    }
    endStreamsOf(range.endStreamsOf, to);
  };

  /**
   * Moves wait merged: while one is read, the next ones become a single step to the newest
   * position (backward if any of them was), so a burst of writes costs one step, not one each.
   */
  let pendingMove: { to: GlobalPosition; forward: boolean } | null = null;
  const unsubscribe = tracker.onMove((to, forward) => {
    const queued = pendingMove !== null;
    pendingMove = { to, forward: forward && (pendingMove?.forward ?? true) };
    if (queued) return;
    void serially(async () => {
      const move = pendingMove;
      pendingMove = null;
      if (move) await advance(move.to, move.forward);
    });
  });

  const heartbeat = setInterval(() => {
    for (const stream of streams) send(stream, LIVE_EVENTS.heartbeat, stream.position, {});
  }, heartbeatMs);
  heartbeat.unref();

  /** The first message of a stream: what it missed since `lastEventId`, or where it starts. */
  const start = async (stream: Stream, resumeFrom: GlobalPosition | 'unreadable' | null) => {
    if (stream.ended || closed) return;
    const at = head;
    if (resumeFrom === 'unreadable') {
      send(stream, LIVE_EVENTS.reset, at, {});
    } else if (resumeFrom && at) {
      const order = comparePositions(resumeFrom, at);
      if (order > 0) {
        // Past this copy's position (another copy was ahead, or another history): it refreshes.
        send(stream, LIVE_EVENTS.reset, at, {});
      } else if (order < 0) {
        const range = await readRange(pool, resumeFrom, at, resumeMaxEvents);
        if (!range) send(stream, LIVE_EVENTS.reset, at, {});
        else {
          const mayKnow = await resolveAudiences(pool, range.changes, [stream.viewer]);
          const topics = topicsFor(stream.viewer, range.changes, mayKnow);
          send(stream, topics.length ? LIVE_EVENTS.change : LIVE_EVENTS.ready, at, { topics });
          if (range.endStreamsOf.has(stream.viewer.userId)) {
            end(stream);
            return;
          }
        }
      } else send(stream, LIVE_EVENTS.ready, at, {});
    } else {
      send(stream, resumeFrom ? LIVE_EVENTS.reset : LIVE_EVENTS.ready, at, {});
    }
    // It may have ended while its catch-up was read.
    if (all.has(stream)) streams.add(stream);
  };

  return {
    /** Whether the viewer may open one more stream. */
    hasRoomFor: (viewer: Caller): boolean => (opened.get(viewer.userId) ?? 0) < streamsPerUser,
    /**
     * Opens a stream on `res` for the viewer, resuming after `lastEventId` when given. The caller
     * has checked `hasRoomFor`.
     */
    open(viewer: Caller, res: ServerResponse, lastEventId: string | null) {
      const stream: Stream = { viewer, res, position: null, ended: false, timer: null };
      opened.set(viewer.userId, (opened.get(viewer.userId) ?? 0) + 1);
      all.add(stream);
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        // No proxy may hold the events back to buffer them (nginx's header).
        'x-accel-buffering': 'no',
      });
      res.write(
        `retry: ${String(RECONNECT_MS + Math.floor(Math.random() * RECONNECT_SPREAD_MS))}\n\n`,
      );
      res.once('close', () => end(stream));
      // Each stream its own lifetime, spread by up to a tenth, so reconnects do not come at once.
      stream.timer = setTimeout(() => end(stream), maxStreamMs * (0.9 + Math.random() * 0.1));
      stream.timer.unref();
      if (closed) {
        end(stream);
        return;
      }
      const resumeFrom =
        lastEventId === null ? null : (parseLiveEventId(lastEventId) ?? 'unreadable');
      void serially(() =>
        start(stream, resumeFrom).catch((error: unknown) => {
          // Its catch-up failed (the database): this stream alone refreshes, from here.
          logger.warn({ err: error }, 'live updates: a catch-up failed; the stream refreshes');
          if (stream.ended) return;
          send(stream, LIVE_EVENTS.reset, head, {});
          streams.add(stream);
        }),
      );
    },
    /** Open streams (caught up or not). */
    size: (): number => all.size,
    /** Ends every stream (the service is stopping: clients reconnect to another copy). */
    async close() {
      closed = true;
      unsubscribe();
      clearInterval(heartbeat);
      await queue;
      for (const stream of [...all]) end(stream);
    },
  };
};
export type LiveHub = ReturnType<typeof createLiveHub>;
