import type { OpportunityCardItem } from '@campus/contracts';
import type { Caller } from '@campus/infra';

/** A card of a page shared by every caller, with what the caller's own flags need. */
export type SharedCard = {
  readonly card: OpportunityCardItem;
  /** The card as nobody sees it (`is_host` and `is_registered` false), serialized. */
  readonly json: string;
  readonly hostId: string;
  readonly participantIds: ReadonlySet<string>;
};
/** A page of cards for every caller; null cards when a private opportunity could be on it. */
export type SharedPage = {
  readonly cards: readonly SharedCard[] | null;
  readonly body: string;
  readonly next: string | null;
};

/** The shared page's body for `caller`: their own flags set where they host or signed up. */
export const pageBodyFor = (
  page: SharedPage & { cards: readonly SharedCard[] },
  caller: Caller,
) => {
  const own = (c: SharedCard) => c.hostId === caller.userId || c.participantIds.has(caller.userId);
  if (!page.cards.some(own)) return page.body;
  const parts = page.cards.map((c) =>
    own(c)
      ? JSON.stringify({
          ...c.card,
          is_host: c.hostId === caller.userId,
          is_registered: c.participantIds.has(caller.userId),
        })
      : c.json,
  );
  return `[${parts.join(',')}]`;
};
