import { describe, expect, it } from 'vitest';
import { participants } from '@/testing/opportunity-fixtures';
import { attendedOf, pastStatus, type PastStatusInput } from './attendance';

describe('the status of an ended opportunity', () => {
  const input = (over: Partial<PastStatusInput> = {}): PastStatusInput => ({
    isRegistered: true,
    isHost: false,
    attendanceMarked: true,
    attended: true,
    points: 90,
    ...over,
  });

  it('tells a participant whether they attended, with the points, once attendance is in', () => {
    expect(pastStatus(input())).toEqual({ kind: 'attended', label: 'Attended · 90 points' });
    expect(pastStatus(input({ points: 1 })).label).toBe('Attended · 1 point');
    expect(pastStatus(input({ attended: false }))).toEqual({
      kind: 'absent',
      label: 'Did not attend',
    });
  });

  it('says attendance is not in yet while it is not marked', () => {
    expect(pastStatus(input({ attendanceMarked: false, attended: null }))).toEqual({
      kind: 'pending',
      label: 'Attendance not yet submitted',
    });
  });

  it('tells the host whether attendance was submitted, and anyone else that it ended', () => {
    const host = input({ isRegistered: false, isHost: true, attended: null });
    expect(pastStatus(host).label).toBe('Attendance submitted');
    expect(pastStatus({ ...host, attendanceMarked: false }).label).toBe(
      'Attendance not yet submitted',
    );
    expect(pastStatus(input({ isRegistered: false, attended: null }))).toEqual({
      kind: 'ended',
      label: 'This opportunity has ended',
    });
  });

  it("reads the caller's attendance from a list item's participants", () => {
    const people = participants(2).map((person, i) => ({ ...person, attended: i === 1 }));
    expect(attendedOf({ involved_users: people }, 'p2')).toBe(true);
    expect(attendedOf({ involved_users: people }, 'p1')).toBe(false);
    expect(attendedOf({ involved_users: people }, 'someone-else')).toBeNull();
    expect(attendedOf({ involved_users: people }, undefined)).toBeNull();
  });
});
