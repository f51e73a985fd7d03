/** Registration rules, shared by the register form and the command. */
export const CAR_SEATS_MIN = 1;
export const CAR_SEATS_MAX = 15;
const PHONE_MIN_DIGITS = 10;

export const PHONE_PATTERN = new RegExp(`^\\d{${PHONE_MIN_DIGITS},}$`);

/** On blur: below 1 becomes 1, above 15 becomes 15. */
export const clampCarSeats = (seats: number): number =>
  Math.min(CAR_SEATS_MAX, Math.max(CAR_SEATS_MIN, Math.trunc(seats)));

/** While typing: input outside 1..15 (or not a whole number) is ignored. */
export const acceptsCarSeatsInput = (text: string): boolean => {
  if (text === '') return true;
  if (!/^\d+$/.test(text)) return false;
  const n = Number(text);
  return n >= CAR_SEATS_MIN && n <= CAR_SEATS_MAX;
};
