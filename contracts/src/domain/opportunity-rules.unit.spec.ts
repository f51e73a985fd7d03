import { describe, expect, it } from 'vitest';
import {
  canUnregister,
  hasStarted,
  isFull,
  isUnregistrationOpen,
  opportunityMessages,
  slotsLeft,
  timeUntilText,
} from './opportunity-rules';

const START = '2026-05-01T14:00:00.000Z';
const before = (minutes: number) => new Date(Date.parse(START) - minutes * 60_000);

describe('slots', () => {
  it('counts total minus registered and never goes below zero', () => {
    expect(slotsLeft(10, 3)).toBe(7);
    expect(slotsLeft(10, 10)).toBe(0);
    expect(slotsLeft(5, 7)).toBe(0);
    expect(isFull(10, 9)).toBe(false);
    expect(isFull(10, 10)).toBe(true);
  });
});

describe('started', () => {
  it('has started at the start instant and after it, not a millisecond before', () => {
    expect(hasStarted(new Date(Date.parse(START) - 1), START)).toBe(false);
    expect(hasStarted(START, START)).toBe(true);
    expect(hasStarted(before(-30), START)).toBe(true);
  });
});

describe('unregistration cut-off', () => {
  it('is open only while the start is more than 7 hours away', () => {
    expect(isUnregistrationOpen(before(7 * 60 + 1), START)).toBe(true);
    expect(isUnregistrationOpen(new Date(Date.parse(START) - 7 * 3_600_000 - 1), START)).toBe(true);
    expect(isUnregistrationOpen(before(7 * 60), START)).toBe(false);
    expect(isUnregistrationOpen(before(60), START)).toBe(false);
    expect(isUnregistrationOpen(before(-60), START)).toBe(false);
  });

  it('exempts hosts and admins, even after the start', () => {
    expect(canUnregister(before(7 * 60), START, false)).toBe(false);
    expect(canUnregister(before(7 * 60), START, true)).toBe(true);
    expect(canUnregister(before(-60), START, true)).toBe(true);
    expect(canUnregister(before(8 * 60), START, false)).toBe(true);
  });
});

describe('time-until text', () => {
  it('shows minutes under one hour', () => {
    expect(timeUntilText(before(59), START)).toBe('59 minutes');
    expect(timeUntilText(before(1), START)).toBe('1 minute');
    expect(timeUntilText(new Date(Date.parse(START) - 30_000), START)).toBe('less than a minute');
  });

  it('shows hours and minutes under 24 hours', () => {
    expect(timeUntilText(before(60), START)).toBe('1 hour 0 minutes');
    expect(timeUntilText(before(6 * 60 + 59), START)).toBe('6 hours 59 minutes');
    expect(timeUntilText(before(23 * 60 + 1), START)).toBe('23 hours 1 minute');
  });

  it('shows days and hours from 24 hours on, rounding down', () => {
    expect(timeUntilText(before(24 * 60), START)).toBe('1 day 0 hours');
    expect(timeUntilText(before(3 * 24 * 60 + 5 * 60 + 59), START)).toBe('3 days 5 hours');
  });

  it("says 'Event has started' at zero and past", () => {
    expect(timeUntilText(START, START)).toBe('Event has started');
    expect(timeUntilText(before(-5), START)).toBe('Event has started');
  });
});

describe('messages', () => {
  it('keeps the texts exact', () => {
    expect(opportunityMessages.slotLimitBelowParticipants(4)).toBe(
      'Cannot set slot limit lower than current number of participants (4).',
    );
    expect(opportunityMessages.fullForAdmin).toBe('This event has reached its maximum capacity.');
  });
});
