import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  comparePositions,
  toOpportunityStreamId,
  type EventData,
  type EventType,
} from '@campus/contracts';
import { LIVE_SCHEMA, withReadTransaction } from '@campus/read-model';
import { toProjectedEvents } from '../../projector/parse';
import type { ProjectedEvent } from '../../projector/projection';
import { eventOf, opportunityDeleted, signedUp } from '../../testing/events';
import { createProjectionHarness, type ProjectionHarness } from '../../testing/harness';
import { waitlistProjection } from './waitlist-read-model';

const AT = '2026-03-02T15:00:00.000Z';

const event = <T extends EventType>(opportunityId: string, type: T, data: EventData<T>) =>
  eventOf(toOpportunityStreamId(opportunityId), type, data, AT);

const joined = (opportunityId: string, userId: string) =>
  event(opportunityId, 'WaitlistJoined', { v: 1, opportunityId, userId, byUserId: userId, at: AT });
const left = (opportunityId: string, userId: string) =>
  event(opportunityId, 'WaitlistLeft', { v: 1, opportunityId, userId, byUserId: userId, at: AT });

describe('waitlist projection', () => {
  let h: ProjectionHarness;
  const first = randomUUID();
  const second = randomUUID();
  const ann = randomUUID();
  const ben = randomUUID();
  const cat = randomUUID();
  const dan = randomUUID();
  const eve = randomUUID();
  const fay = randomUUID();
  const gus = randomUUID();
  /** Each opportunity's events in log order (one stream each, so read back without waiting). */
  let history: ProjectedEvent[] = [];

  /** Applies events the way the projector does: one transaction on the live read schema. */
  const apply = (events: readonly ProjectedEvent[]) =>
    withReadTransaction(h.pool, LIVE_SCHEMA, (client) =>
      waitlistProjection.apply(client, events, { vault: h.vault, logger: h.logger }),
    );

  const waiting = async () =>
    (
      await h.pool.query<{ opportunity_id: string; user_id: string; stream_revision: string }>(
        `SELECT opportunity_id::text, user_id::text, stream_revision::text
           FROM read.waitlist ORDER BY opportunity_id, stream_revision`,
      )
    ).rows;

  /** The revision of the last join of a user to an opportunity's waitlist. */
  const joinedAt = (opportunityId: string, userId: string) =>
    history
      .filter(
        ({ event: e }) =>
          e.type === 'WaitlistJoined' &&
          e.data.userId === userId &&
          e.data.opportunityId === opportunityId,
      )
      .at(-1)
      ?.recorded.revision.toString();

  beforeAll(async () => {
    h = await createProjectionHarness('waitlist');
    await h.append(
      joined(first, ann),
      signedUp(first, ann),
      joined(first, ben),
      left(first, ben),
      joined(first, ben),
      joined(first, cat),
      signedUp(first, dan),
      joined(second, eve),
      joined(second, fay),
      left(second, eve),
      opportunityDeleted(second),
      joined(second, eve),
      signedUp(first, gus),
      joined(first, gus),
    );
    const streams = await Promise.all(
      [first, second].map((id) => h.store.readStream(toOpportunityStreamId(id))),
    );
    history = toProjectedEvents(
      streams.flat().sort((a, b) => comparePositions(a.position, b.position)),
      h.logger,
    );
  });
  afterAll(async () => {
    await h.close();
  });

  const row = (opportunityId: string, userId: string) => ({
    opportunity_id: opportunityId,
    user_id: userId,
    stream_revision: joinedAt(opportunityId, userId),
  });
  /** Ben, Cat and Gus wait for the first, Eve (joined again after its deletion) for the second. */
  const expected = () =>
    [row(first, ben), row(first, cat), row(first, gus), row(second, eve)].sort((a, b) =>
      a.opportunity_id < b.opportunity_id ? -1 : a.opportunity_id > b.opportunity_id ? 1 : 0,
    );

  it('leaves, within one batch, the rows the events leave one by one: a signup or leave ends the wait, a later join starts it again', async () => {
    expect(history).toHaveLength(14);
    await apply(history);
    const inOneBatch = await waiting();
    expect(inOneBatch).toEqual(expected());

    await h.pool.query('TRUNCATE read.waitlist');
    for (const one of history) await apply([one]);
    expect(await waiting()).toEqual(inOneBatch);
  });

  it('changes nothing when a batch is applied again', async () => {
    const before = await waiting();
    await apply(history);
    expect(await waiting()).toEqual(before);
  });

  it('ends the wait of users who sign up in a later batch', async () => {
    await h.append(signedUp(first, ben), left(first, cat));
    const stream = await h.store.readStream(toOpportunityStreamId(first));
    await apply(toProjectedEvents(stream.slice(-2), h.logger));
    expect((await waiting()).map((r) => r.user_id).sort()).toEqual([gus, eve].sort());
  });
});
