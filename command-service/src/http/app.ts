import express, { type Express } from 'express';
import {
  cachedTokenVerifier,
  createReadinessCheck,
  httpMetrics,
  httpSecurity,
  notFoundHandler,
  problemHandler,
  readinessHandler,
  refuseControlCharacters,
  type ReadinessCheck,
} from '@campus/infra';
import { adminRouter } from '../admin/routes';
import { checkInRouter } from '../check-in/routes';
import { friendshipsRouter } from '../friendships/routes';
import { operationsCommandRouter } from '../operations/routes';
import { opportunitiesRouter } from '../opportunities/routes';
import { organizationsRouter } from '../organizations/routes';
import { privacyRouter } from '../privacy/routes';
import { profileRouter } from '../profile/routes';
import { scoringCommandRouter } from '../scoring/routes';
import { mailRouter } from '../mail/routes';
import { serviceHoursRouter } from '../service-hours/routes';
import { uploadsRouter } from '../uploads/routes';
import { usersRouter } from '../users/routes';
import { waitlistRouter } from '../waitlist/routes';
import type { CommandDeps } from './context';

const REQUEST_BODY_LIMIT = '1mb';

/** What the running process adds to the app: its readiness (/readyz), shutdown included. */
type CommandAppOptions = { readonly readiness?: ReadinessCheck };

/** The command service: the only writer of events. */
export const createCommandApp = (given: CommandDeps, options: CommandAppOptions = {}): Express => {
  const deps: CommandDeps = { ...given, verifier: cachedTokenVerifier(given.verifier) };
  const app = express();
  app.disable('x-powered-by');
  // Command answers are never cached or revalidated: no ETag (a SHA-1 of every body otherwise).
  app.set('etag', false);
  app.set('trust proxy', 'loopback');
  app.use(httpSecurity(deps.corsOrigins));
  app.use(httpMetrics('command-service'));
  // Liveness: up, draining or not. Readiness: not draining and Postgres answers.
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get(
    '/readyz',
    readinessHandler(options.readiness ?? createReadinessCheck({ pool: deps.pool })),
  );
  // Query strings of every route (path ids are checked per route, where their names are known).
  app.use(refuseControlCharacters());
  app.use(express.json({ limit: REQUEST_BODY_LIMIT }));
  app.use(usersRouter(deps));
  app.use(profileRouter(deps));
  app.use(uploadsRouter(deps));
  app.use(organizationsRouter(deps));
  app.use(opportunitiesRouter(deps));
  app.use(friendshipsRouter(deps));
  app.use(adminRouter(deps));
  app.use(operationsCommandRouter(deps));
  app.use(privacyRouter(deps));
  app.use(checkInRouter(deps));
  app.use(scoringCommandRouter(deps));
  app.use(waitlistRouter(deps));
  app.use(serviceHoursRouter(deps));
  app.use(mailRouter(deps));
  app.use(notFoundHandler);
  app.use(problemHandler(deps.logger));
  return app;
};
