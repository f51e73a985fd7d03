import { uploadResponseSchema } from '../queries/commands';
import { route } from './route';

/** Image uploads; the query service serves the stored files read-only under /files/. */
export const filesRoutes = {
  upload: route({
    method: 'POST',
    path: '/upload',
    auth: 'user',
    multipart: { file: 'file' },
    response: uploadResponseSchema,
  }),
};
