import {
  createOpportunitySchema,
  markAttendanceSchema,
  postAnnouncementSchema,
  signupSchema,
  updateOpportunitySchema,
} from '../commands/opportunities';
import { commandAckSchema } from '../queries/commands';
import {
  attendanceListSchema,
  isFullSchema,
  myOpportunitiesSchema,
  opportunitiesQuerySchema,
  opportunityCountSchema,
  opportunityDetailSchema,
  opportunityFiltersSchema,
  opportunityListOrCardsSchema,
  opportunityListSchema,
  opportunitySchema,
} from '../queries/opportunities';
import { route } from './route';

/** Opportunities: hosting them, signing up, attendance, and the Events list and pages. */
export const opportunitiesRoutes = {
  createOpportunity: route({
    method: 'POST',
    path: '/api/opps',
    auth: 'user',
    multipart: { file: 'image', optional: true },
    body: createOpportunitySchema,
    response: opportunitySchema,
  }),
  updateOpportunity: route({
    method: 'PUT',
    path: '/api/opps/:id',
    auth: 'user',
    body: updateOpportunitySchema,
    response: commandAckSchema,
  }),
  deleteOpportunity: route({
    method: 'DELETE',
    path: '/api/opps/:id',
    auth: 'user',
    response: commandAckSchema,
  }),
  postAnnouncement: route({
    method: 'POST',
    path: '/api/opps/:id/announcements',
    auth: 'user',
    body: postAnnouncementSchema,
    response: commandAckSchema,
  }),
  signUp: route({
    method: 'POST',
    path: '/api/register-opp',
    auth: 'user',
    body: signupSchema,
    response: commandAckSchema,
  }),
  unregister: route({
    method: 'POST',
    path: '/api/unregister-opp',
    auth: 'user',
    body: signupSchema,
    response: commandAckSchema,
  }),
  markAttendance: route({
    method: 'PUT',
    path: '/api/attendance',
    auth: 'user',
    body: markAttendanceSchema,
    response: commandAckSchema,
  }),
  /** The Events list: approved, today or later (Eastern), visible to the caller, soonest first. */
  listOpportunities: route({
    method: 'GET',
    path: '/api/opps',
    auth: 'user',
    query: opportunitiesQuerySchema,
    response: opportunityListOrCardsSchema,
  }),
  /** How many opportunities the Events list has for the same filters, over all its pages. */
  countOpportunities: route({
    method: 'GET',
    path: '/api/opps/count',
    auth: 'user',
    query: opportunityFiltersSchema,
    response: opportunityCountSchema,
  }),
  listUnapprovedOpportunities: route({
    method: 'GET',
    path: '/api/opps/unapproved',
    auth: 'admin',
    response: opportunityListSchema,
  }),
  getOpportunity: route({
    method: 'GET',
    path: '/api/opps/:id/full',
    auth: 'user',
    response: opportunityDetailSchema,
  }),
  getAttendance: route({
    method: 'GET',
    path: '/api/opps/:id/attendance',
    auth: 'user',
    response: attendanceListSchema,
  }),
  isOpportunityFull: route({
    method: 'GET',
    path: '/api/opps/:id/is-full',
    auth: 'user',
    response: isFullSchema,
  }),
  getMyOpportunities: route({
    method: 'GET',
    path: '/api/my-opportunities',
    auth: 'user',
    response: myOpportunitiesSchema,
  }),
};
