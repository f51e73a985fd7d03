import { describe, expect, it } from 'vitest';
import { evaluateBadges, type BadgeFacts } from './badge-rules';

const none: BadgeFacts = {
  signups: 0,
  points: 0,
  friends: 0,
  ecoEvents: 0,
  hungerEvents: 0,
  allTimeRank: null,
};

describe('badge rules (spec section 3)', () => {
  it('uses the thresholds of the table, strict where the table says "more than"', () => {
    expect(evaluateBadges(none)).toEqual([]);
    expect(evaluateBadges({ ...none, signups: 1 })).toEqual(['first-step']);
    expect(evaluateBadges({ ...none, points: 20 })).toEqual([]);
    expect(evaluateBadges({ ...none, points: 21 })).toEqual(['point-novice']);
    expect(evaluateBadges({ ...none, points: 51 })).toEqual(['point-novice', 'point-adept']);
    expect(evaluateBadges({ ...none, points: 100 })).toEqual(['point-novice', 'point-adept']);
    expect(evaluateBadges({ ...none, points: 101 })).toContain('point-master');
    expect(evaluateBadges({ ...none, signups: 3 })).toEqual(['first-step', 'serial-volunteer']);
    expect(evaluateBadges({ ...none, signups: 5 })).toContain('community-pillar');
    expect(evaluateBadges({ ...none, friends: 3 })).toEqual(['social-butterfly']);
    expect(evaluateBadges({ ...none, friends: 5 })).toEqual([
      'social-butterfly',
      'super-networker',
    ]);
    expect(evaluateBadges({ ...none, ecoEvents: 2, hungerEvents: 1 })).toEqual(['eco-warrior']);
    expect(evaluateBadges({ ...none, hungerEvents: 2 })).toEqual(['hunger-hero']);
    expect(evaluateBadges({ ...none, allTimeRank: 10 })).toEqual(['top-ten']);
    expect(evaluateBadges({ ...none, allTimeRank: 11 })).toEqual([]);
  });
});
