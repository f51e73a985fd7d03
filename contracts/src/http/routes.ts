import { adminRoutes } from './admin-routes';
import { auditRoutes } from './audit-routes';
import { calendarRoutes } from './calendar-routes';
import { checkInRoutes } from './check-in-routes';
import { configRoutes } from './config-routes';
import { filesRoutes } from './files-routes';
import { friendshipsRoutes } from './friendships-routes';
import { impactRoutes } from './impact-routes';
import { leaderboardRoutes } from './leaderboard-routes';
import { liveRoutes } from './live-routes';
import { mailRoutes } from './mail-routes';
import { operationsRoutes } from './operations-routes';
import { opportunitiesRoutes } from './opportunities-routes';
import { organizationsRoutes } from './organizations-routes';
import { privacyRoutes } from './privacy-routes';
import { profileRoutes } from './profile-routes';
import type { RouteDefinition } from './route';
import { reportsRoutes } from './reports-routes';
import { scoringRoutes } from './scoring-routes';
import { searchRoutes } from './search-routes';
import { serviceHoursRoutes } from './service-hours-routes';
import { transcriptsRoutes } from './transcripts-routes';
import { usersRoutes } from './users-routes';
import { waitlistRoutes } from './waitlist-routes';

/**
 * Every HTTP route of the product, one group per area. Servers mount from it; clients build URLs
 * from it.
 */
export const routes = {
  ...configRoutes,
  ...usersRoutes,
  ...profileRoutes,
  ...filesRoutes,
  ...organizationsRoutes,
  ...opportunitiesRoutes,
  ...friendshipsRoutes,
  ...waitlistRoutes,
  ...calendarRoutes,
  ...checkInRoutes,
  ...leaderboardRoutes,
  ...searchRoutes,
  ...adminRoutes,
  ...auditRoutes,
  ...privacyRoutes,
  ...reportsRoutes,
  ...operationsRoutes,
  ...scoringRoutes,
  ...transcriptsRoutes,
  ...serviceHoursRoutes,
  ...impactRoutes,
  ...mailRoutes,
  ...liveRoutes,
} as const satisfies Record<string, RouteDefinition>;

export type RouteName = keyof typeof routes;

/**
 * The areas of the table, in the order of the table, each under the heading the API reference
 * gives it (docs/api.md). Every route of the table is in exactly one (routes.unit.spec.ts).
 */
export const routeAreas: Readonly<Record<string, Readonly<Record<string, RouteDefinition>>>> = {
  Configuration: configRoutes,
  Users: usersRoutes,
  Profile: profileRoutes,
  Files: filesRoutes,
  Organizations: organizationsRoutes,
  Opportunities: opportunitiesRoutes,
  Friends: friendshipsRoutes,
  Waitlist: waitlistRoutes,
  Calendar: calendarRoutes,
  'Check-in': checkInRoutes,
  Leaderboard: leaderboardRoutes,
  Search: searchRoutes,
  Admin: adminRoutes,
  Audit: auditRoutes,
  Privacy: privacyRoutes,
  Reports: reportsRoutes,
  Operations: operationsRoutes,
  Scoring: scoringRoutes,
  Transcripts: transcriptsRoutes,
  'Service hours': serviceHoursRoutes,
  Impact: impactRoutes,
  Mail: mailRoutes,
  'Live updates': liveRoutes,
};
