import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import fc from 'fast-check';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  MAX_UPLOAD_BYTES,
  routes,
  type GlobalPosition,
  type RouteDefinition,
  type RouteName,
} from '@campus/contracts';
import { createRedisClient } from '@campus/infra';
import { TEST_REDIS_URL, testRedisPrefix } from '@campus/infra/testing';
import { createJobQueues } from '@campus/read-model';
import { createFixtures } from '../stack/fixtures';
import { startTestStack, type TestAccount, type TestStack } from '../stack/stack';

/**
 * Bad input, generated with fast-check, to every endpoint of the contracts routes table: path
 * parameters, query strings and JSON bodies (objects built on each schema's own field names with
 * values of every kind, and arbitrary JSON). Whatever comes in: never a 5xx, never an event from
 * a refused request (events are attributed to requests by their correlation id and the event
 * store's head position is compared before and after), and a 400 names the bad fields.
 *
 * Generated cases per endpoint: FUZZ_RUNS, else 15 in CI (CI=true) and 60 locally; the full run is
 * `FUZZ_RUNS=1000` (see docs/reliability.md).
 */
const RUNS = Number(process.env['FUZZ_RUNS'] ?? (process.env['CI'] === 'true' ? 15 : 60));
const SEED = process.env['FUZZ_SEED'] ? Number(process.env['FUZZ_SEED']) : undefined;
const fcOptions = { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }) };
/** Each generated test's time limit grows with the count (the full run is long). */
const TIMEOUT = Math.max(60_000, RUNS * 400);

/** The field names of a schema (objects, optional, pipes and transforms unwrapped). */
const fieldNames = (schema: z.ZodType | undefined): string[] => {
  let current: unknown = schema;
  for (let depth = 0; depth < 6 && current; depth += 1) {
    const s = current as { shape?: Record<string, unknown>; def?: Record<string, unknown> };
    if (s.shape && typeof s.shape === 'object') return Object.keys(s.shape);
    current = s.def?.['in'] ?? s.def?.['schema'] ?? s.def?.['innerType'];
  }
  return [];
};

/** Values of every kind a careless or hostile client sends. */
const anyValue = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    fc.string(),
    fc.string({ unit: 'grapheme', maxLength: 40 }),
    fc.constantFrom(
      '',
      ' ',
      '<script>alert(1)</script>',
      "'; DROP TABLE read.users; --",
      '../../etc/passwd',
      'javascript:alert(1)',
      '=HYPERLINK("http://evil")',
      '\u0000',
      '2026-02-30',
      '9999-99-99T99:99',
      '00000000-0000-0000-0000-000000000000',
      'NaN',
      '-1',
      '1e309',
      'true',
    ),
    fc.uuid(),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.oneof(fc.string(), fc.integer(), fc.uuid()), { maxLength: 5 }),
    fc.dictionary(fc.string({ maxLength: 8 }), fc.string(), { maxKeys: 3 }),
    fc.string({ minLength: 5000, maxLength: 20_000 }),
  );

/** A JSON body for a route: its own fields with any values, or any JSON object or array. */
const bodyFor = (route: RouteDefinition): fc.Arbitrary<object> => {
  const names = fieldNames(route.body);
  const shaped = names.length
    ? fc.record(Object.fromEntries(names.map((n) => [n, anyValue()])), { requiredKeys: [] })
    : fc.constant({});
  return fc.oneof(
    { weight: 4, arbitrary: shaped },
    {
      weight: 1,
      arbitrary: fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue(), { maxKeys: 6 }),
    },
    { weight: 1, arbitrary: fc.array(fc.jsonValue(), { maxLength: 4 }) },
  );
};

/**
 * A path parameter: ids of every shape, traversal attempts, unicode, long strings, and the ids
 * that exist (`known`: the callers, their organization, opportunity and a service log), so that
 * the checks behind a valid id (body validation of one's own profile, of an existing opportunity,
 * of a decision on a log) are reached.
 */
const paramValue = (known: readonly string[]): fc.Arbitrary<string> =>
  fc.oneof(
    fc.constantFrom(...known),
    fc.string({ minLength: 1 }),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }),
    fc.uuid(),
    fc.constantFrom('..', '../..', '%2e%2e', 'null', 'undefined', '0', '-1', 'emails', 'csv', ' '),
    fc.string({ minLength: 300, maxLength: 3000 }),
  );

type Query = Record<string, string | string[] | undefined>;
const queryFor = (route: RouteDefinition): fc.Arbitrary<Query> => {
  const names = [...fieldNames(route.query), 'q', 'limit'];
  const value = fc.oneof(fc.string(), fc.array(fc.string(), { minLength: 2, maxLength: 3 }));
  return fc.oneof(
    fc.record(Object.fromEntries(names.map((n) => [n, value])), { requiredKeys: [] }),
    fc.dictionary(fc.string({ minLength: 1, maxLength: 10 }), fc.string(), { maxKeys: 4 }),
  );
};

const fillPath = (path: string, values: string[]) => {
  let i = 0;
  return path.replace(/:([A-Za-z_]+)/g, () => encodeURIComponent(values[i++] ?? 'x'));
};
const paramCount = (path: string) => (path.match(/:[A-Za-z_]+/g) ?? []).length;
const toQueryString = (query: Query) => {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query))
    for (const item of Array.isArray(v) ? v : v === undefined ? [] : [v]) params.append(k, item);
  const text = params.toString();
  return text ? `?${text}` : '';
};

type Problem = { status?: number; detail?: string; errors?: { field?: string }[] };

describe('bad input to every endpoint (fast-check): no 5xx, no event, the fields named', () => {
  let stack: TestStack;
  let admin: TestAccount;
  let student: TestAccount;
  const known: string[] = [];
  /** Uploads as someone whose id is not in `known` (generated requests may erase the others). */
  let uploader: TestAccount;
  const jobsRedis = createRedisClient(TEST_REDIS_URL);
  const jobs = createJobQueues({ connection: jobsRedis, prefix: testRedisPrefix('fuzz-jobs') });
  let reportsDir = '';
  const tried = { requests: 0, refused: 0, byStatus: new Map<number, number>() };

  beforeAll(async () => {
    reportsDir = await mkdtemp(join(tmpdir(), 'campus-fuzz-reports-'));
    stack = await startTestStack({
      config: { ADMIN_EMAILS: ['fuzz-admin@university.edu'] },
      label: 'fuzz',
      jobs,
      reportsDir,
    });
    const f = createFixtures(stack);
    admin = await stack.registerUser('fuzz-admin@university.edu');
    student = await f.user('fuzz-student');
    const org = await f.organization(admin, { admin });
    const opp = await f.opportunity(admin, org.id, {}, admin);
    await f.signUp(student, opp);
    // A log waiting for its decision, so the checks behind its id are reached too.
    const serviceLog = await f.logHours(student, org.id);
    known.push(admin.userId, student.userId, org.id, opp, serviceLog);
    uploader = await f.user('fuzz-uploader');
  });
  afterAll(async () => {
    await stack.stop();
    await jobs.reports.obliterate({ force: true });
    await jobs.replay.obliterate({ force: true });
    await jobs.close();
    jobsRedis.disconnect();
    await rm(reportsDir, { recursive: true, force: true });
    // The figure docs/reliability.md reports.
    console.info(
      `bad input: ${String(tried.requests)} generated requests (${String(RUNS)} per endpoint), ` +
        `${String(tried.refused)} refused; by status ${JSON.stringify(Object.fromEntries(tried.byStatus))}`,
    );
  });

  const appendedBy = async (from: GlobalPosition, correlationId: string) =>
    (await stack.store.readAll({ from, max: 10_000 }))
      .filter((e) => e.metadata.correlationId === correlationId)
      .map((e) => e.type);

  /** Sends one request and checks the three properties; answers the response. */
  const send = async (
    route: RouteDefinition,
    path: string,
    caller: TestAccount,
    body: object | undefined,
  ) => {
    const correlationId = randomUUID();
    const before = await stack.store.headPosition();
    const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
    const app = route.method === 'GET' ? stack.queryApp : stack.commandApp;
    const agent = request(app);
    let test = agent[method](path)
      .set('authorization', `Bearer ${caller.token}`)
      .set('x-correlation-id', correlationId);
    if (body !== undefined) test = test.send(body);
    const response = await test;
    tried.requests += 1;
    tried.byStatus.set(response.status, (tried.byStatus.get(response.status) ?? 0) + 1);
    const what = `${route.method} ${path.slice(0, 200)} ${body === undefined ? '' : JSON.stringify(body).slice(0, 300)}`;
    // A binary answer (the transcript PDF) has no text.
    // Binary answers (the transcript PDF) have no text.
    const text = (response.text as string | undefined) ?? '';
    expect(response.status, `${what}: ${text.slice(0, 300)}`).toBeLessThan(500);
    if (response.status >= 400) {
      tried.refused += 1;
      expect(await appendedBy(before, correlationId), what).toEqual([]);
      expect(response.headers['content-type'], what).toMatch(/^application\/problem\+json/);
      if (response.status === 400) {
        const problem = response.body as Problem;
        expect(problem.errors?.length, `${what}: ${response.text}`).toBeGreaterThan(0);
        for (const error of problem.errors ?? []) {
          expect(error.field, `${what}: ${response.text}`).toMatch(/\S/);
        }
      }
    }
    return response;
  };

  // The live stream never ends, so it is not sent here: its one input (Last-Event-ID) is
  // generated in system-tests/src/live/live.int.spec.ts over a real socket.
  const jsonRoutes = (Object.entries(routes) as [RouteName, RouteDefinition][]).filter(
    ([, r]) => r.path !== routes.upload.path && !r.stream,
  );

  it.each(jsonRoutes.map(([name, route]) => ({ name, route })))(
    '$name: generated params, query and body',
    async ({ route }) => {
      const n = paramCount(route.path);
      await fc.assert(
        fc.asyncProperty(
          fc.array(paramValue(known), { minLength: n, maxLength: n }),
          route.method === 'GET' ? queryFor(route) : fc.constant({}),
          route.method === 'GET' ? fc.constant(undefined) : bodyFor(route),
          fc.boolean(),
          async (params, query, body, asAdmin) => {
            const path = `${fillPath(route.path, params)}${toQueryString(query)}`;
            await send(route, path, asAdmin ? admin : student, body);
          },
        ),
        fcOptions,
      );
    },
    TIMEOUT,
  );

  it(
    'refuses malformed JSON with 400 and appends nothing',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(
            ...(Object.values(routes) as RouteDefinition[]).filter(
              (r) => r.method !== 'GET' && !r.multipart,
            ),
          ),
          fc.oneof(
            fc.string(),
            fc.constantFrom('{', '{"a":', '[1,', 'nul', '{"__proto__":{"admin":true}'),
          ),
          async (route, raw) => {
            const correlationId = randomUUID();
            const before = await stack.store.headPosition();
            const path = fillPath(
              route.path,
              Array.from({ length: paramCount(route.path) }, () => randomUUID()),
            );
            const agent = request(stack.commandApp);
            const method = route.method.toLowerCase() as 'post' | 'put' | 'delete';
            const response = await agent[method](path)
              .set('authorization', `Bearer ${student.token}`)
              .set('x-correlation-id', correlationId)
              .set('content-type', 'application/json')
              .send(raw);
            tried.requests += 1;
            expect(response.status, `${route.path} ${raw}: ${response.text}`).toBeLessThan(500);
            if (response.status >= 400) expect(await appendedBy(before, correlationId)).toEqual([]);
          },
        ),
        fcOptions,
      );
    },
    TIMEOUT,
  );

  it('refuses a JSON body over the limit with 413 problem details', async () => {
    const big = { name: 'x'.repeat(1024 * 1024 + 10) };
    for (const route of [routes.createOrganization, routes.updateProfile, routes.signUp]) {
      const agent = request(stack.commandApp);
      const method = route.method.toLowerCase() as 'post' | 'put';
      const response = await agent[method](fillPath(route.path, [student.userId]))
        .set('authorization', `Bearer ${student.token}`)
        .send(big);
      expect(response.status, route.path).toBe(413);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    }
  });

  describe('uploads: checked by content, not by name; size limited', () => {
    const PNG = Buffer.from(
      '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
      'hex',
    );
    const upload = (bytes: Buffer, filename: string, contentType?: string) =>
      request(stack.commandApp)
        .post(routes.upload.path)
        .set('authorization', `Bearer ${uploader.token}`)
        .attach('file', bytes, { filename, ...(contentType ? { contentType } : {}) });

    it(
      'generated files: only real images are stored, whatever their name or declared type',
      async () => {
        await fc.assert(
          fc.asyncProperty(
            fc.oneof(
              fc.uint8Array({ maxLength: 2048 }).map((a) => Buffer.from(a)),
              fc
                .constantFrom(
                  '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
                  '<html><script>alert(1)</script></html>',
                  '%PDF-1.4',
                  'GIF8',
                  '\u0089PN',
                )
                .map((s) => Buffer.from(s)),
            ),
            fc.constantFrom(
              'a.png',
              'a.jpg',
              'photo.gif',
              'x.webp',
              'a.svg',
              'a.html',
              '../../a.png',
              'a',
            ),
            fc.constantFrom('image/png', 'image/svg+xml', 'text/html', 'application/octet-stream'),
            async (bytes, filename, contentType) => {
              const response = await upload(bytes, filename, contentType);
              tried.requests += 1;
              const isImage =
                bytes.subarray(0, 8).equals(PNG.subarray(0, 8)) ||
                (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) ||
                ['GIF87a', 'GIF89a'].includes(bytes.subarray(0, 6).toString('latin1')) ||
                (bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
                  bytes.subarray(8, 12).toString('latin1') === 'WEBP');
              expect(response.status, response.text).toBe(isImage ? 201 : 400);
              if (!isImage) {
                expect((response.body as Problem).errors?.[0]?.field).toBe('file');
              }
            },
          ),
          fcOptions,
        );
      },
      TIMEOUT,
    );

    it('stores a PNG sent under a text name as a PNG, and refuses HTML sent as a PNG', async () => {
      const png = await upload(PNG, 'notes.txt', 'text/plain');
      expect(png.status).toBe(201);
      expect(String(png.body.url)).toMatch(/^\/files\/[0-9a-f-]{36}\.png$/);
      const html = await upload(
        Buffer.from('<html><script>alert(1)</script></html>'),
        'a.png',
        'image/png',
      );
      expect(html.status).toBe(400);
    });

    it('refuses an upload over the limit with 413', async () => {
      const big = Buffer.concat([PNG, Buffer.alloc(MAX_UPLOAD_BYTES)]);
      const response = await upload(big, 'big.png', 'image/png');
      expect(response.status).toBe(413);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    });
  });

  describe('/files/:name: no path traversal, safe content types', () => {
    const SECRET = 'campus-secret-do-not-serve';
    beforeAll(async () => {
      // Files beside and inside the upload folder that must never be served.
      await writeFile(join(dirname(stack.uploadDir), 'secret.txt'), SECRET);
      await writeFile(join(stack.uploadDir, 'page.html'), `<script>${SECRET}</script>`);
      await writeFile(join(stack.uploadDir, `${randomUUID()}.svg`), `<svg>${SECRET}</svg>`);
    });
    afterAll(async () => {
      await rm(join(dirname(stack.uploadDir), 'secret.txt'), { force: true });
    });

    it(
      'generated names never reach outside the stored images',
      async () => {
        await fc.assert(
          fc.asyncProperty(
            fc.oneof(
              fc.string({ minLength: 1 }).map(encodeURIComponent),
              fc.constantFrom(
                '..%2Fsecret.txt',
                '%2e%2e%2fsecret.txt',
                '..%252Fsecret.txt',
                '....%2F%2Fsecret.txt',
                '%2e%2e%5csecret.txt',
                'page.html',
                '.%2Fpage.html',
                '%00.png',
                'secret.txt%00.png',
              ),
              fc
                .array(fc.constantFrom('..', '%2e%2e', '.', 'secret.txt', 'page.html'), {
                  minLength: 1,
                  maxLength: 5,
                })
                .map((parts) => parts.join('/')),
            ),
            async (name) => {
              const response = await request(stack.queryApp).get(`/files/${name}`);
              tried.requests += 1;
              expect(response.status, name).toBeLessThan(500);
              expect(response.status, name).not.toBe(200);
              expect(response.text, name).not.toContain(SECRET);
            },
          ),
          fcOptions,
        );
      },
      TIMEOUT,
    );

    it('serves stored images only as images, with nosniff and a CSP that runs nothing', async () => {
      const GIF = Buffer.from(
        '47494638396101000100800000000000ffffff21f90401000000002c00000000010001000002024401003b',
        'hex',
      );
      for (const [bytes, type] of [
        [PNG_BYTES, 'image/png'],
        [GIF, 'image/gif'],
      ] as const) {
        const stored = await request(stack.commandApp)
          .post(routes.upload.path)
          .set('authorization', `Bearer ${uploader.token}`)
          .attach('file', bytes, { filename: 'x.html', contentType: 'text/html' });
        expect(stored.status).toBe(201);
        const file = await request(stack.queryApp).get(String(stored.body.url));
        expect(file.status).toBe(200);
        expect(file.headers['content-type']).toBe(type);
        expect(file.headers['x-content-type-options']).toBe('nosniff');
        expect(file.headers['content-security-policy']).toContain("default-src 'none'");
        expect(file.headers['content-disposition'] ?? '').not.toMatch(/html/);
      }
    });
  });
});

const PNG_BYTES = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

describe('control characters in path ids and query strings: 400 naming the parameter', () => {
  let stack: TestStack;
  let student: TestAccount;
  beforeAll(async () => {
    stack = await startTestStack({ runWorker: true, label: 'control-characters' });
    student = await stack.registerUser(`nul-${randomUUID()}@university.edu`);
    // Registered in the read model, so a refusal below is the parameter's doing, not a 403.
    // (The read waits 2 s at most for the projection; a busy shared server may take longer.)
    let status = 0;
    for (const deadline = Date.now() + 20_000; status !== 200 && Date.now() < deadline;) {
      status = (await stack.read(`/api/users/${student.userId}`, student.token)).status;
    }
    expect(status).toBe(200);
  });
  afterAll(async () => {
    await stack.stop();
  });

  const get = (path: string) =>
    request(stack.queryApp).get(path).set('authorization', `Bearer ${student.token}`);

  const expectNamed = (response: request.Response, field: string) => {
    expect(response.status, response.text).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    const problem = response.body as Problem;
    expect(problem.errors?.map((e) => e.field)).toEqual([field]);
    expect(problem.detail).toContain(field);
  };

  it.each([
    ['a user id', '/api/users/%00', 'id'],
    ['a user id with a valid prefix', `/api/users/${randomUUID()}%00`, 'id'],
    ['an organization id', '/api/orgs/ab%00cd', 'id'],
    ['an opportunity id', '/api/opps/%00/attendance', 'id'],
    ['an address', '/api/approved-emails/check/someone%00@university.edu', 'address'],
    ['an address (exists check)', '/api/users/check/%01x@university.edu', 'address'],
    ['a calendar feed token', '/api/calendar/feeds/abc%00', 'token'],
  ])('%s', async (_label, path, field) => {
    expectNamed(await get(path), field);
  });

  it.each([
    ['the search text', '/api/search?q=%00', 'q'],
    ['the opportunities search', '/api/opps?q=beach%00clean', 'q'],
    ['a leaderboard period', '/api/leaderboard?period=%00', 'period'],
    ['an impact organization', '/api/impact?organization_id=%00', 'organization_id'],
    ['a parameter the route does not know', '/api/orgs/approved?x=%7F', 'x'],
    ['a repeated parameter', '/api/search?q=ok&q=%1B', 'q'],
    ['an unknown route', '/api/nothing-here?q=%00', 'q'],
  ])('%s', async (_label, path, field) => {
    expectNamed(await get(path), field);
  });

  it('refuses before the token is even needed, and accepts the same reads without them', async () => {
    const anonymous = await request(stack.queryApp).get('/api/search?q=%00');
    expect(anonymous.status).toBe(400);
    expect((await get('/api/search?q=beach')).status).toBe(200);
    expect((await get(`/api/users/${student.userId}`)).status).toBe(200);
    // Ordinary punctuation, accents and emoji are not control characters.
    expect((await get(`/api/search?q=${encodeURIComponent('Zoë’s café 🌱')}`)).status).toBe(200);
  });
});
