import { startReplaySchema } from '../commands/operations';
import {
  jobAcceptedSchema,
  projectionsStatusSchema,
  replayStatusSchema,
} from '../queries/operations';
import { route } from './route';

/** Operations: replays of the read model and the projections' lag. */
export const operationsRoutes = {
  startReplay: route({
    method: 'POST',
    path: '/api/operations/replays',
    auth: 'admin',
    body: startReplaySchema,
    response: jobAcceptedSchema,
  }),
  getReplay: route({
    method: 'GET',
    path: '/api/operations/replays/:id',
    auth: 'admin',
    response: replayStatusSchema,
  }),
  getProjections: route({
    method: 'GET',
    path: '/api/operations/projections',
    auth: 'admin',
    response: projectionsStatusSchema,
  }),
};
