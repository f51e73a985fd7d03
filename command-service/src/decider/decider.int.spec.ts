import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventMetadata, EventStore } from '@campus/contracts';
import { createEventStore } from '@campus/infra';
import { ConflictError } from '../errors';
import { createTestDatabase, type TestDatabase } from '@campus/infra/testing';
import { handleCommand } from './decider';
import { reservationDecider, type ReservationCommand } from './reservation-decider';

const metadata: EventMetadata = {
  actorUserId: null,
  correlationId: randomUUID(),
  causationId: null,
  commandName: 'Test',
  occurredAt: new Date(0).toISOString(),
};

describe('handleCommand on a remembered stream state', () => {
  let db: TestDatabase;
  let store: EventStore;
  let reads = 0;
  /** The Postgres store, counting stream reads. */
  let counted: EventStore;

  beforeAll(async () => {
    db = await createTestDatabase({ poolMax: 4 });
    store = await createEventStore({ pool: db.pool });
    counted = {
      ...store,
      append: (...args) => store.append(...args),
      readStream: (streamId) => {
        reads++;
        return store.readStream(streamId);
      },
    };
  });
  afterAll(async () => {
    await store.close();
    await db.drop();
  });

  const run = (streamId: string, command: ReservationCommand) =>
    handleCommand({ store: counted, streamId, decider: reservationDecider, command, metadata });
  const claim = (ownerId: string): ReservationCommand => ({
    type: 'Claim',
    ownerId,
    takenMessage: 'taken',
  });

  it('decides the next command without reading the stream again', async () => {
    const streamId = `reservation-${randomUUID()}`;
    await run(streamId, claim('a'));
    const before = reads;
    const released = await run(streamId, { type: 'Release', ownerId: 'a' });
    expect(released.appended?.nextRevision).toBe(1n);
    expect(reads).toBe(before);
    expect((await store.readStream(streamId)).map((e) => e.type)).toEqual([
      'ReservationClaimed',
      'ReservationReleased',
    ]);
  });

  it('never appends an event its own schema refuses (every reader would skip it)', async () => {
    const streamId = `reservation-${randomUUID()}`;
    // An empty owner passes the decider but not ReservationClaimed's schema.
    await expect(run(streamId, claim(''))).rejects.toThrow(
      'ReservationClaimed does not match its schema at ownerId',
    );
    expect(await store.readStream(streamId)).toEqual([]);
  });

  it('decides again on the stored stream when another writer appended meanwhile', async () => {
    const streamId = `reservation-${randomUUID()}`;
    await run(streamId, claim('a'));
    await store.append(streamId, [
      {
        eventId: randomUUID(),
        type: 'ReservationReleased',
        data: { v: 1, ownerId: 'a' },
        metadata,
      },
    ]);
    const again = await run(streamId, { type: 'Release', ownerId: 'a' });
    expect(again.appended).toBeNull();
    const taken = await run(streamId, claim('b'));
    expect(taken.appended?.nextRevision).toBe(2n);
    expect((await store.readStream(streamId)).map((e) => e.type)).toEqual([
      'ReservationClaimed',
      'ReservationReleased',
      'ReservationClaimed',
    ]);
  });

  it('refuses only on the stored stream, not on the remembered state', async () => {
    const streamId = `reservation-${randomUUID()}`;
    await run(streamId, claim('a'));
    await expect(run(streamId, claim('b'))).rejects.toBeInstanceOf(ConflictError);
    await store.append(streamId, [
      {
        eventId: randomUUID(),
        type: 'ReservationReleased',
        data: { v: 1, ownerId: 'a' },
        metadata,
      },
    ]);
    const before = reads;
    expect((await run(streamId, claim('b'))).appended?.nextRevision).toBe(2n);
    expect(reads).toBeGreaterThan(before);
  });

  it('builds a command from the state it is decided on: the remembered one, else the stored one', async () => {
    const streamId = `reservation-${randomUUID()}`;
    await run(streamId, claim('a'));
    const seen: (string | null)[] = [];
    const releaseByOwner = () =>
      handleCommand({
        store: counted,
        streamId,
        decider: reservationDecider,
        commandOn: (state) => {
          seen.push(state.ownerId);
          return Promise.resolve<ReservationCommand>({
            type: 'Release',
            ownerId: state.ownerId ?? 'nobody',
          });
        },
        metadata,
      });
    const before = reads;
    expect((await releaseByOwner()).appended?.nextRevision).toBe(1n);
    expect(reads).toBe(before);
    expect(seen).toEqual(['a']);

    // Another writer claims for 'b': the remembered state (nobody) loses, the stored one decides.
    await store.append(streamId, [
      { eventId: randomUUID(), type: 'ReservationClaimed', data: { v: 1, ownerId: 'b' }, metadata },
    ]);
    seen.length = 0;
    expect((await releaseByOwner()).appended?.nextRevision).toBe(3n);
    expect(seen).toEqual([null, 'b']);
    expect(reads).toBeGreaterThan(before);
    expect((await store.readStream(streamId)).map((e) => e.data)).toEqual([
      { v: 1, ownerId: 'a' },
      { v: 1, ownerId: 'a' },
      { v: 1, ownerId: 'b' },
      { v: 1, ownerId: 'b' },
    ]);
  });
});
