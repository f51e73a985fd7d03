import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@campus/contracts';
import { foldStream } from './decider';
import { reservationDecider } from './reservation-decider';

const USER = '6f0c61a4-4d43-4b5e-9d43-6ab2b8f0a001';

const recorded = (
  revision: number,
  type: string,
  data: Record<string, unknown>,
): RecordedEvent => ({
  eventId: `00000000-0000-4000-8000-00000000000${String(revision)}`,
  streamId: 'reservation-x',
  revision: BigInt(revision),
  position: { txn: 1n, seq: BigInt(revision) },
  type,
  data,
  metadata: {
    actorUserId: null,
    correlationId: '00000000-0000-4000-8000-000000000000',
    causationId: null,
    commandName: 'Test',
    occurredAt: '2026-03-02T15:00:00.000Z',
  },
  recordedAt: '2026-03-02T15:00:00.000Z',
});

describe('folding a stream', () => {
  it("folds the decider's own events and skips other slices', unknown and unreadable ones", () => {
    const stream = [
      recorded(0, 'ReservationClaimed', { v: 1, ownerId: 'a' }),
      // Another slice's event on the same stream never reaches this decider's evolve.
      recorded(1, 'UserErased', { v: 1, userId: USER, erasedAt: '2026-03-02T15:00:00.000Z' }),
      recorded(2, 'SomethingNew', { v: 1, ownerId: 'b' }),
      recorded(3, 'ReservationReleased', { v: 9, ownerId: 'a' }),
    ];
    expect(foldStream(reservationDecider, stream)).toEqual({ ownerId: 'a' });
    expect(
      foldStream(reservationDecider, [
        ...stream,
        recorded(4, 'ReservationReleased', { v: 1, ownerId: 'a' }),
      ]),
    ).toEqual({ ownerId: null });
  });

  it('gives the evolve only the event types the decider names', () => {
    const seen: string[] = [];
    const watching = {
      ...reservationDecider,
      evolve: (state: { ownerId: string | null }, event: { type: string }) => {
        seen.push(event.type);
        return state;
      },
    };
    foldStream(watching, [
      recorded(0, 'ReservationClaimed', { v: 1, ownerId: 'a' }),
      recorded(1, 'UserErased', { v: 1, userId: USER, erasedAt: '2026-03-02T15:00:00.000Z' }),
    ]);
    expect(seen).toEqual(['ReservationClaimed']);
  });
});
