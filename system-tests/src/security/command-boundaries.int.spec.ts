import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  comparePositions,
  routes,
  START_POSITION,
  type GlobalPosition,
  type RouteDefinition,
  type RouteName,
} from '@campus/contracts';
import { createRedisClient } from '@campus/infra';
import { emulatorIdToken, TEST_REDIS_URL, testRedisPrefix } from '@campus/infra/testing';
import { allProjections } from '@campus/projection-worker';
import { createJobQueues } from '@campus/read-model';
import { createFixtures, type Fixtures } from '../stack/fixtures';
import { startTestStack, type TestAccount, type TestStack } from '../stack/stack';

/**
 * Validation parity, generated from the routes table: every field of every command body is sent
 * at its boundaries (the longest text and the largest number the schema allows, one over, a NUL,
 * control characters, an unpaired surrogate, line breaks; huge, negative and fractional numbers).
 * Each request is either refused with 400 naming the field, or accepted, appended and projected
 * with no dead letter. Values at the schema's own maximum must be accepted: the read model has to
 * hold whatever the command side allows.
 *
 * CI=true sends one control character per field; locally every C0 and C1 control is sent.
 */
const FULL = process.env['CI'] !== 'true';

/** What the walk needs to know of one schema node. */
type Leaf =
  | { kind: 'text'; max: number | null; uuid: boolean }
  | { kind: 'number'; min: number; max: number; int: boolean; step: number | null }
  | { kind: 'other' };

/** One walked field: its top-level name, its leaf, and how a value is wrapped into the body. */
type Field = {
  readonly name: string;
  readonly leaf: Leaf;
  readonly wrap: (value: unknown) => unknown;
  /** How many items the list takes at most, when the field is a list of leaves. */
  readonly maxItems: number | null;
};

type ZodNode = {
  _zod: { def: Record<string, unknown> & { type: string; checks?: ZodNode[] } };
  maxLength?: number | null;
  minValue?: number | null;
  maxValue?: number | null;
  isInt?: boolean;
};

const MAX_INT4 = 2_147_483_647;

/** A schema's leaf: wrappers, defaults and pipes unwrapped, bounds of both pipe ends combined. */
const leafOf = (node: ZodNode): Leaf => {
  const def = node._zod.def;
  switch (def.type) {
    case 'string':
      return { kind: 'text', max: node.maxLength ?? null, uuid: def['format'] === 'uuid' };
    case 'number': {
      const step = (def.checks ?? [])
        .map((c) => c._zod.def)
        .find((c) => c['check'] === 'multiple_of')?.['value'];
      return {
        kind: 'number',
        min: node.minValue ?? -Number.MAX_SAFE_INTEGER,
        max: node.maxValue ?? Number.MAX_SAFE_INTEGER,
        int: node.isInt ?? false,
        step: typeof step === 'number' ? step : null,
      };
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
      return leafOf(def['innerType'] as ZodNode);
    case 'pipe': {
      const input = def['in'] as ZodNode;
      const output = def['out'] as ZodNode;
      if (input._zod.def.type === 'transform') return leafOf(output);
      if (output._zod.def.type === 'transform') return leafOf(input);
      const [a, b] = [leafOf(input), leafOf(output)];
      if (a.kind === 'number' && b.kind === 'number')
        return {
          kind: 'number',
          min: Math.max(a.min, b.min),
          max: Math.min(a.max, b.max),
          int: a.int || b.int,
          step: a.step ?? b.step,
        };
      if (a.kind === 'text' && b.kind === 'text')
        return {
          kind: 'text',
          max: Math.min(a.max ?? Infinity, b.max ?? Infinity),
          uuid: a.uuid || b.uuid,
        };
      return a.kind === 'other' ? b : a;
    }
    default:
      return { kind: 'other' };
  }
};

/** A list's element and largest length (wrappers and form preprocessing unwrapped). */
const listOf = (node: ZodNode): { element: ZodNode; maxItems: number | null } | null => {
  const def = node._zod.def;
  if (def.type === 'array') {
    const max = (def.checks ?? [])
      .map((c) => c._zod.def)
      .find((c) => c['check'] === 'max_length')?.['maximum'];
    return { element: def['element'] as ZodNode, maxItems: typeof max === 'number' ? max : null };
  }
  if (['optional', 'nullable', 'default', 'prefault', 'readonly'].includes(def.type))
    return listOf(def['innerType'] as ZodNode);
  if (def.type === 'pipe') {
    const input = def['in'] as ZodNode;
    return listOf(input._zod.def.type === 'transform' ? (def['out'] as ZodNode) : input);
  }
  return null;
};

/** A record keyed by an enum (the scoring thresholds): its first key and its value schema. */
const recordOf = (node: ZodNode): { key: string; value: ZodNode } | null => {
  const def = node._zod.def;
  if (['optional', 'nullable', 'default'].includes(def.type))
    return recordOf(def['innerType'] as ZodNode);
  if (def.type !== 'record') return null;
  const keys = (def['keyType'] as { options?: unknown[] }).options;
  const key = keys?.[0];
  return typeof key === 'string' ? { key, value: def['valueType'] as ZodNode } : null;
};

/** The object shapes of a body schema (pipes, refinements and unions unwrapped). */
const shapesOf = (node: ZodNode | undefined): Record<string, ZodNode>[] => {
  if (!node) return [];
  const def = node._zod.def;
  if (def.type === 'object') return [def['shape'] as Record<string, ZodNode>];
  if (def.type === 'union') return (def['options'] as ZodNode[]).flatMap(shapesOf);
  if (def.type === 'pipe') return shapesOf(def['in'] as ZodNode);
  return shapesOf((def['innerType'] ?? def['schema']) as ZodNode | undefined);
};

const fieldsOf = (schema: z.ZodType): Field[] => {
  const fields = new Map<string, Field>();
  for (const shape of shapesOf(schema as unknown as ZodNode)) {
    for (const [name, node] of Object.entries(shape)) {
      if (fields.has(name)) continue;
      const list = listOf(node);
      const record = recordOf(node);
      if (list)
        fields.set(name, {
          name,
          leaf: leafOf(list.element),
          wrap: (v) => [v],
          maxItems: list.maxItems,
        });
      else if (record)
        fields.set(name, {
          name,
          leaf: leafOf(record.value),
          wrap: (v) => ({ [record.key]: v }),
          maxItems: null,
        });
      else fields.set(name, { name, leaf: leafOf(node), wrap: (v) => v, maxItems: null });
    }
  }
  return [...fields.values()];
};

/** A text of exactly `length` UTF-16 units, unique, with 3-byte characters (the UTF-8 worst case). */
let uniqueCounter = 0;
const filler = (length: number): string => {
  const prefix = `b${String(++uniqueCounter)}-`;
  return (prefix + '€'.repeat(Math.max(0, length - prefix.length))).slice(0, length);
};

/** Valid texts of a given length for fields with a format (null: none of that length exists). */
const formats: Record<string, (length: number) => string | null> = {
  phone: (n) => '5'.repeat(n),
  email: (n) => {
    const domain = `@b${String(++uniqueCounter)}.example.org`;
    return n > domain.length ? 'a'.repeat(n - domain.length) + domain : null;
  },
  redirect_url: (n) => `https://example.org/${'a'.repeat(Math.max(0, n - 20))}`,
  image: (n) => `/files/${'a'.repeat(Math.max(0, n - 7))}`,
  profile_image: (n) => `/files/${'a'.repeat(Math.max(0, n - 7))}`,
  photo: (n) => `/files/${'a'.repeat(Math.max(0, n - 7))}`,
  verifier_email: (n) => formats['email']?.(n) ?? null,
  // A full name is split in two parts at its first space.
  name: (n) => {
    const first = Math.floor((n - 1) / 2);
    return `${filler(first)} ${'é'.repeat(n - 1 - first)}`;
  },
};

/** Short valid values of fields with a fixed format (no valid value is as long as their bound). */
const samples: Record<string, string> = {
  date: '2026-04-01',
  time: '10:00',
  birthday: '2000-02-29',
  start_date: '2026-01-01',
  end_date: '2026-12-31',
  // An impact table's report (docs/impact.md).
  from: '2026-01-01',
  to: '2026-12-31',
  as_of: '2026-06-30',
  registration_date: '2026-03-02',
  token: 'not-a-code',
  projection: 'users',
};

const validText = (field: Field, length: number): string | null => {
  if (field.leaf.kind === 'text' && field.leaf.uuid) return null;
  if (field.name in samples) return null;
  const format = formats[field.name];
  return format ? format(length) : filler(length);
};

const shortValid = (field: Field): string =>
  field.leaf.kind === 'text' && field.leaf.uuid
    ? randomUUID()
    : (samples[field.name] ?? validText(field, 12) ?? 'ok');

/** Characters no field holds: every C0 control but tab and line breaks, DEL and the C1 block. */
const CONTROLS = FULL
  ? [
      ...Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)).filter(
        (c) => !'\t\n\r'.includes(c),
      ),
      '\u007f',
      ...Array.from({ length: 32 }, (_, i) => String.fromCharCode(0x80 + i)),
    ]
  : ['\u0007', '\u001b'];

type Expectation = 'accepted' | 'refused' | 'either';
type Case = { readonly label: string; readonly value: unknown; readonly expect: Expectation };

const insertAt = (text: string, inserted: string) => {
  const at = Math.floor(text.length / 2);
  return text.slice(0, at) + inserted + text.slice(at);
};

const textCases = (field: Field, leaf: Extract<Leaf, { kind: 'text' }>): Case[] => {
  const cases: Case[] = [];
  const bound = leaf.max ?? 10_000;
  const longest = leaf.max === null ? null : validText(field, leaf.max);
  if (longest !== null)
    cases.push({ label: `${String(bound)} characters`, value: longest, expect: 'accepted' });
  cases.push({
    label: `${String(bound + 1)} characters`,
    value: validText(field, bound + 1) ?? filler(bound + 1),
    expect: 'refused',
  });
  const base = shortValid(field);
  cases.push({ label: 'a NUL byte', value: insertAt(base, '\u0000'), expect: 'refused' });
  for (const c of CONTROLS.filter((ch) => ch !== '\u0000'))
    cases.push({
      label: `U+${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
      value: insertAt(base, c),
      expect: 'refused',
    });
  cases.push({
    label: 'an unpaired surrogate',
    value: insertAt(base, '\ud800'),
    expect: 'refused',
  });
  cases.push({ label: 'a line break and a tab', value: insertAt(base, '\n\t'), expect: 'either' });
  return cases;
};

const numberCases = (leaf: Extract<Leaf, { kind: 'number' }>): Case[] => {
  const largest = leaf.step ? Math.floor(leaf.max / leaf.step) * leaf.step : leaf.max;
  const cases: Case[] = [
    { label: `the maximum ${String(largest)}`, value: largest, expect: 'accepted' },
    { label: 'one over the maximum', value: leaf.max + 1, expect: 'refused' },
    { label: '2^31', value: 2 ** 31, expect: 'refused' },
  ];
  if (leaf.min > -1) cases.push({ label: '-1', value: -1, expect: 'refused' });
  if (leaf.int) cases.push({ label: 'a fraction', value: largest - 0.5, expect: 'refused' });
  if (FULL) {
    const smallest = leaf.step ? Math.ceil(leaf.min / leaf.step) * leaf.step : leaf.min;
    cases.push(
      { label: `the minimum ${String(smallest)}`, value: smallest, expect: 'accepted' },
      { label: '1e12', value: 1e12, expect: 'refused' },
      { label: '-2^31 - 1', value: -(2 ** 31) - 1, expect: 'refused' },
      { label: '1e308', value: 1e308, expect: 'refused' },
    );
  }
  return cases;
};

const casesOf = (field: Field): Case[] => {
  const { leaf } = field;
  const cases =
    leaf.kind === 'text' ? textCases(field, leaf) : leaf.kind === 'number' ? numberCases(leaf) : [];
  const wrapped = cases.map((c) => ({ ...c, value: field.wrap(c.value) }));
  if (field.maxItems !== null && leaf.kind === 'text' && !leaf.uuid) {
    const items = Array.from({ length: field.maxItems + 1 }, () => shortValid(field));
    wrapped.push({ label: `${String(field.maxItems + 1)} items`, value: items, expect: 'refused' });
  }
  return wrapped;
};

/** One request of a route: who sends it where, with the body built around the walked field. */
type Attempt = { readonly path: string; readonly token: string; readonly body: object };
type Scenario = {
  /** A request that succeeds when `field` holds a valid value. */
  readonly build: (field: string, value: unknown, expect: Expectation) => Promise<Attempt>;
  /** Fields where no value at the schema's bound can succeed, and why. */
  readonly noValidMaximum?: Record<string, string>;
};

type Problem = { errors?: { field?: string; message?: string }[] };

describe('command boundaries: every field of every command body, refused by name or stored', () => {
  let stack: TestStack;
  let f: Fixtures;
  let admin: TestAccount;
  let host: TestAccount;
  let student: TestAccount;
  let orgId = '';
  let opportunityId = '';
  const jobsRedis = createRedisClient(TEST_REDIS_URL);
  const jobs = createJobQueues({ connection: jobsRedis, prefix: testRedisPrefix('bounds-jobs') });
  let reportsDir = '';
  const tally = { requests: 0, accepted: 0, refused: 0 };

  beforeAll(async () => {
    reportsDir = await mkdtemp(join(tmpdir(), 'campus-bounds-reports-'));
    stack = await startTestStack({
      config: { ADMIN_EMAILS: ['bounds-admin@university.edu'] },
      label: 'bounds',
      jobs,
      reportsDir,
    });
    f = createFixtures(stack);
    admin = await stack.registerUser('bounds-admin@university.edu');
    host = await f.user('bounds-host');
    student = await f.user('bounds-student');
    orgId = (await f.organization(host, { admin })).id;
    opportunityId = await f.opportunity(host, orgId, {}, admin);
    await f.signUp(student, opportunityId);
  });
  afterAll(async () => {
    await stack.stop();
    await jobs.reports.obliterate({ force: true });
    await jobs.replay.obliterate({ force: true });
    await jobs.close();
    jobsRedis.disconnect();
    await rm(reportsDir, { recursive: true, force: true });
    console.info(
      `command boundaries: ${String(tally.requests)} requests, ${String(tally.accepted)} ` +
        `accepted, ${String(tally.refused)} refused`,
    );
  });

  let waiting: string | null = null;
  /** One log left waiting, for the requests that must be refused before any decision. */
  const waitingLog = async () => (waiting ??= await f.logHours(student, orgId));

  let registrations = 0;
  /** An opportunity whose start has passed (by the stack's clock), ready for attendance. */
  const startedOpportunity = async () => {
    const id = await f.opportunity(host, orgId, { date: '2026-03-03', time: '09:00' }, admin);
    await f.signUp(student, id);
    stack.clock.set('2026-03-03T18:00:00.000Z');
    return id;
  };

  const scenarios: Partial<Record<RouteName, Scenario>> = {
    registerUser: {
      build: async (field, value) => {
        const token = await emulatorIdToken(
          `bounds-register-${String(++registrations)}@university.edu`,
        );
        const names = field === 'name' ? {} : { first_name: 'Ada', last_name: 'Lovelace' };
        return {
          path: '/api/users',
          token,
          body: { ...names, phone: '5551234567', has_car: false, [field]: value },
        };
      },
    },
    updateProfile: {
      build: (field, value) =>
        Promise.resolve({
          path: `/api/users/${student.userId}`,
          token: student.token,
          body: { [field]: value },
        }),
    },
    addApprovedEmail: {
      build: (field, value) =>
        Promise.resolve({
          path: '/api/approved-emails',
          token: admin.token,
          body: { [field]: value },
        }),
    },
    createOrganization: {
      build: (field, value) =>
        Promise.resolve({
          path: '/api/orgs',
          token: host.token,
          body: { name: filler(20), type: 'Other', description: 'About', [field]: value },
        }),
    },
    updateOrganization: {
      build: (field, value) =>
        Promise.resolve({
          path: `/api/orgs/${orgId}`,
          token: host.token,
          body: { [field]: value },
        }),
    },
    joinOrganization: {
      build: (field, value) =>
        Promise.resolve({
          path: '/api/register-org',
          token: student.token,
          body: { user_id: student.userId, organization_id: orgId, [field]: value },
        }),
    },
    leaveOrganization: {
      build: (field, value) =>
        Promise.resolve({
          path: '/api/unregister-org',
          token: student.token,
          body: { user_id: student.userId, organization_id: orgId, [field]: value },
        }),
    },
    createOpportunity: {
      build: (field, value) =>
        Promise.resolve({
          path: '/api/opps',
          token: host.token,
          body: {
            name: 'Boundary walk',
            description: 'Bring gloves.',
            date: '2026-04-01',
            time: '10:00',
            duration: 60,
            total_slots: 10,
            host_org_id: orgId,
            causes: ['Education'],
            [field]: value,
          },
        }),
    },
    updateOpportunity: {
      build: (field, value) =>
        Promise.resolve({
          path: `/api/opps/${opportunityId}`,
          token: host.token,
          body: { [field]: value },
        }),
    },
    postAnnouncement: {
      build: (field, value) =>
        Promise.resolve({
          path: `/api/opps/${opportunityId}/announcements`,
          token: host.token,
          body: { [field]: value },
        }),
    },
    signUp: {
      build: (field, value) =>
        Promise.resolve({
          path: '/api/register-opp',
          token: student.token,
          body: { user_id: student.userId, opportunity_id: opportunityId, [field]: value },
        }),
    },
    unregister: {
      build: (field, value) =>
        Promise.resolve({
          path: '/api/unregister-opp',
          token: student.token,
          body: { user_id: student.userId, opportunity_id: opportunityId, [field]: value },
        }),
    },
    markAttendance: {
      // Attendance is marked once per opportunity: each accepted request gets a fresh one.
      build: async (field, value, expect) => ({
        path: '/api/attendance',
        token: host.token,
        body: {
          opportunity_id: expect === 'refused' ? opportunityId : await startedOpportunity(),
          user_ids: [student.userId],
          duration: 60,
          [field]: value,
        },
      }),
    },
    requestFriend: {
      build: (field, value) =>
        Promise.resolve({
          path: `/api/users/${student.userId}/friends`,
          token: student.token,
          body: { receiver_id: host.userId, [field]: value },
        }),
    },
    bulkApprove: {
      build: (field, value) =>
        Promise.resolve({
          path: '/api/approvals',
          token: admin.token,
          body: { opportunity_ids: [opportunityId], [field]: value },
        }),
    },
    serviceDataCsv: {
      build: (field, value) =>
        Promise.resolve({
          path: '/api/service-data/org/',
          token: admin.token,
          body: { start_date: '2026-01-01', end_date: '2026-12-31', [field]: value },
        }),
    },
    requestReport: {
      // The impact dashboard's fields are checked on an impact table's report (docs/impact.md).
      build: (field, value) =>
        Promise.resolve({
          path: '/api/reports',
          token: admin.token,
          body: ['table', 'from', 'to', 'as_of', 'organization_id'].includes(field)
            ? {
                kind: 'impact',
                table: 'summary',
                from: '2026-01-01',
                to: '2026-12-31',
                [field]: value,
              }
            : {
                kind: 'service-data',
                start_date: '2026-01-01',
                end_date: '2026-12-31',
                [field]: value,
              },
        }),
    },
    startReplay: {
      build: (field, value) =>
        Promise.resolve({
          path: '/api/operations/replays',
          token: admin.token,
          body: { [field]: value },
        }),
    },
    checkIn: {
      build: (field, value) =>
        Promise.resolve({
          path: `/api/opps/${opportunityId}/check-in`,
          token: student.token,
          body: { [field]: value },
        }),
      noValidMaximum: { token: 'only a code signed by the server is valid' },
    },
    startScoringPreview: {
      build: (field, value) =>
        Promise.resolve({
          path: '/api/scoring/previews',
          token: admin.token,
          body: { [field]: value },
        }),
    },
    logServiceHours: {
      // A platform organization, or an outside one when that is the field walked (never both).
      build: (field, value) => {
        const body: Record<string, unknown> = {
          organization_id: orgId,
          date: '2026-03-01',
          minutes: 60,
          cause: 'Education',
          description: 'Shelved books.',
          verifier_name: 'Vera Verifier',
          verifier_email: 'vera@example.org',
        };
        if (field === 'outside_organization') delete body['organization_id'];
        return Promise.resolve({
          path: '/api/hours',
          token: student.token,
          body: { ...body, [field]: value },
        });
      },
    },
    decideServiceHours: {
      // A log is decided once: each request that may be accepted decides a fresh one.
      build: async (field, value, expect) => {
        const id = expect === 'refused' ? await waitingLog() : await f.logHours(student, orgId);
        return {
          path: `/api/hours/${id}/decision`,
          token: host.token,
          body: { decision: 'reject', reason: 'Not one of our shifts.', [field]: value },
        };
      },
    },
    setLoggedHoursScoring: {
      build: (field, value) =>
        Promise.resolve({
          path: '/api/scoring/logged-hours',
          token: admin.token,
          body: { earn_points: false, [field]: value },
        }),
    },
    updateMailPreferences: {
      build: (field, value) =>
        Promise.resolve({
          path: `/api/users/${student.userId}/mail-preferences`,
          token: student.token,
          body: { [field]: value },
        }),
    },
  };

  /** Waits until every projection has applied everything appended so far. */
  const caughtUp = async () => {
    const head: GlobalPosition = await stack.store.headPosition();
    const deadline = Date.now() + 20_000;
    for (;;) {
      const { rows } = await stack.db.pool.query<{ projection: string; txn: string; seq: string }>(
        'SELECT projection, txn::text, seq::text FROM read.checkpoints',
      );
      const at = new Map(
        rows.map((r) => [r.projection, { txn: BigInt(r.txn), seq: BigInt(r.seq) }]),
      );
      const behind = allProjections.filter((p) => {
        const position = at.get(p.name);
        return !position || comparePositions(position, head) < 0;
      });
      if (!behind.length) return;
      if (Date.now() > deadline)
        throw new Error(`projections behind after 20 s: ${behind.map((p) => p.name).join(', ')}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  const deadLetters = async () =>
    (
      await stack.db.pool.query<{
        projection: string;
        event_type: string;
        error: string;
        event_id: string;
      }>('SELECT projection, event_type, error, event_id::text FROM read.dead_letters')
    ).rows;

  const send = async (route: RouteDefinition, attempt: Attempt, correlationId: string) => {
    const method = route.method.toLowerCase() as 'post' | 'put' | 'delete';
    const agent = request(stack.commandApp);
    return agent[method](attempt.path)
      .set('authorization', `Bearer ${attempt.token}`)
      .set('x-correlation-id', correlationId)
      .send(attempt.body);
  };

  const commandRoutes = (Object.entries(routes) as [RouteName, RouteDefinition][]).filter(
    ([, r]) => r.body !== undefined && r.method !== 'GET',
  );

  it('has a scenario for every command route with a body', () => {
    expect(commandRoutes.map(([name]) => name).filter((name) => !scenarios[name])).toEqual([]);
  });

  it.each(commandRoutes.map(([name, route]) => ({ name, route })))(
    '$name',
    async ({ name, route }) => {
      const scenario = scenarios[name];
      if (!scenario) throw new Error(`no scenario for ${name}`);
      const failures: string[] = [];
      const accepted = new Map<string, string>();
      for (const field of fieldsOf(route.body as z.ZodType)) {
        if (field.leaf.kind === 'number')
          expect(
            field.leaf.max,
            `${name}.${field.name}: an int column holds it`,
          ).toBeLessThanOrEqual(MAX_INT4);
        for (const c of casesOf(field)) {
          const expectation: Expectation =
            c.expect === 'accepted' && scenario.noValidMaximum?.[field.name] ? 'either' : c.expect;
          const attempt = await scenario.build(field.name, c.value, expectation);
          const correlationId = randomUUID();
          const response = await send(route, attempt, correlationId);
          stack.clock.set('2026-03-02T15:00:00.000Z');
          tally.requests += 1;
          const what = `${name}.${field.name} = ${c.label}: ${String(response.status)} ${response.text.slice(0, 300)}`;
          const ok = response.status >= 200 && response.status < 300;
          const problem = response.body as Problem;
          const namesField = (problem.errors ?? []).some(
            (e) => e.field === field.name || e.field?.startsWith(`${field.name}.`),
          );
          if (ok) {
            tally.accepted += 1;
            accepted.set(correlationId, what);
            if (expectation === 'refused') failures.push(`accepted, expected a 400: ${what}`);
          } else {
            tally.refused += 1;
            if (expectation === 'accepted') failures.push(`refused, expected success: ${what}`);
            else if (response.status !== 400 || !namesField)
              failures.push(`not a 400 naming ${field.name}: ${what}`);
          }
        }
      }
      await caughtUp();
      const letters = await deadLetters();
      if (letters.length) {
        const byEvent = new Map(
          (await stack.store.readAll({ from: START_POSITION, max: 100_000 })).map((e) => [
            e.eventId,
            e.metadata.correlationId,
          ]),
        );
        for (const letter of letters) {
          const cause = accepted.get(String(byEvent.get(letter.event_id)));
          failures.push(
            `dead letter in ${letter.projection} (${letter.event_type}: ${letter.error.slice(0, 200)}) after ${cause ?? 'an earlier request'}`,
          );
        }
        await stack.db.pool.query('DELETE FROM read.dead_letters');
      }
      expect(failures).toEqual([]);
    },
    FULL ? 600_000 : 180_000,
  );
});
