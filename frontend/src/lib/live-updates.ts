import { useQueryClient, type QueryClient, type QueryFilters } from '@tanstack/react-query';
import { EventSource, type FetchLike } from 'eventsource';
import { useEffect } from 'react';
import {
  CONSISTENCY_TOKEN_HEADER,
  LIVE_EVENTS,
  type LiveTopic,
  type LiveTopicKind,
} from '@campus/contracts';
import { api, routeIndex } from './api-client';
import { currentIdToken } from './auth/firebase';

/**
 * Live updates (docs/live-updates.md): one stream per signed-in tab tells which answers changed,
 * and the queries that show them are fetched again (only those on screen; the others when next
 * shown). While the stream is down the app fetches as it always does: on each page it opens.
 */

/** The queries each kind of topic refreshes (an opportunity: every opportunity read, lists too). */
const REFRESHES: Record<LiveTopicKind, readonly QueryFilters[]> = {
  opportunity: [{ queryKey: ['opportunities'] }],
  notifications: [{ queryKey: ['notifications'] }, { queryKey: ['service-hours', 'mine'] }],
  friends: [
    { queryKey: ['users', 'friendships'] },
    { queryKey: ['users', 'friends'] },
    { queryKey: ['users', 'profile'] },
  ],
  leaderboard: [
    { queryKey: ['leaderboard'] },
    { queryKey: ['users', 'profile'] },
    { queryKey: ['users', 'points-history'] },
  ],
  approvals: [{ queryKey: ['admin'] }],
  verifications: [{ queryKey: ['service-hours', 'pending'] }],
};

/** The filters of the queries `topics` refresh, each once. */
export const refreshesOf = (topics: readonly LiveTopic[]): QueryFilters[] => {
  const kinds = new Set(topics.map((topic) => topic.kind));
  const seen = new Set<string>();
  return [...kinds]
    .flatMap((kind) => REFRESHES[kind])
    .filter((filters) => {
      const key = JSON.stringify(filters.queryKey);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
};

const KINDS = new Set<string>(Object.keys(REFRESHES));

/** The topics of a `change` message's data; unknown kinds (a newer server) are left out. */
export const topicsOf = (data: string): LiveTopic[] => {
  try {
    const parsed: unknown = JSON.parse(data);
    const topics =
      typeof parsed === 'object' && parsed !== null && 'topics' in parsed ? parsed.topics : null;
    if (!Array.isArray(topics)) return [];
    return (topics as unknown[]).filter((topic): topic is LiveTopic => {
      const kind: unknown =
        typeof topic === 'object' && topic !== null && 'kind' in topic ? topic.kind : null;
      return typeof kind === 'string' && KINDS.has(kind);
    });
  } catch {
    return [];
  }
};

/** Changes that come within this long of each other are fetched once. */
const GATHER_MS = 50;
/** The wait before a new stream after the server refused one (it says so in Retry-After). */
const REFUSED_RETRY_MS = 60_000;
/** The wait before a new stream after it failed otherwise (the network, a restart). */
const FAILED_RETRY_MS = 5_000;

export type LiveConnection = { close(): void };

export type LiveOptions = {
  readonly queryClient: QueryClient;
  readonly url: string;
  readonly getIdToken: () => Promise<string | null>;
  /** The newest consistency token: a stream opened just after a write waits for it to show. */
  readonly consistencyToken: () => string | null;
  readonly fetch?: FetchLike;
  /** The waits before a new stream when one failed (tests make them short). */
  readonly retryMs?: { readonly refused: number; readonly failed: number };
};

/**
 * Opens the stream and keeps it open: EventSource reconnects on its own after a drop (sending
 * the Last-Event-ID, so nothing is missed); after a refusal (401, 429, 503) a new one is tried
 * later, from the last id seen.
 */
export const connectLiveUpdates = (options: LiveOptions): LiveConnection => {
  const { queryClient } = options;
  const baseFetch: FetchLike = options.fetch ?? ((url, init) => fetch(url, init));
  const retryMs = options.retryMs ?? { refused: REFUSED_RETRY_MS, failed: FAILED_RETRY_MS };
  let source: EventSource | null = null;
  let lastEventId: string | null = null;
  let retry: ReturnType<typeof setTimeout> | null = null;
  let gather: ReturnType<typeof setTimeout> | null = null;
  let pending: LiveTopic[] = [];
  let closed = false;

  const flush = () => {
    gather = null;
    const topics = pending;
    pending = [];
    for (const filters of refreshesOf(topics)) void queryClient.invalidateQueries(filters);
  };

  /** Each request of the stream with a fresh ID token (they expire; the stream outlives them). */
  const authorizedFetch: FetchLike = async (url, init) => {
    const headers = { ...init.headers };
    const idToken = await options.getIdToken();
    if (idToken) headers['Authorization'] = `Bearer ${idToken}`;
    const consistency = options.consistencyToken();
    if (consistency) headers[CONSISTENCY_TOKEN_HEADER] = consistency;
    // A new stream after a refused one resumes where the last one stopped.
    if (lastEventId && !headers['Last-Event-ID']) headers['Last-Event-ID'] = lastEventId;
    return baseFetch(url, { ...init, headers });
  };

  const open = () => {
    if (closed) return;
    const stream = new EventSource(options.url, { fetch: authorizedFetch });
    source = stream;
    const remember = (event: MessageEvent) => {
      if (typeof event.lastEventId === 'string' && event.lastEventId) lastEventId = event.lastEventId;
    };
    stream.addEventListener(LIVE_EVENTS.change, (event: MessageEvent<string>) => {
      remember(event);
      pending.push(...topicsOf(event.data));
      gather ??= setTimeout(flush, GATHER_MS);
    });
    stream.addEventListener(LIVE_EVENTS.reset, (event: MessageEvent) => {
      remember(event);
      // What changed cannot be told: everything shown is fetched again.
      void queryClient.invalidateQueries();
    });
    stream.addEventListener(LIVE_EVENTS.ready, remember);
    stream.addEventListener(LIVE_EVENTS.heartbeat, remember);
    stream.addEventListener('error', (event) => {
      // EventSource retries a dropped connection itself; a refused one it gives up on.
      if (stream.readyState !== EventSource.CLOSED || closed) return;
      const refused = event.code === 401 || event.code === 429 || event.code === 503;
      retry = setTimeout(open, refused ? retryMs.refused : retryMs.failed);
    });
  };
  open();

  return {
    close() {
      closed = true;
      if (retry) clearTimeout(retry);
      if (gather) clearTimeout(gather);
      source?.close();
    },
  };
};

/** Keeps the signed-in tab's stream open while it is mounted. */
export const useLiveUpdates = (enabled: boolean): void => {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const connection = connectLiveUpdates({
      queryClient,
      url: routeIndex.liveUpdates.path,
      getIdToken: currentIdToken,
      consistencyToken: () => api.consistencyToken(),
    });
    return () => connection.close();
  }, [enabled, queryClient]);
};
