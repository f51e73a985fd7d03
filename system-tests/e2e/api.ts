import {
  buildPath,
  CONSISTENCY_TOKEN_HEADER,
  easternToInstant,
  instantToEastern,
  newestConsistencyToken,
  routes,
} from '@campus/contracts';
import { setTimeout as sleep } from 'node:timers/promises';
import { inject } from 'vitest';
import { TOOLING_CLOCK_HEADER } from '@campus/tools/demo-data/tooling-clock';
import { emulatorIdToken } from '@campus/infra/testing';

/** The newest consistency token any call answered: reads send it, so they see those writes. */
let newestToken: string | null = null;

/**
 * The journeys' back door for setting the scene (never for what the journey itself checks): calls
 * through the same gateway as the browser, as a user signed in to the same Auth emulator.
 */
export const apiAs = (baseUrl: string, email: string) => callerAt(baseUrl, email, {});

/**
 * Commands decided `at` an earlier instant: sent to the set-up's tooling command service (the real
 * deciders over the stack's database, with a clock each request sets), never to the product's.
 */
export const apiAt = (at: Date, email: string) =>
  callerAt(inject('e2eToolingUrl'), email, { [TOOLING_CLOCK_HEADER]: at.toISOString() });

const callerAt = (baseUrl: string, email: string, extraHeaders: Record<string, string>) => {
  const call = async <T = unknown>(method: string, path: string, body?: unknown): Promise<T> => {
    const token = await emulatorIdToken(email);
    const send = () =>
      fetch(new URL(path, baseUrl), {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...extraHeaders,
          ...(newestToken ? { [CONSISTENCY_TOKEN_HEADER]: newestToken } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    let response = await send();
    // Over the per-user command rate (30 a second): wait as told, like any well-behaved client.
    for (let tries = 0; response.status === 429 && tries < 10; tries++) {
      await response.arrayBuffer();
      await sleep(Number(response.headers.get('retry-after') ?? 1) * 1_000);
      response = await send();
    }
    newestToken = newestConsistencyToken(
      newestToken,
      response.headers.get(CONSISTENCY_TOKEN_HEADER),
    );
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} as ${email}: ${response.status} ${text}`);
    return (text ? JSON.parse(text) : null) as T;
  };
  return { call };
};

export type Api = ReturnType<typeof apiAs>;

/** How long another browser's write may take to reach a reader under load (the suite's budget). */
const PROJECTED_WITHIN_MS = 30_000;
const READ_AGAIN_AFTER_MS = 250;

/**
 * Reads `path` until it answers and `ready` holds. A user's reads see their own writes at once
 * (the consistency token), but someone else's only once the projection has applied them, so a
 * journey waits here before another person looks for what one browser just changed.
 */
export const readUntil = async <T>(
  api: Api,
  path: string,
  ready: (body: T) => boolean = () => true,
): Promise<T> => {
  const deadline = Date.now() + PROJECTED_WITHIN_MS;
  for (;;) {
    let last: unknown;
    try {
      const body = await api.call<T>('GET', path);
      if (ready(body)) return body;
      last = new Error(`GET ${path}: not yet as expected: ${JSON.stringify(body)}`);
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw last;
    await new Promise((resolve) => setTimeout(resolve, READ_AGAIN_AFTER_MS));
  }
};

/** A unique suffix so journeys never collide with the demo data or an earlier run. */
export const uniqueSuffix = () =>
  `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Registers `email` through the API (for the people a journey needs but does not watch). */
export const registerUser = async (baseUrl: string, email: string, first: string, last: string) =>
  apiAs(baseUrl, email).call<{ id: string }>('POST', routes.registerUser.path, {
    first_name: first,
    last_name: last,
    phone: '5551230000',
    has_car: false,
    car_seats: 0,
  });

/** The id of an approved organization by its name. */
export const organizationId = async (api: Api, name: string) => {
  const all = await api.call<{ id: string; name: string }[]>(
    'GET',
    routes.listApprovedOrganizations.path,
  );
  const found = all.find((o) => o.name === name);
  if (!found) throw new Error(`no approved organization named ${name}`);
  return found.id;
};

/** The Eastern date and time of an instant, for create and edit bodies. */
export const easternAt = (instant: Date) => instantToEastern(instant);

/** Rounds up to the next quarter hour (opportunity times are whole minutes). */
export const nextQuarterHour = (ms: number) => new Date(Math.ceil(ms / 900_000) * 900_000);

export const opportunityPath = (id: string) => buildPath('/opportunity/:id', { id });

/**
 * An approved opportunity of the demo's Campus Service Corps, hosted by host@, `daysAhead` days
 * from now at the next quarter hour; `details` name it and may change any other field.
 */
export const upcomingOpportunity = async (
  baseUrl: string,
  daysAhead: number,
  details: { name: string; description: string } & Record<string, unknown>,
): Promise<string> => {
  const host = apiAs(baseUrl, 'host@university.edu');
  const when = easternAt(nextQuarterHour(Date.now() + daysAhead * 24 * 3_600_000));
  const created = await host.call<{ id: string }>('POST', routes.createOpportunity.path, {
    date: when.date,
    time: when.time,
    duration: 90,
    total_slots: 1,
    host_org_id: await organizationId(host, 'Campus Service Corps'),
    causes: ['Food Security and Hunger Relief'],
    ...details,
  });
  await apiAs(baseUrl, 'admin@university.edu').call('POST', routes.bulkApprove.path, {
    opportunity_ids: [created.id],
  });
  return created.id;
};

/**
 * An approved event that started a little earlier today, with participants and no attendance yet.
 * Signups close at the start, so it is created, approved and filled on the tooling clock a day
 * before it starts, as the demo data records past events (docs/demo-data.md); never moved by an edit.
 */
export const startedEvent = async (
  baseUrl: string,
  options: {
    host: string;
    organization: string;
    name: string;
    participants: readonly string[];
    durationMinutes?: number;
  },
) => {
  // Earlier today (Eastern), never yesterday: the monthly board counts it in this month.
  const now = easternAt(new Date());
  const hourAgo = easternAt(new Date(Math.floor((Date.now() - 3_600_000) / 900_000) * 900_000));
  const start = hourAgo.date === now.date ? hourAgo : { date: now.date, time: '00:00' };
  const dayBefore = new Date(easternToInstant(start.date, start.time).getTime() - 86_400_000);
  const organization = await organizationId(apiAs(baseUrl, options.host), options.organization);
  const created = await apiAt(dayBefore, options.host).call<{ id: string }>(
    'POST',
    routes.createOpportunity.path,
    {
      name: options.name,
      description: 'A shift recorded by the browser journeys.',
      date: start.date,
      time: start.time,
      duration: options.durationMinutes ?? 120,
      total_slots: Math.max(2, options.participants.length),
      host_org_id: organization,
      causes: ['Food Security and Hunger Relief'],
    },
  );
  await apiAt(dayBefore, 'admin@university.edu').call('POST', routes.bulkApprove.path, {
    opportunity_ids: [created.id],
  });
  for (const email of options.participants) {
    const me = await apiAs(baseUrl, email).call<{ id: string }>(
      'GET',
      buildPath(routes.getUserByEmail.path, { address: email }),
    );
    await apiAt(dayBefore, email).call('POST', routes.signUp.path, {
      user_id: me.id,
      opportunity_id: created.id,
    });
  }
  return { id: created.id, date: start.date };
};
