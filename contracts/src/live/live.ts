import type { GlobalPosition } from '../event-store/event-store';
import { formatPosition, parsePosition } from '../event-store/position';

/**
 * Live updates (docs/live-updates.md): the query service streams, to each signed-in browser, which
 * of the answers it may read have changed, as Server-Sent Events. A message names topics, never
 * data: the browser fetches again, through the routes that check what it may see. The messages'
 * schemas are in live-change.ts: this file holds no zod, so the app's first script can import it
 * without the schemas (frontend/vite.config.ts).
 */

/** The events of the stream, in `event:` lines. */
export const LIVE_EVENTS = {
  /** First message of every stream: its id is the position the stream starts after. */
  ready: 'ready',
  /** Topics that changed between the previous id and this one. */
  change: 'change',
  /**
   * The changes since the Last-Event-ID cannot be told (too many, or a position of another
   * history): the client refreshes everything it shows.
   */
  reset: 'reset',
  /** Nothing changed for this viewer; sent every LIVE_HEARTBEAT_MS so that idle streams stay open. */
  heartbeat: 'heartbeat',
} as const;

/** How often a quiet stream sends its heartbeat (below every proxy's idle timeout: 60 s). */
export const LIVE_HEARTBEAT_MS = 15_000;
/** Streams one person may hold open at once (per query-service process): tabs and devices. */
export const LIVE_STREAMS_PER_USER = 5;
/**
 * Events a resumed stream may catch up on from its Last-Event-ID: past this many, it gets `reset`
 * (a refresh of everything) instead of a catch-up longer than that refresh.
 */
export const LIVE_RESUME_MAX_EVENTS = 2_000;

const ID_PREFIX = 'p1.';

/** A stream message's id: the read-model position it reaches. */
export const formatLiveEventId = (position: GlobalPosition): string =>
  ID_PREFIX + formatPosition(position);

/** Positions are Postgres bigints: nothing above this is one. */
const MAX_POSITION_PART = 2n ** 63n - 1n;

/** The position a Last-Event-ID names, or null when it names none (or none the log can hold). */
export const parseLiveEventId = (id: string): GlobalPosition | null => {
  const position = id.startsWith(ID_PREFIX) ? parsePosition(id.slice(ID_PREFIX.length)) : null;
  return position && position.txn <= MAX_POSITION_PART && position.seq <= MAX_POSITION_PART
    ? position
    : null;
};
