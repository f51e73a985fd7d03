import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  comparePositions,
  formatPosition,
  maxPosition,
  START_POSITION,
  type GlobalPosition,
} from '@campus/contracts';
import { capturedLogger } from '@campus/infra/testing';
import { friendRequested } from '../testing/events';
import { createProjectionHarness, type ProjectionHarness } from '../testing/harness';
import { relayUntilAborted } from './outbox';
import { relayStart } from './relay';

const ROUNDS = 5;
const PER_ROUND = 8;

describe('outbox relay: two relays over the same events (a second worker by mistake)', () => {
  let h: ProjectionHarness;
  beforeAll(async () => {
    h = await createProjectionHarness('relay-cas');
  });
  afterAll(async () => {
    await h.close();
  });

  const stored = async (): Promise<GlobalPosition> => {
    const { rows } = await h.pool.query<{ txn: string; seq: string }>(
      'SELECT txn, seq FROM outbox.checkpoint',
    );
    return rows[0] ? { txn: BigInt(rows[0].txn), seq: BigInt(rows[0].seq) } : START_POSITION;
  };

  it('queue each message once, and commit each batch once', async () => {
    // The relay starts at the log's head the first time: everything appended after is relayed.
    await relayStart(h.pool, h.store);
    const { lines, logger } = capturedLogger();
    const controller = new AbortController();
    const committed: { relay: number; last: GlobalPosition; queued: number }[] = [];
    const relay = (index: number) =>
      relayUntilAborted({
        store: h.store,
        pool: h.pool,
        logger,
        signal: controller.signal,
        onBatch: (last, queued) => committed.push({ relay: index, last, queued }),
      });

    let head = await stored();
    const ids: string[] = [];
    const append = async () => {
      for (let i = 0; i < PER_ROUND; i++) {
        const event = friendRequested(randomUUID(), randomUUID());
        ids.push(`friend-request:${event.event.eventId}`);
        const { position } = await h.store.append(event.stream, [event.event]);
        head = maxPosition(head, position);
      }
    };
    await append();
    const relays = [relay(1), relay(2)];
    try {
      for (let round = 1; round < ROUNDS; round++) {
        await new Promise((resolve) => setTimeout(resolve, 30));
        await append();
      }
      await expect
        .poll(async () => comparePositions(await stored(), head), { timeout: 15_000 })
        .toBe(0);
    } finally {
      controller.abort();
      await Promise.all(relays);
    }

    const { rows } = await h.pool.query<{ id: string }>('SELECT id FROM outbox.messages');
    expect(rows.map((r) => r.id).sort()).toEqual([...ids].sort());
    expect(committed.reduce((sum, c) => sum + c.queued, 0)).toBe(ROUNDS * PER_ROUND);
    // Each batch was committed by one relay: no position was reached twice.
    const reached = committed.map((c) => formatPosition(c.last));
    expect(new Set(reached).size).toBe(reached.length);
    // The relays met: one found the checkpoint moved by the other and followed it.
    expect(lines.some((l) => l.includes('outbox checkpoint moved by another relay'))).toBe(true);
  });
});
