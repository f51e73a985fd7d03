import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createSchema } from 'zod-openapi';
import { API_VERSION, openApiDocument, openApiPath } from './openapi';
import type { RouteDefinition } from './route';
import { routeAreas, routes } from './routes';

type Json = Record<string, unknown>;
type Operation = {
  operationId?: string;
  tags?: string[];
  'x-auth'?: string;
  security?: unknown[];
  parameters?: { in: string; name: string; required?: boolean; schema?: unknown }[];
  requestBody?: { content: Record<string, { schema: Json }> };
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
};

const table: Record<string, RouteDefinition> = routes;
const areaOf = new Map(
  Object.entries(routeAreas).flatMap(([area, group]) => Object.keys(group).map((n) => [n, area])),
);

const operationOf = (document: Json, route: RouteDefinition): Operation | undefined =>
  (document.paths as Record<string, Record<string, Operation>> | undefined)?.[
    openApiPath(route.path)
  ]?.[route.method.toLowerCase()];

/** The JSON Schema zod-openapi makes of `schema` alone, as a request or as an answer. */
const schemaOf = (schema: z.ZodType, io: 'input' | 'output') => createSchema(schema, { io }).schema;

/**
 * Where the document says something else than the route table: a route missing, or its name,
 * area, caller, path parameters, query parameters, body or answer not the contracts' ones.
 */
const differences = (document: Json): string[] => {
  const found: string[] = [];
  const differ = (name: string, what: string, got: unknown, want: unknown) => {
    if (!isDeepStrictEqual(got, want)) found.push(`${name}: ${what}`);
  };
  for (const [name, route] of Object.entries(table)) {
    const op = operationOf(document, route);
    if (!op) {
      found.push(`${name}: missing (${route.method} ${route.path})`);
      continue;
    }
    differ(name, 'operationId', op.operationId, name);
    differ(name, 'area', op.tags, [areaOf.get(name)]);
    differ(name, 'caller', op['x-auth'], route.auth);
    differ(name, 'security', op.security?.length, route.auth === 'none' ? 0 : 1);
    const params = op.parameters ?? [];
    const pathNames = [...route.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]);
    differ(
      name,
      'path parameters',
      params.filter((p) => p.in === 'path').map((p) => p.name),
      pathNames,
    );
    const query = route.query ? (schemaOf(route.query, 'input') as Json) : null;
    const properties = (query?.properties ?? {}) as Record<string, unknown>;
    const required = (query?.required ?? []) as string[];
    differ(
      name,
      'query parameters',
      params
        .filter((p) => p.in === 'query')
        .map((p) => ({ name: p.name, required: p.required ?? false, schema: p.schema })),
      Object.entries(properties).map(([key, schema]) => ({
        name: key,
        required: required.includes(key),
        schema,
      })),
    );
    const content = op.requestBody?.content ?? {};
    differ(
      name,
      'JSON body',
      content['application/json']?.schema,
      route.body ? schemaOf(route.body, 'input') : undefined,
    );
    const form = content['multipart/form-data']?.schema;
    differ(
      name,
      'multipart form',
      form && route.multipart
        ? {
            file: (form.properties as Json | undefined)?.[route.multipart.file],
            required: ((form.required ?? []) as string[]).includes(route.multipart.file),
          }
        : form,
      route.multipart
        ? {
            file: { type: 'string', contentMediaType: 'application/octet-stream' },
            required: !route.multipart.optional,
          }
        : undefined,
    );
    const success = op.responses[route.method === 'GET' ? '200' : '2XX']?.content ?? {};
    differ(name, 'answer', Object.keys(success), [
      route.download ?? route.stream ?? 'application/json',
    ]);
    if (route.response) {
      differ(
        name,
        'answer schema',
        success['application/json']?.schema,
        schemaOf(route.response, 'output'),
      );
    }
  }
  const operations = Object.values((document.paths ?? {}) as Record<string, Json>).reduce(
    (count, item) => count + Object.keys(item).length,
    0,
  );
  differ('the document', 'operations', operations, Object.keys(table).length);
  return found;
};

describe('the OpenAPI document', () => {
  const document = openApiDocument() as unknown as Json;

  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it("holds every route of the table with its name, area, caller, parameters, body and answer as the contracts' schemas give them", () => {
    expect(differences(document)).toEqual([]);
    expect(Object.keys(table).length).toBeGreaterThan(80);
  });

  it('is caught out when a route is missing or a schema differs', () => {
    const { paths } = structuredClone(document) as {
      paths: Record<string, Record<string, Operation>>;
    };
    const copy = {
      ...document,
      paths: Object.fromEntries(
        Object.entries(paths).filter(([path]) => path !== openApiPath(routes.getImpact.path)),
      ),
    };
    const signUp = copy.paths[openApiPath(routes.signUp.path)]?.post;
    const body = signUp?.requestBody?.content['application/json']?.schema;
    if (!body) throw new Error('no body for signUp');
    body.properties = { ...(body.properties as Json), extra: { type: 'string' } };
    expect(differences(copy)).toEqual([
      'signUp: JSON body',
      'getImpact: missing (GET /api/impact)',
      'the document: operations',
    ]);
  });

  it("gives the contracts package's version", () => {
    const manifest = JSON.parse(
      readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
    ) as { version: string };
    expect(API_VERSION).toBe(manifest.version);
  });
});
