import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@campus/contracts';
import { byWeight } from './replay-pass';

const event = (n: number, ids = 0): RecordedEvent => ({
  eventId: `e${String(n)}`,
  streamId: 's',
  revision: BigInt(n),
  position: { txn: 1n, seq: BigInt(n) },
  type: 'AttendanceMarked',
  data: { attendedUserIds: Array.from({ length: ids }, (_, i) => `u${String(i)}`) },
  metadata: {
    actorUserId: null,
    correlationId: 'c',
    causationId: null,
    commandName: 'Test',
    occurredAt: '2026-03-02T15:00:00.000Z',
  },
  recordedAt: '2026-03-02T15:00:00.000Z',
});

describe('byWeight', () => {
  it('cuts a page where the items of its events’ lists pass the limit, keeping the order', () => {
    const events = [event(1, 5), event(2, 5), event(3, 5), event(4)];
    const parts = byWeight(events, 11);
    expect(parts.map((p) => p.map((e) => e.eventId))).toEqual([['e1'], ['e2'], ['e3', 'e4']]);
  });

  it('keeps small events together and puts an event heavier than the limit alone', () => {
    const parts = byWeight([event(1), event(2), event(3, 50), event(4)], 10);
    expect(parts.map((p) => p.length)).toEqual([2, 1, 1]);
  });
});
