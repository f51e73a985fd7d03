import {
  decideServiceHoursSchema,
  logServiceHoursSchema,
  setLoggedHoursScoringSchema,
} from '../commands/service-hours';
import { commandAckSchema } from '../queries/commands';
import {
  loggedHoursScoringSchema,
  myServiceLogsSchema,
  pendingServiceLogsSchema,
} from '../queries/service-hours';
import { route } from './route';

/**
 * Service hours logged for work off the platform, their verification, and the admins' rule on
 * whether they earn points (docs/service-hours.md). Who may decide a log is the handler's rule.
 */
export const serviceHoursRoutes = {
  /** 201 with the new log's id. */
  logServiceHours: route({
    method: 'POST',
    path: '/api/hours',
    auth: 'user',
    body: logServiceHoursSchema,
    response: commandAckSchema,
  }),
  getMyServiceLogs: route({
    method: 'GET',
    path: '/api/hours/mine',
    auth: 'user',
    response: myServiceLogsSchema,
  }),
  /** The logs the caller may decide: every pending one for admins, their organizations' for hosts. */
  getPendingServiceLogs: route({
    method: 'GET',
    path: '/api/hours/pending',
    auth: 'user',
    response: pendingServiceLogsSchema,
  }),
  /** The host of the log's organization or an admin, never the student who logged it. */
  decideServiceHours: route({
    method: 'POST',
    path: '/api/hours/:id/decision',
    auth: 'user',
    body: decideServiceHoursSchema,
    response: commandAckSchema,
  }),
  getLoggedHoursScoring: route({
    method: 'GET',
    path: '/api/scoring/logged-hours',
    auth: 'admin',
    response: loggedHoursScoringSchema,
  }),
  setLoggedHoursScoring: route({
    method: 'PUT',
    path: '/api/scoring/logged-hours',
    auth: 'admin',
    body: setLoggedHoursScoringSchema,
    response: commandAckSchema,
  }),
};
