/** The one clock every time rule reads. Tests set it; non-production config may offset it. */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };

export const offsetClock = (offsetMs: number, base: Clock = systemClock): Clock => ({
  now: () => new Date(base.now().getTime() + offsetMs),
});

/** A clock for tests: starts at `start`, moves only when told. */
export const manualClock = (start: Date | string) => {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    set: (to: Date | string) => {
      current = new Date(to);
    },
    advance: (ms: number) => {
      current = new Date(current.getTime() + ms);
    },
  };
};
