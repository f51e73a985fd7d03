import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from 'pino';
import type { Problem } from '@campus/contracts';
import { isRedisUnavailableError } from '../redis/unavailable';
import { AppError } from './errors';

const problem = (
  status: number,
  title: string,
  detail: string,
  errors?: Problem['errors'],
  type = 'about:blank',
): Problem => ({
  type,
  title,
  status,
  detail,
  message: detail,
  ...(errors ? { errors } : {}),
});

/** Unknown routes answer 404 as problem details. */
export const notFoundHandler: RequestHandler = (req, res) => {
  res
    .status(404)
    .type('application/problem+json')
    .json(problem(404, 'Not Found', `No route for ${req.method} ${req.path}`));
};

/** Turns every error into RFC 9457 problem details; never leaks a stack trace. */
export const problemHandler =
  (logger: Logger): ErrorRequestHandler =>
  (error: unknown, req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    let body: Problem;
    if (error instanceof AppError) {
      body = problem(
        error.status,
        error.title,
        error.message,
        error.fieldErrors ? [...error.fieldErrors] : undefined,
        error.problemType,
      );
    } else if (isHttpError(error)) {
      // Errors raised by body parsers and the like (malformed JSON, body too large).
      const status = error.status;
      const detail =
        error.type === 'entity.parse.failed'
          ? 'The request body is not valid JSON'
          : status === 413
            ? 'The request body is too large'
            : error.expose
              ? error.message
              : 'Bad request';
      body = problem(status, status === 413 ? 'Payload Too Large' : 'Bad Request', detail);
    } else if (isRedisUnavailableError(error)) {
      // Redis is down or frozen (job queues): a bounded wait ended; the request may be retried.
      res.set('Retry-After', '10');
      body = problem(
        503,
        'Service Unavailable',
        'This is temporarily unavailable; try again in a few seconds.',
      );
    } else {
      // The route's pattern, not the path: some paths carry an address (/api/users/email/:address).
      const route = (req.route as { path?: unknown } | undefined)?.path;
      logger.error(
        {
          err: error,
          method: req.method,
          path:
            typeof route === 'string'
              ? `${req.baseUrl}${route}`
              : maskPath(req.originalUrl.split('?')[0] ?? ''),
        },
        'unhandled error',
      );
      body = problem(
        500,
        'Internal Server Error',
        'An unexpected error occurred. Please try again.',
      );
    }
    res.status(body.status).type('application/problem+json').json(body);
  };

/** Path segments other than plain words and ids are masked. */
export const maskPath = (path: string) =>
  path
    .split('/')
    .map((segment) => (/^[A-Za-z0-9_-]{0,64}$/.test(segment) ? segment : '…'))
    .join('/');

type HttpLikeError = { status: number; type?: string; expose?: boolean; message: string };
const isHttpError = (error: unknown): error is HttpLikeError =>
  typeof error === 'object' &&
  error !== null &&
  'status' in error &&
  typeof error.status === 'number' &&
  error.status >= 400 &&
  error.status < 500;
