import { randomUUID } from 'node:crypto';
import { toOpportunityStreamId } from '@campus/contracts';
import { describe, expect, it } from 'vitest';
import { signedUp } from '../../testing/events';
import { eventOf, liveBatch, projected, readModelSpec } from '../../testing/read-model-spec';
import { checkInsModel, type CheckInsState } from './check-ins-read-model';

const checkedIn = (opportunityId: string, userId: string, checkedInAt: string) =>
  eventOf(
    toOpportunityStreamId(opportunityId),
    'ParticipantCheckedIn',
    { v: 1, opportunityId, userId, checkedInAt },
    checkedInAt,
  );

const park = randomUUID();
const pantry = randomUUID();
const ann = randomUUID();
const ben = randomUUID();
const NINE = '2026-03-20T13:00:00.000Z';
const TEN = '2026-03-20T14:00:00.000Z';

const rows = (state: CheckInsState) => [...state.checkIns.values()];
const spec = readModelSpec(checkInsModel);

describe('check-ins read model', () => {
  it('holds a row per participant and opportunity checked in', () => {
    spec
      .given(checkedIn(park, ann, NINE))
      .when(checkedIn(park, ben, TEN), checkedIn(pantry, ann, TEN))
      .then(({ state, warnings }) => {
        expect(rows(state)).toEqual([
          { opportunity_id: park, user_id: ann, checked_in_at: NINE },
          { opportunity_id: park, user_id: ben, checked_in_at: TEN },
          { opportunity_id: pantry, user_id: ann, checked_in_at: TEN },
        ]);
        expect(warnings).toEqual([]);
      });
  });

  it('keeps the first check-in when a participant scans again', () => {
    spec
      .given(checkedIn(park, ann, NINE))
      .when(checkedIn(park, ann, TEN))
      .thenUnchanged(rows);
  });

  it('lands on the same row when a check-in is delivered again', () => {
    const scan = checkedIn(park, ann, NINE);
    spec.given(scan).when(scan).thenUnchanged(rows);
  });

  it('leaves other events alone, and a batch of them touches nothing', () => {
    const signup = signedUp(park, ben);
    spec
      .given(checkedIn(park, ann, NINE))
      .when(signup)
      .thenUnchanged(rows);
    expect(checkInsModel.touched([projected(signup)])).toBeNull();
  });

  it('writes a batch as one insert that keeps the rows already there, reading nothing', async () => {
    const { sent } = await liveBatch(checkInsModel, [
      checkedIn(park, ann, NINE),
      signedUp(park, ben),
      checkedIn(park, ann, TEN),
    ]);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.sql).toContain('ON CONFLICT (opportunity_id, user_id) DO NOTHING');
    expect(JSON.parse(sent[0]?.params[0] as string)).toEqual([
      { opportunity_id: park, user_id: ann, checked_in_at: NINE },
    ]);
  });
});
