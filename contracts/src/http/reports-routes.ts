import { requestReportSchema, serviceDataRangeSchema } from '../commands/operations';
import {
  jobAcceptedSchema,
  leaderboardAsOfQuerySchema,
  leaderboardAsOfSchema,
  reportStatusSchema,
} from '../queries/operations';
import { route } from './route';

/**
 * Reports: CSV exports, report jobs and their files, and boards as of a date. The CSV routes (no
 * response schema) answer text/csv.
 */
export const reportsRoutes = {
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
  /** The leaderboard as it stood at the end of an Eastern day, from the point ledger. */
  getLeaderboardAsOf: route({
    method: 'GET',
    path: '/api/leaderboard/as-of',
    auth: 'user',
    query: leaderboardAsOfQuerySchema,
    response: leaderboardAsOfSchema,
  }),
};
