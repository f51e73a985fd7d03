import { route } from './route';

/**
 * The service transcript: a PDF of a student's verified service, for the student and for admins
 * (anyone else gets 403).
 */
export const transcriptsRoutes = {
  getServiceTranscript: route({
    method: 'GET',
    path: '/api/users/:id/transcript.pdf',
    auth: 'user',
    download: 'application/pdf',
  }),
};
