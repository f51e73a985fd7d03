import type { RequestHandler } from 'express';
import cors from 'cors';
import helmet from 'helmet';
import { z } from 'zod';

/**
 * Security settings both HTTP services read from their environment (each service's env.ts extends
 * its schema with this shape).
 */
export const securityEnvShape = {
  /** Comma-separated origins allowed to call the API from a browser (the UI's origin). */
  CORS_ORIGIN: z
    .string()
    .default('http://127.0.0.1:8080,http://localhost:8080')
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url()).min(1, 'name at least one origin')),
  /** Commands one user may send per window (docs/product-rules.md: 30 a second); 0 turns the limit off. */
  RATE_LIMIT_COMMANDS: z.coerce.number().int().min(0).default(30),
  /** The rate limit's window in seconds. */
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(1),
  /** The most commands one user may send in one window (docs/product-rules.md: a burst of 60). */
  RATE_LIMIT_BURST: z.coerce.number().int().min(0).default(60),
};

/** Security headers of every API answer (helmet's defaults; the APIs answer JSON and files). */
export const securityHeaders = (): RequestHandler => helmet();

/**
 * CORS for the configured origins only: a browser on any other origin gets no
 * Access-Control-Allow-Origin header, so it cannot read the answers.
 */
export const corsForOrigins = (origins: readonly string[]): RequestHandler =>
  cors({
    origin: [...origins],
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'],
    allowedHeaders: ['authorization', 'content-type', 'idempotency-key', 'x-consistency-token'],
    exposedHeaders: ['x-consistency-token', 'retry-after', 'content-disposition'],
    maxAge: 600,
  });

/** The origins allowed when a service is built without a configuration (tests). */
export const DEFAULT_CORS_ORIGINS: readonly string[] = z
  .object(securityEnvShape)
  .parse({}).CORS_ORIGIN;

/** What the API services mount first: security headers, then CORS for the configured origins. */
export const httpSecurity = (
  origins: readonly string[] = DEFAULT_CORS_ORIGINS,
): RequestHandler[] => [securityHeaders(), corsForOrigins(origins)];
