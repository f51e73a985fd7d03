import { describe, it } from 'vitest';
import { deciderSpec } from '../testing/decider-spec';
import {
  loggedHoursScoringDecider,
  type LoggedHoursScoringCommand,
  type LoggedHoursScoringEvent,
} from './logged-hours-scoring-decider';

const ADMIN_ID = '5e7c1a00-0000-4000-8000-0000000000ad';
const AT = '2026-03-02T15:00:00.000Z';

const set = (earnPoints: boolean): LoggedHoursScoringCommand => ({
  type: 'SetLoggedHoursScoring',
  earnPoints,
  changedBy: ADMIN_ID,
  at: AT,
});
const changed = (earnPoints: boolean): LoggedHoursScoringEvent => ({
  type: 'LoggedHoursScoringChanged',
  data: { v: 1, earnPoints, changedBy: ADMIN_ID, at: AT },
});

const spec = deciderSpec(loggedHoursScoringDecider);

describe('the logged hours scoring rule decider', () => {
  it('is off by default: turning it off decides nothing, turning it on is recorded', () => {
    spec.given().when(set(false)).thenNothingHappened();
    spec
      .given()
      .when(set(true))
      .then([changed(true)]);
  });

  it('records only changes', () => {
    spec
      .given([changed(true)])
      .when(set(true))
      .thenNothingHappened();
    spec
      .given([changed(true)])
      .when(set(false))
      .then([changed(false)]);
    spec
      .given([changed(true), changed(false)])
      .when(set(false))
      .thenNothingHappened();
  });
});
