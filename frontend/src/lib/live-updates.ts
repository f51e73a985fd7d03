import { useQueryClient, type QueryClient, type QueryFilters } from '@tanstack/react-query';
import type * as EventSourceLibrary from 'eventsource';
import type { EventSource, FetchLike } from 'eventsource';
import { useEffect } from 'react';
import {
  CONSISTENCY_TOKEN_HEADER,
  encodeConsistencyToken,
  LIVE_EVENTS,
  parseLiveEventId,
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

/** The queries each kind of topic refreshes (an opportunity: see `refreshesOf`). */
const REFRESHES: Record<Exclude<LiveTopicKind, 'opportunity'>, readonly QueryFilters[]> = {
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

/**
 * The filters of the queries `topics` refresh, each once. Opportunities: the reads of the ones
 * named (`['opportunities', <kind>, <id>]`: detail, is-full, waitlist) and every read of many
 * (lists, counts, My Opportunities), never the details of others.
 */
export const refreshesOf = (topics: readonly LiveTopic[]): QueryFilters[] => {
  const ids = new Set<string>();
  const kinds = new Set<Exclude<LiveTopicKind, 'opportunity'>>();
  for (const topic of topics) {
    if (topic.kind === 'opportunity') ids.add(topic.id);
    else kinds.add(topic.kind);
  }
  const seen = new Set<string>();
  const filters = [...kinds]
    .flatMap((kind) => REFRESHES[kind])
    .filter((filter) => {
      const key = JSON.stringify(filter.queryKey);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  if (!ids.size) return filters;
  return [
    {
      queryKey: ['opportunities'],
      predicate: ({ queryKey }) => typeof queryKey[2] !== 'string' || ids.has(queryKey[2]),
    },
    ...filters,
  ];
};

const KINDS = new Set<string>(['opportunity', ...Object.keys(REFRESHES)]);

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

/** The first change of a quiet stream is fetched this soon (others that come meanwhile with it). */
const GATHER_MS = 50;
/** Then at most once in this long: a burst of sign-ups refetches a screen about once a second. */
const MIN_GAP_MS = 1_000;
/** A `reset` refreshes everything within this long, at random, so tabs do not all ask at once. */
const RESET_SPREAD_MS = 1_000;
/** The wait before a new stream after the server refused one (it says so in Retry-After). */
const REFUSED_RETRY_MS = 60_000;
/** The first wait before a new stream after it failed otherwise; doubled each time, to a minute. */
const FAILED_RETRY_MS = 2_000;
const MAX_RETRY_MS = 60_000;

/**
 * The EventSource library loads with the first stream, after the page: it is in no page's first
 * scripts (bench/results.md weighs those).
 */
let library: Promise<typeof EventSourceLibrary> | null = null;
const loadEventSource = () => {
  library ??= import('eventsource').catch((error: unknown) => {
    library = null; // asked again with the next stream (a browser may keep the failure until reload)
    throw error;
  });
  return library;
};

/** The last id each person's stream got: a shell mounted again (another layout) resumes from it. */
const lastIds = new Map<string, string>();

export type LiveConnection = { close(): void };

export type LiveOptions = {
  readonly queryClient: QueryClient;
  readonly url: string;
  /** Whose stream it is (the resumed id is kept per person). */
  readonly userId: string;
  readonly getIdToken: () => Promise<string | null>;
  /** The newest consistency token: a stream opened just after a write waits for it to show. */
  readonly consistencyToken: () => string | null;
  /**
   * Told each position the stream reached, as a consistency token: the refetches it causes then
   * wait for the read model to have reached it, on whichever copy of the service answers them.
   */
  readonly reached: (token: string) => void;
  readonly fetch?: FetchLike;
  /** The waits before a new stream when one failed (tests make them short). */
  readonly retryMs?: { readonly refused: number; readonly failed: number };
};

/**
 * Opens the stream and keeps it open: EventSource reconnects on its own after a drop (sending
 * the Last-Event-ID, so nothing is missed); after a refusal (401, 429, 503) or a failure a new one
 * is tried later, from the last id seen.
 */
export const connectLiveUpdates = (options: LiveOptions): LiveConnection => {
  const { queryClient, userId } = options;
  const baseFetch: FetchLike = options.fetch ?? ((url, init) => fetch(url, init));
  const retryMs = options.retryMs ?? { refused: REFUSED_RETRY_MS, failed: FAILED_RETRY_MS };
  let source: EventSource | null = null;
  let retry: ReturnType<typeof setTimeout> | null = null;
  let failures = 0;
  let gather: ReturnType<typeof setTimeout> | null = null;
  let lastFlush = Number.NEGATIVE_INFINITY;
  let pending: LiveTopic[] = [];
  let closed = false;

  const flush = () => {
    gather = null;
    lastFlush = Date.now();
    const topics = pending;
    pending = [];
    for (const filters of refreshesOf(topics)) void queryClient.invalidateQueries(filters);
  };
  const later = (topics: readonly LiveTopic[]) => {
    pending.push(...topics);
    gather ??= setTimeout(flush, Math.max(GATHER_MS, lastFlush + MIN_GAP_MS - Date.now()));
  };

  /** Each request of the stream with a fresh ID token (they expire; the stream outlives them). */
  const authorizedFetch: FetchLike = async (url, init) => {
    const headers = { ...init.headers };
    const idToken = await options.getIdToken();
    if (idToken) headers['Authorization'] = `Bearer ${idToken}`;
    const consistency = options.consistencyToken();
    if (consistency) headers[CONSISTENCY_TOKEN_HEADER] = consistency;
    // A new stream (after a refusal, or a shell mounted again) resumes where the last one stopped.
    const lastId = lastIds.get(userId);
    if (lastId && !headers['Last-Event-ID']) headers['Last-Event-ID'] = lastId;
    return baseFetch(url, { ...init, headers });
  };

  /** Waits, then opens a new stream: longer after each failure; a minute after a refusal. */
  const reopen = (refused: boolean) => {
    const wait = refused
      ? retryMs.refused
      : Math.min(MAX_RETRY_MS, retryMs.failed * 2 ** failures++);
    // Up to a fifth more, at random: tabs refused together do not come back together.
    retry = setTimeout(open, wait * (1 + Math.random() / 5));
  };

  const start = (EventSourceClass: typeof EventSource) => {
    if (closed) return;
    const stream = new EventSourceClass(options.url, { fetch: authorizedFetch });
    source = stream;
    const remember = (event: MessageEvent) => {
      failures = 0;
      const position = event.lastEventId ? parseLiveEventId(event.lastEventId) : null;
      if (!position) return;
      lastIds.set(userId, event.lastEventId);
      options.reached(encodeConsistencyToken(position));
    };
    stream.addEventListener(LIVE_EVENTS.change, (event: MessageEvent<string>) => {
      remember(event);
      later(topicsOf(event.data));
    });
    stream.addEventListener(LIVE_EVENTS.reset, (event: MessageEvent) => {
      remember(event);
      // What changed cannot be told: everything shown is fetched again.
      setTimeout(() => {
        if (!closed) void queryClient.invalidateQueries();
      }, Math.random() * RESET_SPREAD_MS);
    });
    stream.addEventListener(LIVE_EVENTS.ready, remember);
    stream.addEventListener(LIVE_EVENTS.heartbeat, remember);
    stream.addEventListener('error', (event) => {
      // EventSource retries a dropped connection itself; a refused one it gives up on.
      if (stream.readyState !== EventSourceClass.CLOSED || closed) return;
      reopen(event.code === 401 || event.code === 429 || event.code === 503);
    });
  };

  function open() {
    if (closed) return;
    loadEventSource().then(
      (module) => start(module.EventSource),
      () => {
        if (!closed) reopen(false);
      },
    );
  }
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

/** Keeps the signed-in person's stream open while their shell is mounted. */
export const useLiveUpdates = (userId: string | null): void => {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    const connection = connectLiveUpdates({
      queryClient,
      url: routeIndex.liveUpdates.path,
      userId,
      getIdToken: currentIdToken,
      consistencyToken: () => api.consistencyToken(),
      reached: (token) => api.remember(token),
    });
    return () => connection.close();
  }, [userId, queryClient]);
};
