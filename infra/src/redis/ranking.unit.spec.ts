import { describe, expect, it } from 'vitest';
import { UNKNOWN_RANK } from '@campus/contracts';
import { boardKey, organizationTypeOfSlug, organizationTypeSlug } from './board-keys';
import { competitionRank, rankEntries } from './ranking';

describe('competition ranking', () => {
  it('shares a rank between ties and skips the next ones (1, 2, 2, 4)', () => {
    const ranked = rankEntries(
      [
        { id: 'c', score: 20 },
        { id: 'a', score: 50 },
        { id: 'b', score: 20 },
        { id: 'd', score: 5 },
      ],
      (x, y) => x.id.localeCompare(y.id),
    );
    expect(ranked.map((e) => [e.id, e.rank])).toEqual([
      ['a', 1],
      ['b', 2],
      ['c', 2],
      ['d', 4],
    ]);
  });

  it('ranks a score by the strictly higher ones; an unknown member ranks 999', () => {
    const scores = [50, 20, 20, 5];
    expect(competitionRank(scores, 50)).toBe(1);
    expect(competitionRank(scores, 20)).toBe(2);
    expect(competitionRank(scores, 5)).toBe(4);
    expect(competitionRank(scores, 0)).toBe(5);
    expect(competitionRank(scores, null)).toBe(UNKNOWN_RANK);
  });
});

describe('board keys', () => {
  it('names boards under the prefix, with a key-safe slug per organization type', () => {
    expect(boardKey('campus:', { kind: 'individuals' }, 'all')).toBe(
      'campus:board:individuals:all',
    );
    expect(boardKey('t:', { kind: 'orgs' }, '2026-03')).toBe('t:board:orgs:2026-03');
    expect(boardKey('campus:', { kind: 'orgs-of-type', type: 'Professional Club' }, 'all')).toBe(
      'campus:board:orgs:professional-club:all',
    );
    expect(organizationTypeOfSlug(organizationTypeSlug('Performing Arts Group'))).toBe(
      'Performing Arts Group',
    );
  });
});
