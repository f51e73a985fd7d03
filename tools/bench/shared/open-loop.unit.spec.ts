import { describe, expect, it } from 'vitest';
import { lagOf, summarizeOpenLoop, type OfferedRecord } from './open-loop';

const record = (over: Partial<OfferedRecord>): OfferedRecord => ({
  kind: 'signup',
  scheduledAt: 0,
  sentAt: 0,
  answeredAt: 10,
  status: 201,
  visibleAt: 20,
  stale: false,
  ...over,
});

describe('open-loop accounting', () => {
  it('adds the delay before sending to the time from answer to visible', () => {
    expect(lagOf(record({ scheduledAt: 100, sentAt: 130, answeredAt: 150, visibleAt: 170 }))).toBe(
      50,
    );
  });

  it('counts a command whose effect no read saw as infinitely late', () => {
    expect(lagOf(record({ status: 409, visibleAt: null }))).toBe(Number.POSITIVE_INFINITY);
    expect(lagOf(record({ sentAt: null, answeredAt: null, status: 'not sent' }))).toBe(
      Number.POSITIVE_INFINITY,
    );
    expect(lagOf(record({ stale: true }))).toBe(Number.POSITIVE_INFINITY);
  });

  it('takes percentiles over every offered command, not only those answered', () => {
    // 98 on time with a lag of 5 ms, two never sent: the p99 is theirs.
    const records = [
      ...Array.from({ length: 98 }, (_, i) =>
        record({ scheduledAt: i, sentAt: i, answeredAt: i + 3, visibleAt: i + 8 }),
      ),
      record({ scheduledAt: 98, sentAt: null, answeredAt: null, status: 'not sent' }),
      record({ scheduledAt: 99, sentAt: null, answeredAt: null, status: 'not sent' }),
    ];
    const summary = summarizeOpenLoop(records);
    expect(summary.offered).toBe(100);
    expect(summary.sent).toBe(98);
    expect(summary.lag.p50).toBe(5);
    expect(summary.lag.p99).toBe(Number.POSITIVE_INFINITY);
    expect(summary.notVisible).toBe(2);
    expect(summary.failedByStatus).toEqual({ 'not sent': 2 });
  });

  it('counts as late only what was sent more than 10 ms after its time, and says why', () => {
    const summary = summarizeOpenLoop([
      record({ scheduledAt: 0, sentAt: 5 }),
      record({
        scheduledAt: 0,
        sentAt: 40,
        answeredAt: 45,
        visibleAt: 50,
        heldBy: 'in-flight limit',
      }),
      record({ scheduledAt: 0, sentAt: 12, answeredAt: 20, visibleAt: 25 }),
    ]);
    expect(summary.sentLate).toBe(2);
    expect(summary.lateBy.max).toBe(40);
    expect(summary.lateFor).toEqual({ 'in-flight limit': 1, 'driver timer': 1 });
    expect(summary.failedByStatus).toEqual({});
  });

  it('tells failures apart by status and leaves them out of the commands’ latency', () => {
    const summary = summarizeOpenLoop([
      record({ status: 201, answeredAt: 10 }),
      record({ status: 429, answeredAt: 1_000, visibleAt: null }),
      record({ status: 'error', answeredAt: null, visibleAt: null }),
    ]);
    expect(summary.ok).toBe(1);
    expect(summary.failedByStatus).toEqual({ '429': 1, error: 1 });
    // The 429 was answered: its time counts as a command's latency; the error's cannot.
    expect(summary.command.max).toBe(1_000);
  });

  it('spreads the lag by the window each command was scheduled in', () => {
    const summary = summarizeOpenLoop([
      record({ scheduledAt: 0, sentAt: 0, answeredAt: 2, visibleAt: 7 }),
      record({ scheduledAt: 9_999, sentAt: 9_999, answeredAt: 10_001, visibleAt: 10_004 }),
      record({ scheduledAt: 25_000, sentAt: 25_000, answeredAt: 25_010, visibleAt: 25_900 }),
    ]);
    expect(summary.byWindow.map((w) => w.max)).toEqual([5, Number.NaN, 890]);
  });
});
