import { describe, expect, it } from 'vitest';
import { hoursOf, profileHoursOf } from './routes';

describe("a profile's hours (docs/service-hours.md)", () => {
  it('keeps platform hours as points / 60 with one decimal', () => {
    expect(hoursOf(0)).toBe(0);
    expect(hoursOf(95)).toBe(1.6);
    expect(hoursOf(90)).toBe(1.5);
    expect(hoursOf(3)).toBe(0.1);
    expect(hoursOf(2)).toBe(0);
  });

  it('splits platform and logged hours, and their sum is the hours shown', () => {
    expect(profileHoursOf(95, 0)).toEqual({ hours: 1.6, platform_hours: 1.6, logged_hours: 0 });
    expect(profileHoursOf(0, 150)).toEqual({ hours: 2.5, platform_hours: 0, logged_hours: 2.5 });
    expect(profileHoursOf(95, 150)).toEqual({ hours: 4.1, platform_hours: 1.6, logged_hours: 2.5 });
    // Each part rounded first: 0.1 + 0.2 is 0.3 on the profile, never 0.30000000000000004.
    expect(profileHoursOf(6, 12)).toEqual({ hours: 0.3, platform_hours: 0.1, logged_hours: 0.2 });
  });
});
