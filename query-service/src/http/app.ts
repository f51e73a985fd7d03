import express, { type Express } from 'express';
import {
  createReadinessCheck,
  httpMetrics,
  httpSecurity,
  notFoundHandler,
  problemHandler,
  readinessHandler,
  refuseControlCharacters,
  type ReadinessCheck,
} from '@campus/infra';
import { adminQueryRouter } from '../admin/routes';
import { apiReferenceRouter } from '../api-reference/routes';
import { refreshingTokenVerifier } from '../auth/refreshing-token-verifier';
import { auditQueryRouter } from '../audit/routes';
import { checkInQueryRouter } from '../check-in/routes';
import { filesRouter } from '../files/routes';
import { friendshipsQueryRouter } from '../friendships/routes';
import { impactQueryRouter } from '../impact/routes';
import { leaderboardQueryRouter } from '../leaderboard/routes';
import { liveQueryRouter } from '../live/routes';
import { mailQueryRouter } from '../mail/routes';
import { operationsQueryRouter } from '../operations/routes';
import { opportunitiesQueryRouter } from '../opportunities/routes';
import { organizationsQueryRouter } from '../organizations/routes';
import { reportsQueryRouter } from '../reports/routes';
import { scoringQueryRouter } from '../scoring/routes';
import { searchQueryRouter } from '../search/routes';
import { serviceHoursQueryRouter } from '../service-hours/routes';
import { transcriptsQueryRouter } from '../transcripts/routes';
import { affectsCallers } from '../consistency/event-effects';
import { cachedCallerResolver } from '../users/caller-resolver';
import { usersQueryRouter } from '../users/routes';
import { calendarQueryRouter } from '../calendar/routes';
import { waitlistQueryRouter } from '../waitlist/routes';
import type { QueryDeps } from './context';

/** What the running process adds to the app: its readiness (/readyz), shutdown included. */
export type QueryAppOptions = { readonly readiness?: ReadinessCheck };

/** The query service: reads only, from the Postgres read model and Redis. */
export const createQueryApp = (given: QueryDeps, options: QueryAppOptions = {}): Express => {
  const callers = given.tracker.watch(affectsCallers);
  const deps: QueryDeps = {
    ...given,
    verifier: refreshingTokenVerifier(given.verifier),
    resolveCaller: cachedCallerResolver(given.resolveCaller, () =>
      given.tracker.current() === null ? null : callers(),
    ),
  };
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.use(httpSecurity(deps.corsOrigins));
  app.use(httpMetrics('query-service'));
  // Liveness: up, draining or not. Readiness: not draining and Postgres answers.
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get(
    '/readyz',
    readinessHandler(options.readiness ?? createReadinessCheck({ pool: deps.pool })),
  );
  // Query strings of every route, the files and unknown paths included (path ids: per route).
  app.use(refuseControlCharacters());
  app.use(apiReferenceRouter());
  app.use(filesRouter(deps.uploadDir));
  // Before the users routes: /api/users/csv is not a user id.
  app.use(reportsQueryRouter(deps));
  app.use(operationsQueryRouter(deps));
  app.use(friendshipsQueryRouter(deps));
  app.use(usersQueryRouter(deps));
  app.use(organizationsQueryRouter(deps));
  app.use(opportunitiesQueryRouter(deps));
  app.use(searchQueryRouter(deps));
  app.use(leaderboardQueryRouter(deps));
  app.use(adminQueryRouter(deps));
  app.use(auditQueryRouter(deps));
  app.use(checkInQueryRouter(deps));
  app.use(scoringQueryRouter(deps));
  app.use(transcriptsQueryRouter(deps));
  app.use(waitlistQueryRouter(deps));
  app.use(calendarQueryRouter(deps));
  app.use(serviceHoursQueryRouter(deps));
  app.use(impactQueryRouter(deps));
  app.use(mailQueryRouter(deps));
  app.use(liveQueryRouter(deps));
  app.use(notFoundHandler);
  app.use(problemHandler(deps.logger));
  return app;
};
