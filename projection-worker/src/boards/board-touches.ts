import type { ProjectedEvent } from '../projector/projection';
import { pointsMonthOf } from '../projections/shared';

/** What a batch may have changed on the boards; the scores themselves are re-read from Postgres. */
export type BoardTouches = {
  /** Users whose all-time score may have changed (or who are new on the board). */
  readonly users: Set<string>;
  /** Users and the months in which their points may have changed. */
  readonly userMonths: Map<string, Set<string>>;
  /** Memberships that changed: the user's points move into or out of the organization. */
  readonly memberships: Map<string, Set<string>>;
  /** Organizations to recompute on every board (created, approved, renamed, retyped, deleted). */
  readonly organizations: Set<string>;
  /**
   * The logged hours scoring rule changed (docs/service-hours.md): every user with a logged hours
   * line, in each month they have one, read from the ledger when the boards are refreshed.
   */
  loggedHoursRule: boolean;
};

export const emptyBoardTouches = (): BoardTouches => ({
  users: new Set(),
  userMonths: new Map(),
  memberships: new Map(),
  organizations: new Set(),
  loggedHoursRule: false,
});

const addTo = (map: Map<string, Set<string>>, key: string, value: string) => {
  const set = map.get(key);
  if (set) set.add(value);
  else map.set(key, new Set([value]));
};

/** Adds everything `from` touches to `into`. */
export const mergeBoardTouches = (into: BoardTouches, from: BoardTouches): BoardTouches => {
  for (const user of from.users) into.users.add(user);
  for (const [user, months] of from.userMonths)
    for (const m of months) addTo(into.userMonths, user, m);
  for (const [org, users] of from.memberships)
    for (const u of users) addTo(into.memberships, org, u);
  for (const org of from.organizations) into.organizations.add(org);
  if (from.loggedHoursRule) into.loggedHoursRule = true;
  return into;
};

export const isEmptyTouches = (t: BoardTouches) =>
  !t.users.size &&
  !t.userMonths.size &&
  !t.memberships.size &&
  !t.organizations.size &&
  !t.loggedHoursRule;

/** Adds what `events` touch to `touches` (a pure function of the events, so retries agree). */
export const collectBoardTouches = (
  events: readonly ProjectedEvent[],
  touches: BoardTouches = emptyBoardTouches(),
): BoardTouches => {
  for (const { event } of events) {
    switch (event.type) {
      case 'UserRegistered':
        touches.users.add(event.data.userId);
        break;
      case 'AttendanceMarked': {
        const d = event.data;
        const month = pointsMonthOf(d.opportunityDate, d.at);
        const earners = [
          ...d.attendedUserIds,
          ...(d.firstSignupBonus ? [d.firstSignupBonus.userId] : []),
        ];
        for (const userId of earners) {
          touches.users.add(userId);
          addTo(touches.userMonths, userId, month);
        }
        break;
      }
      case 'ServiceHoursApproved': {
        // Its ledger line counts in the service date's month (worth 0 while the rule is off).
        const d = event.data;
        touches.users.add(d.userId);
        addTo(touches.userMonths, d.userId, pointsMonthOf(d.date, d.at));
        break;
      }
      case 'LoggedHoursScoringChanged':
        touches.loggedHoursRule = true;
        break;
      case 'MemberJoined':
      case 'MemberLeft':
        addTo(touches.memberships, event.data.organizationId, event.data.userId);
        break;
      case 'OrganizationCreated':
      case 'OrganizationUpdated':
      case 'OrganizationApproved':
      case 'OrganizationUnapproved':
      case 'OrganizationDeleted':
        touches.organizations.add(event.data.organizationId);
        break;
      default:
        break;
    }
  }
  return touches;
};
