import express, { type Express } from 'express';
import { notFoundHandler, problemHandler } from '@campus/infra';
import { readYourWrites } from '../consistency/read-your-writes';
import { filesRouter } from '../files/routes';
import { usersQueryRouter } from '../users/routes';
import type { QueryDeps } from './context';

/** The query service: reads only, from the Postgres read model and Redis. */
export const createQueryApp = (deps: QueryDeps): Express => {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.use(filesRouter(deps.uploadDir));
  app.use(readYourWrites(deps.tracker));
  app.use(usersQueryRouter(deps));
  app.use(notFoundHandler);
  app.use(problemHandler(deps.logger));
  return app;
};
