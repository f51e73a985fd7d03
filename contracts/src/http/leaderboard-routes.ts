import {
  leaderboardQuerySchema,
  leaderboardSchema,
  monthlyPointsQuerySchema,
  monthlyPointsSchema,
} from '../queries/leaderboard';
import { route } from './route';

/** The leaderboards, and each user's points earned since a date. */
export const leaderboardRoutes = {
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
};
