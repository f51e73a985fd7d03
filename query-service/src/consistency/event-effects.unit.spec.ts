import { eventSchemas } from '@campus/contracts';
import { describe, expect, it } from 'vitest';
import { affectsCallers, affectsHosts } from './event-effects';

describe('what each event type can change of the kept answers', () => {
  it('moves only with the events that can change a caller: registration, admin grant, erasure', () => {
    const moving = Object.keys(eventSchemas).filter(affectsCallers);
    expect(moving.sort()).toEqual(['AdminGranted', 'UserErased', 'UserRegistered']);
    expect(affectsCallers('UserSignedUp')).toBe(false);
    expect(affectsCallers('FriendRequested')).toBe(false);
  });

  it('keeps the hosts until an opportunity is created, edited or deleted (or an unknown event)', () => {
    const moving = Object.keys(eventSchemas).filter(affectsHosts);
    expect(moving.sort()).toEqual([
      'OpportunityCreated',
      'OpportunityDeleted',
      'OpportunityUpdated',
    ]);
    expect(affectsHosts('SomethingNew')).toBe(true);
  });
});
