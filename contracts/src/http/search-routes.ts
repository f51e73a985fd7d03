import { searchQuerySchema, searchResultSchema } from '../queries/search';
import { route } from './route';

/** The header's search over students and organizations. */
export const searchRoutes = {
  search: route({
    method: 'GET',
    path: '/api/search',
    auth: 'user',
    query: searchQuerySchema,
    response: searchResultSchema,
  }),
};
