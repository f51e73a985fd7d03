import { randomUUID } from 'node:crypto';
import { toCalendarFeedStreamId, toOpportunityStreamId } from '@campus/contracts';
import { describe, expect, it } from 'vitest';
import { memberJoined, opportunityDeleted, signedUp } from '../../testing/events';
import {
  atRevision,
  eventOf,
  liveBatch,
  projected,
  readModelSpec,
  type SentStatement,
} from '../../testing/read-model-spec';
import { waitlistModel, type WaitlistState } from './waitlist-read-model';

const AT = '2026-03-02T15:00:00.000Z';
const LATER = '2026-03-03T15:00:00.000Z';

const joined = (opportunityId: string, userId: string, revision: bigint, at = AT) =>
  atRevision(
    eventOf(
      toOpportunityStreamId(opportunityId),
      'WaitlistJoined',
      { v: 1, opportunityId, userId, byUserId: userId, at },
      at,
    ),
    revision,
  );
const left = (opportunityId: string, userId: string) =>
  eventOf(toOpportunityStreamId(opportunityId), 'WaitlistLeft', {
    v: 1,
    opportunityId,
    userId,
    byUserId: userId,
    at: AT,
  });
const promoted = (opportunityId: string, userId: string) =>
  eventOf(toOpportunityStreamId(opportunityId), 'WaitlistPromoted', {
    v: 1,
    opportunityId,
    userId,
    reason: 'unregistration',
    opportunityName: 'Park cleanup',
    startsAt: '2026-03-20T14:00:00.000Z',
    at: AT,
  });
const feedReset = (userId: string, revision: bigint) =>
  atRevision(
    eventOf(toCalendarFeedStreamId(userId), 'CalendarFeedReset', { v: 1, userId, at: AT }),
    revision,
  );

const park = randomUUID();
const pantry = randomUUID();
const [ann, ben, cat, dan] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];

/** Who waits, as [opportunity, user, revision], opportunity by opportunity in join order. */
const waiting = (state: WaitlistState) =>
  [...state.waiting.values()].flatMap((byUser) =>
    [...byUser.values()].map((r) => [r.opportunity_id, r.user_id, r.stream_revision]),
  );
const allRows = (state: WaitlistState) => ({
  waiting: waiting(state),
  promotions: [...state.promotions.values()],
  generations: [...state.generations],
});

const spec = readModelSpec(waitlistModel);

/** The first word of each statement sent (SELECT, DELETE, INSERT) and the table it names. */
const shapes = (sent: readonly SentStatement[]) =>
  sent.map((s) => {
    const words = s.sql.replace(/\s+/g, ' ').trim().split(' ');
    const table = words[words.findIndex((w) => w === 'FROM' || w === 'INTO') + 1];
    return `${words[0] ?? ''} ${table ?? ''}`;
  });

describe('waitlist read model', () => {
  it('holds who waits, ordered by the revision of their join, with the time they joined', () => {
    spec
      .given(joined(park, ann, 3n))
      .when(joined(park, ben, 5n, LATER), joined(pantry, ann, 2n))
      .then(({ state, warnings }) => {
        expect(waiting(state)).toEqual([
          [park, ann, 3n],
          [park, ben, 5n],
          [pantry, ann, 2n],
        ]);
        expect(state.waiting.get(park)?.get(ben)?.joined_at).toBe(LATER);
        expect(warnings).toEqual([]);
      });
  });

  it('keeps the first join of someone already waiting', () => {
    spec
      .given(joined(park, ann, 3n))
      .when(joined(park, ann, 7n))
      .thenUnchanged(allRows);
  });

  it('ends the wait when the user leaves or signs up, and starts it again on a later join', () => {
    spec
      .given(joined(park, ann, 3n), joined(park, ben, 4n), joined(park, cat, 5n))
      .when(left(park, ann), signedUp(park, ben), joined(park, ann, 9n))
      .then(({ state }) => {
        expect(waiting(state)).toEqual([
          [park, cat, 5n],
          [park, ann, 9n],
        ]);
      });
  });

  it("ends every wait of a deleted opportunity, and no other opportunity's", () => {
    spec
      .given(joined(park, ann, 3n), joined(park, ben, 4n), joined(pantry, ann, 2n))
      .when(opportunityDeleted(park))
      .then(({ state }) => {
        expect(waiting(state)).toEqual([[pantry, ann, 2n]]);
      });
    spec
      .given(joined(park, ann, 3n))
      .when(opportunityDeleted(park), joined(park, ben, 6n))
      .then(({ state }) => {
        expect(waiting(state)).toEqual([[park, ben, 6n]]);
      });
  });

  it('holds one notice per promotion, naming the opportunity and its start', () => {
    const promotion = promoted(park, ann);
    spec
      .given()
      .when(promotion)
      .then(({ state }) => {
        expect([...state.promotions.values()]).toEqual([
          {
            event_id: promotion.event.eventId,
            opportunity_id: park,
            user_id: ann,
            opportunity_name: 'Park cleanup',
            starts_at: '2026-03-20T14:00:00.000Z',
            promoted_at: AT,
          },
        ]);
      });
    spec.given(promotion).when(promotion).thenUnchanged(allRows);
  });

  it("moves a student's calendar link generation to the revision of their latest reset, never back", () => {
    spec
      .given(feedReset(ann, 0n), feedReset(ben, 0n))
      .when(feedReset(ann, 2n))
      .then(({ state }) => {
        expect([...state.generations]).toEqual([
          [ann, 2n],
          [ben, 0n],
        ]);
      });
    spec.given(feedReset(ann, 2n)).when(feedReset(ann, 1n)).thenUnchanged(allRows);
  });

  it('lands on the same rows when a batch is delivered again', () => {
    const batch = [
      joined(park, ann, 3n),
      joined(park, ben, 4n),
      left(park, ben),
      promoted(park, ann),
    ];
    spec
      .given(...batch)
      .when(...batch)
      .thenUnchanged(allRows);
  });

  it('leaves other events alone, and a batch of them touches nothing', () => {
    const other = memberJoined(randomUUID(), ann);
    spec
      .given(joined(park, ann, 3n))
      .when(other)
      .thenUnchanged(allRows);
    expect(waitlistModel.touched([projected(other)])).toBeNull();
    expect(
      waitlistModel.touched(
        [joined(park, ann, 3n), signedUp(park, ann), opportunityDeleted(pantry), other].map(
          projected,
        ),
      ),
    ).toEqual({ pairs: [{ opportunityId: park, userId: ann }], opportunities: [pantry] });
  });

  it('reads the waits a batch can end, then deletes those gone and writes those new, once each', async () => {
    const stored = (userId: string, revision: number) => ({
      opportunity_id: park,
      user_id: userId,
      stream_revision: String(revision),
      joined_at: '2026-03-01T15:00:00.000000Z',
    });
    const { sent } = await liveBatch(
      waitlistModel,
      [
        joined(park, ann, 9n), // already waiting: stays as stored
        left(park, ben),
        joined(park, ben, 10n), // left and joined again: a new wait
        signedUp(park, cat), // waiting, now signed up: gone
        joined(park, dan, 11n), // a new wait
      ],
      {
        answer: (s) =>
          s.sql.includes('SELECT') ? [stored(ann, 1), stored(ben, 2), stored(cat, 3)] : [],
      },
    );
    expect(shapes(sent)).toEqual(['SELECT waitlist', 'DELETE waitlist', 'INSERT waitlist']);
    expect(sent[0]?.params).toEqual([[park, park, park, park], [ann, ben, cat, dan], []]);
    expect(sent[1]?.params).toEqual([[park], [cat]]);
    expect(sent[2]?.sql).toContain('ON CONFLICT (opportunity_id, user_id) DO UPDATE');
    expect(sent[2]?.params).toEqual([
      [park, park],
      [ben, dan],
      ['10', '11'],
      [AT, AT],
    ]);
  });

  it('reads every wait of a deleted opportunity and deletes them, in one statement', async () => {
    const { sent } = await liveBatch(waitlistModel, [opportunityDeleted(park)], {
      answer: (s) =>
        s.sql.includes('SELECT')
          ? [ann, ben].map((userId, i) => ({
              opportunity_id: park,
              user_id: userId,
              stream_revision: String(i),
              joined_at: '2026-03-01T15:00:00.000000Z',
            }))
          : [],
    });
    expect(shapes(sent)).toEqual(['SELECT waitlist', 'DELETE waitlist']);
    expect(sent[0]?.params).toEqual([[], [], [park]]);
    expect(sent[1]?.params).toEqual([
      [park, park],
      [ann, ben],
    ]);
  });

  it('writes promotions and feed resets without reading: inserted once, a generation only grows', async () => {
    const { sent } = await liveBatch(waitlistModel, [
      promoted(park, ann),
      feedReset(ben, 4n),
      feedReset(ben, 6n),
    ]);
    expect(shapes(sent)).toEqual(['INSERT waitlist_promotions', 'INSERT calendar_feeds']);
    expect(sent[0]?.sql).toContain('ON CONFLICT (event_id) DO NOTHING');
    expect(sent[1]?.sql).toContain('GREATEST(calendar_feeds.generation, EXCLUDED.generation)');
    expect(sent[1]?.params).toEqual([[ben], ['6']]);
  });
});
