import { describe, expect, it } from 'vitest';
import type { OpportunityCardItem } from '@campus/contracts';
import { pageBodyFor, type SharedCard } from './shared-page';

const HOST = 'host-id';
const JOINED = 'joined-id';
const OTHER = 'other-id';

/** A card as nobody sees it: only the fields this test reads matter. */
const cardOf = (id: string) =>
  ({
    id,
    name: `Opportunity ${id}`,
    is_host: false,
    is_registered: false,
  }) as unknown as OpportunityCardItem;

const shared = (id: string, participants: string[]): SharedCard => {
  const card = cardOf(id);
  return { card, json: JSON.stringify(card), hostId: HOST, participantIds: new Set(participants) };
};

describe('a page of cards shared by every caller', () => {
  const cards = [shared('a', [JOINED]), shared('b', [])];
  const page = { cards, body: `[${cards.map((c) => c.json).join(',')}]`, next: null };
  const flags = (body: string) =>
    (JSON.parse(body) as { id: string; is_host: boolean; is_registered: boolean }[]).map(
      (c) => `${c.id}:${String(c.is_host)}:${String(c.is_registered)}`,
    );

  it("gives each caller their own flags and never another caller's", () => {
    expect(flags(pageBodyFor(page, { userId: JOINED, admin: false }))).toEqual([
      'a:false:true',
      'b:false:false',
    ]);
    expect(flags(pageBodyFor(page, { userId: HOST, admin: false }))).toEqual([
      'a:true:false',
      'b:true:false',
    ]);
    expect(flags(pageBodyFor(page, { userId: OTHER, admin: false }))).toEqual([
      'a:false:false',
      'b:false:false',
    ]);
    // The registered caller's answer did not change what the next caller gets.
    expect(pageBodyFor(page, { userId: OTHER, admin: true })).toBe(page.body);
  });
});
