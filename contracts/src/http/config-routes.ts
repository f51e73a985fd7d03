import { publicConfigSchema } from '../domain/config';
import { route } from './route';

/** The product settings a client needs before anyone signs in. */
export const configRoutes = {
  getConfig: route({
    method: 'GET',
    path: '/api/config',
    auth: 'none',
    response: publicConfigSchema,
  }),
};
