import { route } from './route';

/** Live updates (docs/live-updates.md). */
export const liveRoutes = {
  /**
   * The caller's stream of changes, as Server-Sent Events: `ready`, then `change` (topics the
   * caller may read), `reset` and `heartbeat`, each with the read-model position as its id.
   * Resumes after `Last-Event-ID`. More than LIVE_STREAMS_PER_USER open streams: 429.
   */
  liveUpdates: route({
    method: 'GET',
    path: '/api/live',
    auth: 'user',
    stream: 'text/event-stream',
  }),
};
