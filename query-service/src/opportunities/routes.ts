import { Router, type Request } from 'express';
import type { z } from 'zod';
import {
  easternToday,
  isFull,
  NEXT_CURSOR_HEADER,
  opportunityCursorOf,
  routes,
  slotsLeft,
  texts,
  type MyOpportunities,
  type MyOpportunityItem,
  type OpportunityCardItem,
  type OpportunityCount,
  type OpportunityDetail,
  type OpportunityListItem,
} from '@campus/contracts';
import { ForbiddenError, NotFoundError, requireCaller, type Caller } from '@campus/infra';
import { idParam, mountQuery, queryOf, type QueryDeps } from '../http/context';
import { affectsHosts } from '../consistency/event-effects';
import { readAfterOf } from '../consistency/read-your-writes';
import { pageBodyFor, type SharedCard, type SharedPage } from './shared-page';
import { createResponseCache, createSharedAnswerCache } from '../shared/response-cache';
import { loadPersonRelations, personVisibility, projectPerson } from '../shared/person-visibility';
import { prepared, userImageSql, userNameSql } from '../shared/sql';
import {
  countOpportunities,
  earnedPointsOf,
  enrichOpportunities,
  eventsListParams,
  eventsListSql,
  loadEarnedPoints,
  loadEnrichment,
  loadOpportunityDetail,
  readableSql,
  selectOpportunities,
  visibleSql,
  type Enriched,
  type OpportunityRow,
} from './queries';

const BY_START = 'o.starts_at, o.id';

/** The longest the set of hosts is kept (it changes only by the events `affectsHosts` names). */
const HOSTS_MAX_AGE_MS = 60_000;

/** Splits by the Eastern date: today or later is upcoming (soonest first), before is past (latest first). */
const splitByDate = <T extends OpportunityListItem>(items: readonly T[], today: string) => ({
  upcoming: items.filter((i) => i.date >= today),
  past: items.filter((i) => i.date < today).reverse(),
});

/** A list item as an Events card: without the participants' list (ADR 0014). */
const cardOf = ({
  involved_users: _participants,
  ...card
}: OpportunityListItem): OpportunityCardItem => card;

/**
 * Nobody: a signed-in viewer who hosts nothing, belongs to no organization and signed up for
 * nothing. What nobody sees of the Events list is what every caller sees, apart from the private
 * opportunities they may see and their own `is_host` and `is_registered`.
 */
const NOBODY: Caller = { userId: '00000000-0000-0000-0000-000000000000', admin: false };

/** Opportunities: the Events list, the admins' unapproved list, detail, attendance, My Opportunities. */
export const opportunitiesQueryRouter = (deps: QueryDeps): Router => {
  const router = Router();
  const { pool } = deps;
  const today = () => easternToday(deps.clock.now());
  /**
   * The Events list's answers for a short time, keyed by the caller, today's date, the parsed
   * parameters and the read model's visible position (none kept while it is unknown). The list is
   * the most requested answer, and unpaged the heaviest (every participant); its count is asked
   * for beside every first page.
   */
  const eventsCache = <T>() => {
    const cache = createResponseCache<T>({ ttlMs: 1_000, maxEntries: 64 });
    return (caller: Caller, day: string, query: object, compute: () => Promise<T>) => {
      const visible = deps.tracker.current();
      const key = visible
        ? JSON.stringify([caller.userId, caller.admin, day, query, `${visible.txn}:${visible.seq}`])
        : null;
      return cache.get(key, compute);
    };
  };
  const eventsLists = eventsCache<{ body: string; next: string | null }>();
  /**
   * Pages of cards as nobody sees them, shared by every caller (1,000 callers a second each asking
   * for their own page would each miss a per-caller entry): kept a second, or until a request
   * carries a token past them.
   */
  const sharedPages = createSharedAnswerCache<SharedPage>({ ttlMs: 1_000, maxEntries: 64 });

  /**
   * A page of cards as nobody sees it, and whether it is every caller's: not when a private
   * opportunity matching the filters sorts within the page or the one after it (some callers see
   * it), then the caller's own page is read instead.
   */
  const readSharedPage = async (
    day: string,
    query: z.output<typeof routes.listOpportunities.query> & { limit: number },
  ): Promise<SharedPage> => {
    const after = [query.after?.startsAt ?? null, query.after?.id ?? null];
    const afterSql = `($9::timestamptz IS NULL OR (o.starts_at, o.id) > ($9::timestamptz, $10::uuid))`;
    const [rows, privates] = await Promise.all([
      selectOpportunities(
        pool,
        NOBODY,
        `${eventsListSql} AND ${afterSql}`,
        `${BY_START} LIMIT $11`,
        [...eventsListParams(day, query), ...after, query.limit + 1],
      ),
      // As an admin sees them: every private opportunity, the first one after the cursor.
      selectOpportunities(
        pool,
        { ...NOBODY, admin: true },
        `${eventsListSql} AND ${afterSql} AND cardinality(o.visibility) > 0`,
        `${BY_START} LIMIT 1`,
        [...eventsListParams(day, query), ...after],
      ),
    ]);
    const firstPrivate = privates[0];
    const bound = rows[query.limit];
    const privateOnPage =
      firstPrivate !== undefined &&
      (bound === undefined ||
        firstPrivate.starts_at.getTime() < bound.starts_at.getTime() ||
        (firstPrivate.starts_at.getTime() === bound.starts_at.getTime() &&
          firstPrivate.id <= bound.id));
    if (privateOnPage) return { cards: null, body: '', next: null };
    const shown = rows.slice(0, query.limit);
    const { items, participants } = await enrichOpportunities(
      pool,
      NOBODY,
      shown,
      loadEnrichment(
        pool,
        NOBODY,
        shown.map((r) => r.id),
        false,
      ),
    );
    const cards = items.map((item): SharedCard => {
      const card = cardOf(item);
      return {
        card,
        json: JSON.stringify(card),
        hostId: item.host_user_id,
        participantIds: new Set((participants.get(item.id) ?? []).map((p) => p.user_id)),
      };
    });
    const last = items.at(-1);
    return {
      cards,
      body: `[${cards.map((c) => c.json).join(',')}]`,
      next: rows.length > shown.length && last ? opportunityCursorOf(last) : null,
    };
  };
  const eventsCounts = eventsCache<OpportunityCount>();

  /**
   * Who hosts an opportunity that is not deleted, shared by every request: kept until an event
   * that can change it becomes visible (`affectsHosts`) and a minute at most, so reads carrying a
   * consistency token do not read it again at every position. Only a filter in front of the
   * relations statement, which reads afresh.
   */
  const hostsGeneration = deps.tracker.watch(affectsHosts);
  let hosts: { generation: number; until: number; ids: Promise<ReadonlySet<string>> } | null = null;
  const readHosts = async (): Promise<ReadonlySet<string>> => {
    const { rows } = await pool.query<{ id: string }>(
      prepared(
        'SELECT DISTINCT host_user_id::text AS id FROM read.opportunities WHERE NOT deleted',
        [],
      ),
    );
    return new Set(rows.map((r) => r.id));
  };
  const hostsNow = (): Promise<ReadonlySet<string>> => {
    if (deps.tracker.current() === null) return readHosts();
    const generation = hostsGeneration();
    const now = Date.now();
    if (hosts && hosts.generation === generation && now < hosts.until) return hosts.ids;
    const ids = readHosts();
    const kept = { generation, until: now + HOSTS_MAX_AGE_MS, ids };
    hosts = kept;
    ids.catch(() => {
      if (hosts === kept) hosts = null;
    });
    return ids;
  };

  /** The opportunity of `:id` as the caller may read it, or 404 (also when it is hidden from them). */
  const readable = async (req: Request, caller: Caller): Promise<OpportunityRow> => {
    const id = idParam(req);
    const rows = id
      ? await selectOpportunities(pool, caller, `o.id = $3::uuid AND ${readableSql}`, 'o.id', [id])
      : [];
    const row = rows[0];
    if (!row) throw new NotFoundError(texts.notFound.opportunity);
    return row;
  };

  mountQuery(router, routes.listOpportunities, deps, async (req, res) => {
    const query = queryOf(routes.listOpportunities, req);
    const caller = requireCaller(req);
    const day = today();
    const { limit } = query;
    if (query.view === 'cards' && limit !== undefined) {
      const shared = await sharedPages.get(
        JSON.stringify([day, query]),
        deps.tracker.current(),
        readAfterOf(res),
        () => readSharedPage(day, { ...query, limit }),
      );
      if (shared.cards) {
        if (shared.next !== null) res.set(NEXT_CURSOR_HEADER, shared.next);
        res.type('json').send(pageBodyFor({ ...shared, cards: shared.cards }, caller));
        return;
      }
    }
    const page = await eventsLists(caller, day, query, async () => {
      // One more than the page holds tells whether a next page exists.
      const rows = await selectOpportunities(
        pool,
        caller,
        `${eventsListSql}
       AND ($9::timestamptz IS NULL OR (o.starts_at, o.id) > ($9::timestamptz, $10::uuid))`,
        `${BY_START} LIMIT $11`,
        [
          ...eventsListParams(day, query),
          query.after?.startsAt ?? null,
          query.after?.id ?? null,
          query.limit === undefined ? null : query.limit + 1,
        ],
      );
      const shown = query.limit === undefined ? rows : rows.slice(0, query.limit);
      const { items } = await enrichOpportunities(
        pool,
        caller,
        shown,
        loadEnrichment(
          pool,
          caller,
          shown.map((r) => r.id),
          query.view !== 'cards',
        ),
      );
      const last = items.at(-1);
      return {
        body: JSON.stringify(query.view === 'cards' ? items.map(cardOf) : items),
        next: rows.length > shown.length && last ? opportunityCursorOf(last) : null,
      };
    });
    if (page.next !== null) res.set(NEXT_CURSOR_HEADER, page.next);
    res.type('json').send(page.body);
  });

  mountQuery(router, routes.countOpportunities, deps, async (req, res) => {
    const query = queryOf(routes.countOpportunities, req);
    const caller = requireCaller(req);
    const day = today();
    const body = await eventsCounts(caller, day, query, async () => ({
      count: await countOpportunities(pool, caller, eventsListSql, eventsListParams(day, query)),
    }));
    res.json(body);
  });

  mountQuery(router, routes.listUnapprovedOpportunities, deps, async (req, res) => {
    const caller = requireCaller(req);
    const rows = await selectOpportunities(
      pool,
      caller,
      'NOT o.approved AND NOT o.deleted',
      'o.created_at, o.id',
    );
    res.json((await enrichOpportunities(pool, caller, rows)).items);
  });

  mountQuery(router, routes.getOpportunity, deps, async (req, res) => {
    const caller = requireCaller(req);
    // The row with its participants and announcements is one statement, which answers nothing
    // when the caller may not read it. The caller's relations to the people (who may see a
    // participant's contact) are asked for beside it, and only for a caller who hosts something.
    const id = idParam(req);
    const mayHost = (await hostsNow()).has(caller.userId);
    const relations = loadPersonRelations(pool, mayHost ? caller : null, {
      opportunityIds: id ? [id] : [],
    });
    relations.catch(() => undefined);
    const detail = id ? await loadOpportunityDetail(pool, caller, id) : null;
    if (!detail) throw new NotFoundError(texts.notFound.opportunity);
    const { row } = detail;
    const { items, participants, announcements, relationTo } = await enrichOpportunities(
      pool,
      caller,
      [row],
      relations.then((relationTo) => ({
        participants: new Map([[row.id, detail.participants]]),
        announcements: new Map([[row.id, detail.announcements]]),
        relationTo,
      })),
    );
    const item = items[0];
    if (!item) throw new NotFoundError(texts.notFound.opportunity);
    const mine = participants.get(row.id)?.find((p) => p.user_id === caller.userId);
    const body: OpportunityDetail = {
      ...item,
      announcements: announcements.get(row.id) ?? [],
      // The Contact Host card: the caller may read this opportunity, so they see its host's email.
      host: projectPerson(
        {
          id: row.host_user_id,
          name: row.host_user_name ?? 'Unknown User',
          profile_image: row.host_profile_image,
          email: row.host_email,
          phone: row.host_phone,
        },
        personVisibility(caller, row.host_user_id, {
          ...relationTo(row.host_user_id),
          hostsShownOpportunity: true,
          registeredForShownOpportunity: mine !== undefined,
        }),
      ),
      attended: mine?.attended ?? null,
      // The ledger is read only for a caller who attended: nobody else has points to show here.
      earned_points: earnedPointsOf(
        mine?.attended,
        mine?.attended === true
          ? (await loadEarnedPoints(pool, caller.userId, [row.id])).get(row.id)
          : undefined,
      ),
    };
    res.json(body);
  });

  mountQuery(router, routes.getAttendance, deps, async (req, res) => {
    const caller = requireCaller(req);
    const row = await readable(req, caller);
    if (!caller.admin && caller.userId !== row.host_user_id)
      throw new ForbiddenError('Only the host or an admin can see the attendance.');
    const { rows } = await pool.query<{
      user_id: string;
      name: string;
      profile_image: string | null;
      attended: boolean;
    }>(
      `SELECT u.id::text AS user_id, ${userNameSql('u')} AS name,
              ${userImageSql('u')} AS profile_image, COALESCE(s.attended, false) AS attended
         FROM read.signups s JOIN read.users u ON u.id = s.user_id
        WHERE s.opportunity_id = $1::uuid AND s.registered
        ORDER BY lower(${userNameSql('u')}), u.id`,
      [row.id],
    );
    res.json(
      rows.map(({ attended, ...person }) => ({
        ...projectPerson(person, personVisibility(caller, person.user_id)),
        attended,
      })),
    );
  });

  mountQuery(router, routes.isOpportunityFull, deps, async (req, res) => {
    const caller = requireCaller(req);
    const row = await readable(req, caller);
    const { rows } = await pool.query<{ registered: number }>(
      `SELECT count(*)::integer AS registered FROM read.signups
        WHERE opportunity_id = $1::uuid AND registered`,
      [row.id],
    );
    const registered = rows[0]?.registered ?? 0;
    res.json({
      is_full: isFull(row.total_slots, registered),
      slots_left: slotsLeft(row.total_slots, registered),
    });
  });

  mountQuery(router, routes.getMyOpportunities, deps, async (req, res) => {
    const caller = requireCaller(req);
    const day = today();
    const [hosting, registered, all] = await Promise.all([
      selectOpportunities(pool, caller, 'o.host_user_id = $1::uuid AND NOT o.deleted', BY_START),
      selectOpportunities(
        pool,
        caller,
        `NOT o.deleted AND o.approved AND o.host_user_id <> $1::uuid AND ${visibleSql}
         AND EXISTS (SELECT 1 FROM read.signups s
                      WHERE s.opportunity_id = o.id AND s.user_id = $1::uuid AND s.registered)`,
        BY_START,
      ),
      caller.admin ? selectOpportunities(pool, caller, 'NOT o.deleted', BY_START) : null,
    ]);
    const ids = [...new Set([...hosting, ...registered, ...(all ?? [])].map((r) => r.id))];
    const [hostingItems, registeredItems, allItems, earned] = await Promise.all([
      enrichOpportunities(pool, caller, hosting),
      enrichOpportunities(pool, caller, registered),
      all ? enrichOpportunities(pool, caller, all) : null,
      loadEarnedPoints(pool, caller.userId, ids),
    ]);
    /** Each item with what the caller's attendance of it earned. */
    const mine = ({ items, participants }: Enriched): MyOpportunityItem[] =>
      items.map((item) => ({
        ...item,
        earned_points: earnedPointsOf(
          participants.get(item.id)?.find((p) => p.user_id === caller.userId)?.attended,
          earned.get(item.id),
        ),
      }));
    const body: MyOpportunities = {
      hosting: splitByDate(mine(hostingItems), day),
      registered: splitByDate(mine(registeredItems), day),
      all: allItems ? splitByDate(mine(allItems), day) : null,
    };
    res.json(body);
  });

  return router;
};
