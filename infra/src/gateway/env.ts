import { statSync } from 'node:fs';
import { z } from 'zod';

/** An empty variable (`STATIC_DIR=`) counts as unset. */
const emptyAsUnset = (value: unknown): unknown => (value === '' ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(emptyAsUnset, schema.optional());

const httpUrl = z
  .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
  .transform((url) => url.replace(/\/+$/, ''));

/**
 * Comma-separated http(s) URLs (spaces around the commas are fine), each named when it is wrong;
 * all with the same scheme and none twice.
 */
const httpUrlList = z.string().transform((value, ctx): string[] => {
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) {
    ctx.addIssue({ code: 'custom', message: 'must list at least one http:// or https:// URL' });
    return z.NEVER;
  }
  const urls: string[] = [];
  for (const entry of entries) {
    const parsed = httpUrl.safeParse(entry);
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', message: `"${entry}" must be an http:// or https:// URL` });
    } else if (urls.includes(parsed.data)) {
      ctx.addIssue({ code: 'custom', message: `"${entry}" is listed twice` });
    } else {
      urls.push(parsed.data);
    }
  }
  const schemes = new Set(urls.map((url) => new URL(url).protocol));
  if (schemes.size > 1) {
    ctx.addIssue({ code: 'custom', message: 'must be all http:// or all https:// URLs' });
  }
  return urls;
});

const isDirectory = (dir: string): boolean => {
  try {
    return statSync(dir).isDirectory();
  } catch {
    return false;
  }
};

export const gatewayEnvSchema = z
  .object({
    GATEWAY_PORT: z.preprocess(
      emptyAsUnset,
      z.coerce
        .number({ error: 'must be a port number' })
        .int('must be a whole number')
        .min(0, 'must be between 0 and 65535')
        .max(65535, 'must be between 0 and 65535')
        .default(8080),
    ),
    /** Listen address; 127.0.0.1 by default, 0.0.0.0 to expose the gateway on the network. */
    GATEWAY_HOST: z.string().min(1).default('127.0.0.1'),
    QUERY_URL: httpUrl.default('http://127.0.0.1:4002'),
    COMMAND_URL: httpUrl.default('http://127.0.0.1:4001'),
    /**
     * Several copies of the query service, comma-separated; requests take turns between them.
     * When set, QUERY_URL is not used.
     */
    QUERY_URLS: optional(httpUrlList),
    /** Several copies of the command service, as QUERY_URLS; when set, COMMAND_URL is not used. */
    COMMAND_URLS: optional(httpUrlList),
    /**
     * How long a service may keep a request's connection silent before the gateway gives up with
     * 504 (a frozen copy still accepts connections); 60 s by default, like nginx's
     * proxy_read_timeout.
     */
    GATEWAY_UPSTREAM_TIMEOUT_MS: z.preprocess(
      emptyAsUnset,
      z.coerce
        .number({ error: 'must be a number of milliseconds' })
        .int('must be a whole number of milliseconds')
        .min(1, 'must be at least 1 ms')
        .default(60_000),
    ),
    /** The built frontend (frontend/dist). */
    STATIC_DIR: optional(
      z.string().refine(isDirectory, 'must name an existing folder (the built frontend)'),
    ),
    /** The Vite dev server, during development. */
    DEV_SERVER_URL: optional(httpUrl),
    /** The Auth emulator the UI was built for (host:port, as the services read it): CSP allows it. */
    FIREBASE_AUTH_EMULATOR_HOST: optional(
      z.string().regex(/^[\w.\-[\]:]+:\d{1,5}$/, 'must be host:port, e.g. 127.0.0.1:9099'),
    ),
    /** A production build's Firebase auth domain (Google sign-in popup): CSP allows its frame. */
    FIREBASE_AUTH_DOMAIN: optional(
      z
        .string()
        .regex(/^[a-z0-9.-]+\.[a-z]{2,}$/i, 'must be a domain such as campus.firebaseapp.com'),
    ),
  })
  .superRefine((env, ctx) => {
    if (env.STATIC_DIR && env.DEV_SERVER_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['DEV_SERVER_URL'],
        message: 'set either STATIC_DIR (a production build) or DEV_SERVER_URL (Vite), not both',
      });
    }
  })
  .transform((env) => ({
    ...env,
    /** The query service's copies: QUERY_URLS, or QUERY_URL alone. */
    queryUrls: env.QUERY_URLS ?? [env.QUERY_URL],
    /** The command service's copies: COMMAND_URLS, or COMMAND_URL alone. */
    commandUrls: env.COMMAND_URLS ?? [env.COMMAND_URL],
  }));

export type GatewayEnv = z.output<typeof gatewayEnvSchema>;

export class GatewayConfigError extends Error {
  override readonly name = 'GatewayConfigError';
}

/** Parses the gateway's environment; throws a message naming each bad variable. */
export const loadGatewayEnv = (source: NodeJS.ProcessEnv = process.env): GatewayEnv => {
  const result = gatewayEnvSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map(
      (issue) => `  ${issue.path.join('.') || '(env)'}: ${issue.message}`,
    );
    throw new GatewayConfigError(`Invalid gateway configuration:\n${lines.join('\n')}`);
  }
  return result.data;
};
