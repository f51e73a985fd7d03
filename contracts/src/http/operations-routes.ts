import {
  requestReportSchema,
  serviceDataRangeSchema,
  startReplaySchema,
} from '../commands/operations';
import {
  jobAcceptedSchema,
  leaderboardAsOfQuerySchema,
  leaderboardAsOfSchema,
  projectionsStatusSchema,
  replayStatusSchema,
  reportStatusSchema,
} from '../queries/operations';
import type { RouteDefinition } from './routes';

const route = <const R extends RouteDefinition>(r: R): R => r;

/**
 * Reports, replays, projection lag and boards as of a date (spread into `routes`). The CSV routes
 * (no response schema) answer text/csv.
 */
export const operationsRoutes = {
  /** The users CSV, for scripts (the Admin Panel uses report jobs). */
  usersCsv: route({ method: 'GET', path: '/api/users/csv', auth: 'admin' }),
  /** The opportunities CSV, for scripts. */
  opportunitiesCsv: route({ method: 'GET', path: '/api/opps/csv', auth: 'admin' }),
  /** The service data CSV of a date range (a read that is a POST). */
  serviceDataCsv: route({
    method: 'POST',
    path: '/api/service-data/org/',
    auth: 'admin',
    body: serviceDataRangeSchema,
  }),
  requestReport: route({
    method: 'POST',
    path: '/api/reports',
    auth: 'admin',
    body: requestReportSchema,
    response: jobAcceptedSchema,
  }),
  getReport: route({
    method: 'GET',
    path: '/api/reports/:id',
    auth: 'admin',
    response: reportStatusSchema,
  }),
  /** The report's CSV as an attachment under the report's file name. */
  downloadReport: route({ method: 'GET', path: '/api/reports/:id/file', auth: 'admin' }),
  startReplay: route({
    method: 'POST',
    path: '/api/operations/replays',
    auth: 'admin',
    body: startReplaySchema,
    response: jobAcceptedSchema,
  }),
  getReplay: route({
    method: 'GET',
    path: '/api/operations/replays/:id',
    auth: 'admin',
    response: replayStatusSchema,
  }),
  getProjections: route({
    method: 'GET',
    path: '/api/operations/projections',
    auth: 'admin',
    response: projectionsStatusSchema,
  }),
  /** The leaderboard as it stood at the end of an Eastern day, from the point ledger. */
  getLeaderboardAsOf: route({
    method: 'GET',
    path: '/api/leaderboard/as-of',
    auth: 'user',
    query: leaderboardAsOfQuerySchema,
    response: leaderboardAsOfSchema,
  }),
} as const satisfies Record<string, RouteDefinition>;
