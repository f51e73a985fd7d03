import { updateProfileSchema } from '../commands/profile';
import { commandAckSchema } from '../queries/commands';
import { pointsHistorySchema, userProfileSchema } from '../queries/users';
import { route } from './route';

/** A person's profile: reading it, editing one's own, and the points history it shows. */
export const profileRoutes = {
  /** The profile: public fields, badges and counts; contact fields per docs/product-rules.md. */
  getUser: route({
    method: 'GET',
    path: '/api/users/:id',
    auth: 'user',
    response: userProfileSchema,
  }),
  updateProfile: route({
    method: 'PUT',
    path: '/api/users/:id',
    auth: 'user',
    body: updateProfileSchema,
    response: commandAckSchema,
  }),
  getPointsHistory: route({
    method: 'GET',
    path: '/api/users/:id/points-history',
    auth: 'user',
    response: pointsHistorySchema,
  }),
};
