import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '@campus/contracts';
import { reservationHash } from '@campus/infra';
import { reservationDecider } from '../decider/reservation';
import { organizationDecider } from './organization-decider';
import { judgeNameClaim, NAME_CLAIM_GRACE_MS } from './organization-name';

const ORG = '0b6c2a53-3f0e-4c55-9b4e-6f7e0f1b2c3d';
const OTHER = '9d6c2a53-3f0e-4c55-9b4e-6f7e0f1b2c3d';
const fold = <S>(
  decider: { initialState: () => S; evolve: (s: S, e: DomainEvent) => S },
  events: DomainEvent[],
) => events.reduce(decider.evolve, decider.initialState());

const created: DomainEvent = {
  type: 'OrganizationCreated',
  data: {
    v: 1,
    organizationId: ORG,
    name: 'Chess Club',
    type: 'Other',
    description: '',
    hostUserId: '6f1c1b84-7f55-4d1b-9c55-0a6f4c1d2e3f',
    approved: true,
    createdAt: '2026-03-02T15:00:00.000Z',
  },
};
const claimedAt = '2026-03-02T15:00:00.000Z';
const later = new Date(Date.parse(claimedAt) + NAME_CLAIM_GRACE_MS);
const chessClub = reservationHash('Chess Club');

describe('organization name claims', () => {
  it('a name is the same reservation whatever its case and surrounding spaces', () => {
    expect(reservationHash(' chess club ')).toBe(chessClub);
  });

  it('a claim of an organization that has this name is live', () => {
    const owner = fold(organizationDecider, [created]);
    expect(judgeNameClaim({ nameHash: chessClub, owner, claimedAt, now: later })).toBe('live');
  });

  it('a claim whose organization was never written is orphaned once its command cannot be running', () => {
    const owner = fold(organizationDecider, []);
    expect(judgeNameClaim({ nameHash: chessClub, owner, claimedAt, now: later })).toBe('orphaned');
    const soon = new Date(later.getTime() - 1);
    expect(judgeNameClaim({ nameHash: chessClub, owner, claimedAt, now: soon })).toBe('live');
  });

  it('a claim of a deleted organization is stale', () => {
    const owner = fold(organizationDecider, [
      created,
      { type: 'OrganizationDeleted', data: { v: 1, organizationId: ORG } },
    ]);
    expect(judgeNameClaim({ nameHash: chessClub, owner, claimedAt, now: later })).toBe('stale');
  });

  it('a claim of an organization renamed away is stale, but not while a rename may be running', () => {
    const owner = fold(organizationDecider, [
      created,
      { type: 'OrganizationUpdated', data: { v: 1, organizationId: ORG, name: 'Go Club' } },
    ]);
    expect(judgeNameClaim({ nameHash: chessClub, owner, claimedAt, now: later })).toBe('stale');
    expect(
      judgeNameClaim({ nameHash: chessClub, owner, claimedAt, now: new Date(claimedAt) }),
    ).toBe('live');
  });

  it('a renamed name is released by its organization and then claimed by another', () => {
    const events: DomainEvent[] = [{ type: 'ReservationClaimed', data: { v: 1, ownerId: ORG } }];
    events.push(
      ...reservationDecider.decide(
        { type: 'Release', ownerId: ORG },
        fold(reservationDecider, events),
      ),
    );
    expect(events.at(-1)).toEqual({ type: 'ReservationReleased', data: { v: 1, ownerId: ORG } });
    expect(
      reservationDecider.decide(
        { type: 'Claim', ownerId: OTHER, takenMessage: 'taken' },
        fold(reservationDecider, events),
      ),
    ).toEqual([{ type: 'ReservationClaimed', data: { v: 1, ownerId: OTHER } }]);
  });
});
