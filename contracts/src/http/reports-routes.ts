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
  usersCsv: route({
    method: 'GET',
    path: '/api/users/csv',
    auth: 'admin',
    download: 'text/csv',
  }),
  /** The opportunities CSV, for scripts. */
  opportunitiesCsv: route({
    method: 'GET',
    path: '/api/opps/csv',
    auth: 'admin',
    download: 'text/csv',
  }),
  /** The service data CSV of a date range (a read that is a POST). */
  serviceDataCsv: route({
    method: 'POST',
    path: '/api/service-data/org/',
    auth: 'admin',
    body: serviceDataRangeSchema,
    download: 'text/csv',
  }),
  /**
   * A report job. Admins ask for any report; anyone else only for a table of the impact dashboard
   * of an organization they host now (the handler's rule, docs/impact.md), else 403.
   */
  requestReport: route({
    method: 'POST',
    path: '/api/reports',
    auth: 'user',
    body: requestReportSchema,
    response: jobAcceptedSchema,
  }),
  /**
   * A report job's state. Admins see every report; anyone else only the impact reports of an
   * organization they host now: the others are a 404, as if there were no such report.
   */
  getReport: route({
    method: 'GET',
    path: '/api/reports/:id',
    auth: 'user',
    response: reportStatusSchema,
  }),
  /** The report's CSV as an attachment under the report's file name; seen as its state is. */
  downloadReport: route({
    method: 'GET',
    path: '/api/reports/:id/file',
    auth: 'user',
    download: 'text/csv',
  }),
  /** The leaderboard as it stood at the end of an Eastern day, from the point ledger. */
  getLeaderboardAsOf: route({
    method: 'GET',
    path: '/api/leaderboard/as-of',
    auth: 'user',
    query: leaderboardAsOfQuerySchema,
    response: leaderboardAsOfSchema,
  }),
};
