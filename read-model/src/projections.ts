import { ValidationError } from '@campus/infra';

/** What an operator may ask to replay: one projection by name, or all of them. */
export const REPLAY_ALL = 'all';

/**
 * Every projection the worker runs, by name, in the order each batch applies them (the worker
 * checks its own list against this one): what the operations page lists and a replay may name.
 */
export const PROJECTION_NAMES = [
  'users',
  'organizations',
  'opportunities',
  'friendships',
  'waitlist',
  'service-logs',
  'points',
  'check-ins',
  'impact',
  'badges',
] as const;

/** Refuses (400) a replay of anything but a projection's name or `all`. */
export const assertReplayable = (requested: string): void => {
  if (requested === REPLAY_ALL || PROJECTION_NAMES.some((name) => name === requested)) return;
  throw new ValidationError(`Unknown projection ${requested}`, [
    {
      field: 'projection',
      message: `Must be ${REPLAY_ALL} or one of ${PROJECTION_NAMES.join(', ')}`,
    },
  ]);
};
