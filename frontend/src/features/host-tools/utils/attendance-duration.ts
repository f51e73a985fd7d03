import { ATTENDANCE_HOURS_MAX, ATTENDANCE_MINUTES_MAX } from '@campus/contracts';

/**
 * What an hours or minutes field keeps of what was typed: a whole number clamped to
 * 0..max; anything that is not a number becomes 0.
 */
const clampDurationPart = (typed: string, max: number): number => {
  const n = Number(typed.trim());
  if (!Number.isFinite(n) || n < 0) return 0;
  return Math.min(Math.trunc(n), max);
};

export const clampHours = (typed: string) => clampDurationPart(typed, ATTENDANCE_HOURS_MAX);
export const clampMinutes = (typed: string) => clampDurationPart(typed, ATTENDANCE_MINUTES_MAX);

/** The form starts at the opportunity's duration (docs/product-rules.md), split into hours and minutes. */
export const splitDuration = (minutes: number) => ({
  hours: Math.min(Math.floor(minutes / 60), ATTENDANCE_HOURS_MAX),
  minutes: minutes % 60,
});
