import type { EventOf } from '@campus/contracts';
import { eventTypes, type Decider } from '../decider/decider';

export type LoggedHoursScoringEvent = EventOf<'LoggedHoursScoringChanged'>;

/** The `scoring-rules` stream as this rule sees it: whether approved logged hours earn points. */
type LoggedHoursScoringState = { readonly earnPoints: boolean };

/** `changedBy` is the admin (the route admits admins only); `at` the clock's time. */
export type LoggedHoursScoringCommand = {
  readonly type: 'SetLoggedHoursScoring';
  readonly earnPoints: boolean;
  readonly changedBy: string;
  readonly at: string;
};

/**
 * The admins' rule on whether approved logged hours earn leaderboard points
 * (docs/service-hours.md): off until an admin turns it on; setting the value it already has
 * decides nothing.
 */
export const loggedHoursScoringDecider: Decider<
  LoggedHoursScoringState,
  LoggedHoursScoringCommand,
  LoggedHoursScoringEvent
> = {
  eventTypes: eventTypes<LoggedHoursScoringEvent>({ LoggedHoursScoringChanged: true }),
  initialState: () => ({ earnPoints: false }),
  evolve: (_state, event) => ({ earnPoints: event.data.earnPoints }),
  decide: (command, state): LoggedHoursScoringEvent[] => {
    if (command.earnPoints === state.earnPoints) return [];
    return [
      {
        type: 'LoggedHoursScoringChanged',
        data: {
          v: 1,
          earnPoints: command.earnPoints,
          changedBy: command.changedBy,
          at: command.at,
        },
      },
    ];
  },
};
