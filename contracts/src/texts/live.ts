import { LIVE_STREAMS_PER_USER } from '../live/live';

/** Live updates (docs/live-updates.md). */
export const liveTexts = {
  /** The 429 of one stream too many. */
  tooManyStreams: `You already have ${String(LIVE_STREAMS_PER_USER)} live connections open. Close a tab, or this one will keep refreshing on its own.`,
  /** The 503 of a service without live updates (docs/live-updates.md). */
  off: 'Live updates are not available right now. This page refreshes when you reload it.',
} as const;
