import { describe, expect, it } from 'vitest';
import { reservationHash } from '@campus/infra';
import { reservationDecider, type ReservationEvent } from '../decider/reservation-decider';
import { deciderSpec } from '../testing/decider-spec';
import { judgeNameClaim, NAME_CLAIM_GRACE_MS } from './organization-commands';
import { organizationDecider, type OrganizationEvent } from './organization-decider';

const ORG = '0b6c2a53-3f0e-4c55-9b4e-6f7e0f1b2c3d';
const OTHER = '9d6c2a53-3f0e-4c55-9b4e-6f7e0f1b2c3d';
/** The organization that holds a claim, as its stream says. */
const fold = (events: OrganizationEvent[]) =>
  events.reduce(organizationDecider.evolve, organizationDecider.initialState());

const created: OrganizationEvent = {
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
    const owner = fold([created]);
    expect(judgeNameClaim({ nameHash: chessClub, owner, claimedAt, now: later })).toBe('live');
  });

  it('a claim whose organization was never written is orphaned once its command cannot be running', () => {
    const owner = fold([]);
    expect(judgeNameClaim({ nameHash: chessClub, owner, claimedAt, now: later })).toBe('orphaned');
    const soon = new Date(later.getTime() - 1);
    expect(judgeNameClaim({ nameHash: chessClub, owner, claimedAt, now: soon })).toBe('live');
  });

  it('a claim of a deleted organization is stale', () => {
    const owner = fold([
      created,
      { type: 'OrganizationDeleted', data: { v: 1, organizationId: ORG } },
    ]);
    expect(judgeNameClaim({ nameHash: chessClub, owner, claimedAt, now: later })).toBe('stale');
  });

  it('a claim of an organization renamed away is stale, but not while a rename may be running', () => {
    const owner = fold([
      created,
      { type: 'OrganizationUpdated', data: { v: 1, organizationId: ORG, name: 'Go Club' } },
    ]);
    expect(judgeNameClaim({ nameHash: chessClub, owner, claimedAt, now: later })).toBe('stale');
    expect(
      judgeNameClaim({ nameHash: chessClub, owner, claimedAt, now: new Date(claimedAt) }),
    ).toBe('live');
  });

  it('a renamed name is released by its organization and then claimed by another', () => {
    const spec = deciderSpec(reservationDecider);
    const claimed: ReservationEvent = { type: 'ReservationClaimed', data: { v: 1, ownerId: ORG } };
    const released: ReservationEvent = {
      type: 'ReservationReleased',
      data: { v: 1, ownerId: ORG },
    };
    spec.given([claimed]).when({ type: 'Release', ownerId: ORG }).then([released]);
    spec
      .given([claimed, released])
      .when({ type: 'Claim', ownerId: OTHER, takenMessage: 'taken' })
      .then([{ type: 'ReservationClaimed', data: { v: 1, ownerId: OTHER } }]);
  });
});
