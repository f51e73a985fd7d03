import type { z } from 'zod';
import { bulkApproveSchema } from '../commands/admin';
import { friendRequestSchema } from '../commands/friendships';
import {
  createOpportunitySchema,
  markAttendanceSchema,
  postAnnouncementSchema,
  signupSchema,
  updateOpportunitySchema,
} from '../commands/opportunities';
import {
  createOrganizationSchema,
  membershipSchema,
  updateOrganizationSchema,
} from '../commands/organizations';
import { addApprovedEmailSchema, updateProfileSchema } from '../commands/profile';
import { registerUserSchema } from '../commands/users';
import {
  bulkApproveResponseSchema,
  commandAckSchema,
  uploadResponseSchema,
} from '../queries/commands';
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
import {
  organizationDetailSchema,
  organizationListSchema,
  organizationSchema,
} from '../queries/organizations';
import { publicConfigSchema } from '../domain/config';
import { adminSummarySchema } from '../queries/admin';
import {
  friendListSchema,
  friendshipsAllSchema,
  notificationsSchema,
} from '../queries/friendships';
import {
  leaderboardQuerySchema,
  leaderboardSchema,
  monthlyPointsQuerySchema,
  monthlyPointsSchema,
} from '../queries/leaderboard';
import { searchQuerySchema, searchResultSchema } from '../queries/search';
import { auditRoutes } from './audit-routes';
import { checkInRoutes } from './check-in-routes';
import { operationsRoutes } from './operations-routes';
import { privacyRoutes } from './privacy-routes';
import { transcriptRoutes } from './transcript-routes';
import { scoringRoutes } from './scoring-routes';
import { waitlistRoutes } from './waitlist-routes';
import {
  approvedEmailCheckSchema,
  listUsersQuerySchema,
  pointsHistorySchema,
  protectedResponseSchema,
  registerUserResponseSchema,
  userEmailsSchema,
  userExistsSchema,
  userProfileSchema,
  userSchema,
  usersListSchema,
} from '../queries/users';

/**
 * Who may call a route at all (finer rules, such as "only the host", are decided by the handler):
 * - none: no token needed;
 * - token: any valid identity token, registered or not (sign-in and registration);
 * - user: a registered user;
 * - admin: a registered admin.
 */
export type RouteAuth = 'none' | 'token' | 'user' | 'admin';
export type RouteService = 'command' | 'query';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type RouteDefinition = {
  readonly method: HttpMethod;
  /** Express-style path with `:params`, under /api unless it says otherwise. */
  readonly path: string;
  /** Multipart form instead of JSON (uploads). */
  readonly multipart?: boolean;
  readonly auth: RouteAuth;
  readonly body?: z.ZodType;
  /** GET routes: the query string's parameters (a failure is a 400 naming them). */
  readonly query?: z.ZodType;
  readonly response?: z.ZodType;
};

const route = <const R extends RouteDefinition>(r: R): R => r;

/** The gateway's rule: GET/HEAD go to the query service, every other method to the command service. */
export const serviceOf = (method: string): RouteService =>
  method === 'GET' || method === 'HEAD' ? 'query' : 'command';

/** Every HTTP route of the product. Servers mount from it; clients build URLs from it. */
export const routes = {
  getConfig: route({
    method: 'GET',
    path: '/api/config',
    auth: 'none',
    response: publicConfigSchema,
  }),
  checkApprovedEmail: route({
    method: 'GET',
    path: '/api/approved-emails/check/:address',
    auth: 'none',
    response: approvedEmailCheckSchema,
  }),
  checkUserExists: route({
    method: 'GET',
    path: '/api/users/check/:address',
    auth: 'token',
    response: userExistsSchema,
  }),
  getUserByEmail: route({
    method: 'GET',
    path: '/api/users/email/:address',
    auth: 'token',
    response: userSchema,
  }),
  /** The profile: public fields, badges and counts; contact fields per docs/product-rules.md. */
  getUser: route({
    method: 'GET',
    path: '/api/users/:id',
    auth: 'user',
    response: userProfileSchema,
  }),
  protectedCheck: route({
    method: 'POST',
    path: '/api/protected',
    auth: 'token',
    response: protectedResponseSchema,
  }),
  registerUser: route({
    method: 'POST',
    path: '/api/users',
    auth: 'token',
    body: registerUserSchema,
    response: registerUserResponseSchema,
  }),

  // Users and approved emails
  updateProfile: route({
    method: 'PUT',
    path: '/api/users/:id',
    auth: 'user',
    body: updateProfileSchema,
    response: commandAckSchema,
  }),
  upload: route({
    method: 'POST',
    path: '/upload',
    auth: 'user',
    multipart: true,
    response: uploadResponseSchema,
  }),
  addApprovedEmail: route({
    method: 'POST',
    path: '/api/approved-emails',
    auth: 'admin',
    body: addApprovedEmailSchema,
    response: commandAckSchema,
  }),

  // Organizations
  createOrganization: route({
    method: 'POST',
    path: '/api/orgs',
    auth: 'user',
    body: createOrganizationSchema,
    response: organizationSchema,
  }),
  updateOrganization: route({
    method: 'PUT',
    path: '/api/orgs/:id',
    auth: 'user',
    body: updateOrganizationSchema,
    response: commandAckSchema,
  }),
  deleteOrganization: route({
    method: 'DELETE',
    path: '/api/orgs/:id',
    auth: 'admin',
    response: commandAckSchema,
  }),
  joinOrganization: route({
    method: 'POST',
    path: '/api/register-org',
    auth: 'user',
    body: membershipSchema,
    response: commandAckSchema,
  }),
  leaveOrganization: route({
    method: 'POST',
    path: '/api/unregister-org',
    auth: 'user',
    body: membershipSchema,
    response: commandAckSchema,
  }),

  // Opportunities
  createOpportunity: route({
    method: 'POST',
    path: '/api/opps',
    auth: 'user',
    multipart: true,
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

  // Friendships
  requestFriend: route({
    method: 'POST',
    path: '/api/users/:id/friends',
    auth: 'user',
    body: friendRequestSchema,
    response: commandAckSchema,
  }),
  acceptFriendRequest: route({
    method: 'PUT',
    path: '/api/friendships/:id/accept',
    auth: 'user',
    response: commandAckSchema,
  }),
  rejectFriendRequest: route({
    method: 'PUT',
    path: '/api/friendships/:id/reject',
    auth: 'user',
    response: commandAckSchema,
  }),
  removeFriend: route({
    method: 'DELETE',
    path: '/api/users/:id/friends/:friendId',
    auth: 'user',
    response: commandAckSchema,
  }),

  // Admin
  bulkApprove: route({
    method: 'POST',
    path: '/api/approvals',
    auth: 'admin',
    body: bulkApproveSchema,
    response: bulkApproveResponseSchema,
  }),

  // Reads (query service)
  listUsers: route({
    method: 'GET',
    path: '/api/users',
    auth: 'user',
    query: listUsersQuerySchema,
    response: usersListSchema,
  }),
  listUserEmails: route({
    method: 'GET',
    path: '/api/users/emails',
    auth: 'admin',
    response: userEmailsSchema,
  }),
  getPointsHistory: route({
    method: 'GET',
    path: '/api/users/:id/points-history',
    auth: 'user',
    response: pointsHistorySchema,
  }),
  listFriendshipStatuses: route({
    method: 'GET',
    path: '/api/users/:id/friendships/all',
    auth: 'user',
    response: friendshipsAllSchema,
  }),
  listFriends: route({
    method: 'GET',
    path: '/api/users/:id/friends',
    auth: 'user',
    response: friendListSchema,
  }),
  getNotifications: route({
    method: 'GET',
    path: '/api/notifications',
    auth: 'user',
    response: notificationsSchema,
  }),
  listApprovedOrganizations: route({
    method: 'GET',
    path: '/api/orgs/approved',
    auth: 'user',
    response: organizationListSchema,
  }),
  listUnapprovedOrganizations: route({
    method: 'GET',
    path: '/api/orgs/unapproved',
    auth: 'admin',
    response: organizationListSchema,
  }),
  getOrganization: route({
    method: 'GET',
    path: '/api/orgs/:id',
    auth: 'user',
    response: organizationDetailSchema,
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
  search: route({
    method: 'GET',
    path: '/api/search',
    auth: 'user',
    query: searchQuerySchema,
    response: searchResultSchema,
  }),
  getMonthlyPoints: route({
    method: 'GET',
    path: '/api/monthly-points',
    auth: 'user',
    query: monthlyPointsQuerySchema,
    response: monthlyPointsSchema,
  }),
  getLeaderboard: route({
    method: 'GET',
    path: '/api/leaderboard',
    auth: 'user',
    query: leaderboardQuerySchema,
    response: leaderboardSchema,
  }),
  getAdminSummary: route({
    method: 'GET',
    path: '/api/admin/summary',
    auth: 'admin',
    response: adminSummarySchema,
  }),
  ...operationsRoutes,
  ...auditRoutes,
  ...privacyRoutes,
  ...transcriptRoutes,
  ...checkInRoutes,
  ...scoringRoutes,
  ...waitlistRoutes,
} as const satisfies Record<string, RouteDefinition>;

export type RouteName = keyof typeof routes;

/** Fills `:params` of a route path, URL-encoding each value. */
export const buildPath = (path: string, params: Record<string, string | number> = {}): string =>
  path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
