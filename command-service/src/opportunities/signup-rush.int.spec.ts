import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPPORTUNITY_FULL_PROBLEM_TYPE, toOpportunityStreamId } from '@campus/contracts';
import { ADMIN_EMAIL, startCommandStack, type CommandStack } from '../testing/command-stack';
import { givenOpportunity, givenOrganization } from './testing/fixtures';

const USERS = 500;
const SLOTS = 10;
const REGISTRATION_CONCURRENCY = 20;

/** Runs `work` over `items`, at most `limit` at a time. */
const inBatches = async <T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
) => {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: limit }, lane));
  return results;
};

describe('a rush of signups on one opportunity', () => {
  let stack: CommandStack;
  let server: Server;
  let baseUrl: string;
  let opportunityId: string;
  let users: { token: string; userId: string }[];

  beforeAll(async () => {
    stack = await startCommandStack();
    const admin = await stack.registerUser(ADMIN_EMAIL);
    const org = await givenOrganization(stack, { hostUserId: admin.userId });
    opportunityId = await givenOpportunity(stack, admin.token, org.id, { total_slots: SLOTS });
    users = await inBatches(
      Array.from({ length: USERS }, (_, i) => i),
      REGISTRATION_CONCURRENCY,
      (i) => stack.registerUser(`rush-${String(i)}@university.edu`),
    );
    server = stack.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    baseUrl = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
  }, 120_000);

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await stack.stop();
  });

  it(`gives exactly ${String(SLOTS)} of ${String(USERS)} concurrent signups a slot and tells the rest it is full`, async () => {
    const started = performance.now();
    const answers = await Promise.all(
      users.map(async (u) => {
        const response = await fetch(`${baseUrl}/api/register-opp`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${u.token}` },
          body: JSON.stringify({ user_id: u.userId, opportunity_id: opportunityId }),
        });
        return {
          userId: u.userId,
          status: response.status,
          body: (await response.json()) as { type?: string; message?: string },
        };
      }),
    );
    const elapsedMs = Math.round(performance.now() - started);

    const byStatus = new Map<number, number>();
    for (const a of answers) byStatus.set(a.status, (byStatus.get(a.status) ?? 0) + 1);
    console.info(
      `signup rush: ${String(USERS)} requests in ${String(elapsedMs)} ms, statuses ${JSON.stringify(Object.fromEntries(byStatus))}`,
    );

    const winners = answers.filter((a) => a.status === 201 || a.status === 200);
    const losers = answers.filter((a) => a.status === 409);
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    expect(winners).toHaveLength(SLOTS);
    expect(losers).toHaveLength(USERS - SLOTS);
    for (const loser of losers) {
      expect(loser.body.type).toBe(OPPORTUNITY_FULL_PROBLEM_TYPE);
    }

    const signups = (await stack.streamEvents(toOpportunityStreamId(opportunityId))).filter(
      (e) => e.type === 'UserSignedUp',
    );
    const signedUpIds = signups.map((e) => e.data.userId as string);
    expect(signedUpIds).toHaveLength(SLOTS);
    expect(new Set(signedUpIds).size).toBe(SLOTS);
    expect(new Set(signedUpIds)).toEqual(new Set(winners.map((w) => w.userId)));
  });
});
