import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  loggedHoursScoringChanged,
  serviceHoursApproved,
  serviceHoursLogged,
  serviceHoursRejected,
} from '../testing/events';
import { projected } from '../testing/read-model-spec';
import {
  collectBoardTouches,
  emptyBoardTouches,
  isEmptyTouches,
  mergeBoardTouches,
} from './board-touches';

const ann = randomUUID();
const admin = randomUUID();

describe('board touches of logged service hours (docs/service-hours.md)', () => {
  it("an approval touches its student all-time and in the service date's month; a rejection nothing", () => {
    const logged = serviceHoursLogged({ userId: ann, date: '2026-02-20' });
    const touches = collectBoardTouches([
      projected(logged),
      projected(
        serviceHoursApproved(logged, { verifiedBy: admin, at: '2026-03-04T12:00:00.000Z' }),
      ),
    ]);
    expect([...touches.users]).toEqual([ann]);
    expect([...(touches.userMonths.get(ann) ?? [])]).toEqual(['2026-02']);
    expect(touches.loggedHoursRule).toBe(false);
    const rejected = collectBoardTouches([
      projected(serviceHoursRejected(logged, { verifiedBy: admin })),
    ]);
    expect(isEmptyTouches(rejected)).toBe(true);
  });

  it('a rule change touches every logged hours line, and stays touched when merged', () => {
    const touches = collectBoardTouches([projected(loggedHoursScoringChanged(true, admin))]);
    expect(touches.loggedHoursRule).toBe(true);
    expect(isEmptyTouches(touches)).toBe(false);
    const merged = mergeBoardTouches(emptyBoardTouches(), touches);
    expect(merged.loggedHoursRule).toBe(true);
    expect(isEmptyTouches(merged)).toBe(false);
  });
});
