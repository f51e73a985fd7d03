import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@campus/contracts';
import { ledgerLinesOf } from './points-read-model';

const recorded = { eventId: 'e1' } as RecordedEvent;
const base = {
  v: 1 as const,
  opportunityId: 'o1',
  markedBy: 'host',
  durationMinutes: 90,
  attendedUserIds: ['a', 'b', 'a'],
  absentUserIds: ['c'],
  firstSignupBonus: { userId: 'a', points: 5 },
  opportunityDate: '2026-03-31',
  at: '2026-04-01T02:00:00.000Z',
};

describe('ledger lines of an attendance', () => {
  it('gives each attended user the minutes once and the bonus as its own line, in the Eastern month', () => {
    const lines = ledgerLinesOf(base, recorded);
    expect(lines.map((l) => [l.user_id, l.reason, l.points, l.month])).toEqual([
      ['a', 'attendance', 90, '2026-03'],
      ['b', 'attendance', 90, '2026-03'],
      ['a', 'first_signup_bonus', 5, '2026-03'],
    ]);
    expect(new Set(lines.map((l) => l.cause_event_id))).toEqual(new Set(['e1']));
  });

  it('clamps impossible values instead of failing, and falls back to the marking day', () => {
    const lines = ledgerLinesOf(
      {
        ...base,
        durationMinutes: 5_000_000,
        firstSignupBonus: { userId: 'a', points: -5 },
        opportunityDate: '2026-02-30',
      },
      recorded,
    );
    expect(lines.map((l) => [l.reason, l.points, l.opportunity_date])).toEqual([
      ['attendance', 1499, '2026-03-31'],
      ['attendance', 1499, '2026-03-31'],
    ]);
  });
});
