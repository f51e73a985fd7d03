import type { RouteDefinition } from './routes';

const route = <const R extends RouteDefinition>(r: R): R => r;

/**
 * The service transcript (spread into `routes`): a PDF of a student's verified service, for the
 * student and for admins (anyone else gets 403). No response schema: it answers application/pdf.
 */
export const transcriptRoutes = {
  getServiceTranscript: route({
    method: 'GET',
    path: '/api/users/:id/transcript.pdf',
    auth: 'user',
  }),
} as const satisfies Record<string, RouteDefinition>;
