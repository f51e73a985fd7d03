import {
  easternToInstant,
  IMPACT_MIN_GROUP,
  IMPACT_TOP_OPPORTUNITIES,
  type ImpactBreakdown,
  type ImpactDashboard,
  type ImpactOpportunity,
  type ImpactRow,
  type ImpactTable,
  impactTexts,
} from '@campus/contracts';
import type { Pool, PoolClient } from '@campus/infra';
import { LIVE_SCHEMA, withReadTransaction } from '../read-schema';
import { figureOf, kAnonymous, type GroupFigures, type MergedFigures } from './k-anonymity';

/**
 * The impact dashboard's figures (docs/impact.md), from the impact projection's facts: what the
 * query service answers and the report jobs write as CSV, under the same k-anonymity rule.
 * Unqualified tables: the caller's transaction sets the read schema.
 */

/** What a dashboard counts: service dated `from` to `to` (Eastern, both included). */
export type ImpactScope = {
  readonly from: string;
  readonly to: string;
  /** The Eastern day whose end the figures stand at (what was recorded by then); null: now. */
  readonly asOf: string | null;
  /** One organization's service only; null: all. */
  readonly organizationId: string | null;
};

/** The day after an Eastern calendar date ('YYYY-MM-DD'). */
const nextDay = (date: string): string => {
  const day = new Date(`${date}T00:00:00.000Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
};

/** The end of an Eastern day: the instant its next day starts, as the boards' as-of. */
export const impactAsOfInstant = (date: string): Date => easternToInstant(nextDay(date), '00:00');

/** The filters of both fact tables; $1 from, $2 to, $3 the as-of instant, $4 the organization. */
const IN_SCOPE = `service_date BETWEEN $1::date AND $2::date
  AND ($3::timestamptz IS NULL OR recorded_at < $3::timestamptz)
  AND ($4::uuid IS NULL OR organization_id = $4::uuid)`;

type Breakdown = 'months' | 'causes' | 'organizations' | 'academic_levels';

/**
 * Each person's service in scope (`f`), once per fact, with each breakdown's key beside it as
 * text ('' for service of no organization or of no known academic level); a fact has its causes.
 */
const FACTS = `f AS MATERIALIZED (
    SELECT s.source_id, s.user_id, s.minutes, s.opportunity_id, s.organization_id,
           s.service_date, s.causes, to_char(s.service_date, 'YYYY-MM') AS month,
           COALESCE(s.organization_id::text, '') AS org, COALESCE(p.academic_level, '') AS level
      FROM impact_service s LEFT JOIN impact_people p ON p.user_id = s.user_id
     WHERE ${IN_SCOPE})`;

/** The column of `f` that holds each breakdown's key (causes: a fact's array of them). */
const KEY_COLUMN: Record<Exclude<Breakdown, 'causes'>, string> = {
  months: 'month',
  organizations: 'org',
  academic_levels: 'level',
};

/** Whether a fact of `f` falls in any of the groups `keys` (text[]) of the breakdown `breakdown`. */
const inGroups = (breakdown: string, keys: string) =>
  `CASE ${breakdown} ${(Object.keys(KEY_COLUMN) as (keyof typeof KEY_COLUMN)[])
    .map((b) => `WHEN '${b}' THEN f.${KEY_COLUMN[b]} = ANY(${keys})`)
    .join(' ')} ELSE f.causes && ${keys} END`;

/**
 * Each breakdown's groups: a group's minutes (each fact once) and its people (each once); a fact
 * of two causes counts in both causes' groups.
 */
const GROUPS = `groups AS MATERIALIZED (${(Object.keys(KEY_COLUMN) as (keyof typeof KEY_COLUMN)[])
  .map(
    (b) => `SELECT '${b}'::text AS breakdown, ${KEY_COLUMN[b]} AS key, sum(minutes)::int AS minutes,
              count(DISTINCT user_id)::int AS volunteers
         FROM f GROUP BY ${KEY_COLUMN[b]}`,
  )
  .join(' UNION ALL ')}
    UNION ALL
    SELECT 'causes', c.cause, sum(f.minutes)::int, count(DISTINCT f.user_id)::int
      FROM f CROSS JOIN LATERAL unnest(f.causes) AS c(cause) GROUP BY c.cause)`;

type Params = readonly [string, string, Date | null, string | null];

const paramsOf = (scope: ImpactScope): Params => [
  scope.from,
  scope.to,
  scope.asOf ? impactAsOfInstant(scope.asOf) : null,
  scope.organizationId ?? null,
];

/** Groups $6 of the breakdown $5 together: each service once, each person once. */
const MERGED_SQL = `WITH ${FACTS}
  SELECT COALESCE(sum(f.minutes), 0)::int AS minutes, count(DISTINCT f.user_id)::int AS volunteers
    FROM f WHERE ${inGroups('$5::text', '$6::text[]')}`;

/**
 * Every figure of a dashboard in one statement (one scan of the facts in scope): the totals, the
 * no-show figures, each breakdown's groups (organizations with their names) and, per breakdown,
 * its groups of fewer than $5 people merged; the top opportunities; the organization's name.
 */
const DASHBOARD_SQL = `WITH ${FACTS},
  r AS MATERIALIZED (SELECT source_id, user_id, attended FROM impact_registrations
                      WHERE ${IN_SCOPE}),
  ${GROUPS},
  small AS (
    SELECT breakdown, array_agg(key) AS keys FROM groups WHERE volunteers < $5 GROUP BY breakdown
  ),
  per_person AS (SELECT user_id, count(*) AS services FROM f GROUP BY user_id),
  per_opportunity AS (
    SELECT opportunity_id, min(organization_id::text) AS organization_id,
           min(service_date) AS date, sum(minutes)::int AS minutes,
           count(DISTINCT user_id)::int AS volunteers
      FROM f WHERE opportunity_id IS NOT NULL
     GROUP BY opportunity_id HAVING count(DISTINCT user_id) >= $5
  ),
  top AS (
    SELECT (row_number() OVER (ORDER BY t.minutes DESC, t.volunteers DESC, t.opportunity_id))::int
             AS rank,
           t.opportunity_id::text AS id, COALESCE(o.name, '') AS name,
           org.name AS organization_name, to_char(t.date, 'YYYY-MM-DD') AS date, t.minutes,
           t.volunteers
      FROM per_opportunity t
      LEFT JOIN impact_opportunities o ON o.id = t.opportunity_id
      LEFT JOIN organizations org ON org.id::text = t.organization_id
  )
  SELECT
    (SELECT COALESCE(sum(minutes), 0)::int FROM f) AS minutes,
    (SELECT count(*)::int FROM per_person) AS volunteers,
    (SELECT count(*)::int FROM per_person WHERE services >= 2) AS returning,
    (SELECT count(*)::int FROM (SELECT source_id FROM r
                                UNION SELECT source_id FROM f WHERE opportunity_id IS NOT NULL) m)
      AS attendances,
    (SELECT count(*)::int FROM r) AS registered,
    (SELECT count(*)::int FROM r WHERE NOT attended) AS no_shows,
    (SELECT count(DISTINCT user_id)::int FROM r) AS registered_people,
    (SELECT COALESCE(json_agg(json_build_object('breakdown', g.breakdown, 'key', g.key,
              'minutes', g.minutes, 'volunteers', g.volunteers, 'name', o.name)), '[]')
       FROM groups g
       LEFT JOIN organizations o ON g.breakdown = 'organizations' AND o.id::text = g.key) AS groups,
    (SELECT COALESCE(json_agg(json_build_object('breakdown', sm.breakdown,
              'minutes', m.minutes, 'volunteers', m.volunteers)), '[]')
       FROM small sm CROSS JOIN LATERAL (
         SELECT COALESCE(sum(f.minutes), 0)::int AS minutes,
                count(DISTINCT f.user_id)::int AS volunteers
           FROM f WHERE ${inGroups('sm.breakdown', 'sm.keys')}) m) AS merged,
    (SELECT COALESCE(json_agg(top ORDER BY rank), '[]') FROM (SELECT * FROM top ORDER BY rank LIMIT $6) top)
      AS top,
    (SELECT name FROM organizations WHERE id = $4::uuid) AS organization_name`;

type DashboardRow = {
  minutes: number;
  volunteers: number;
  returning: number;
  attendances: number;
  registered: number;
  no_shows: number;
  registered_people: number;
  groups: (GroupFigures & { breakdown: Breakdown; name: string | null })[];
  merged: (MergedFigures & { breakdown: Breakdown })[];
  top: ImpactOpportunity[];
  organization_name: string | null;
};

const BREAKDOWN_ORDER: readonly Breakdown[] = [
  'months',
  'causes',
  'organizations',
  'academic_levels',
];

/** The rows of a breakdown: its groups of enough people, then the merged row if shown. */
const breakdownOf = async (
  client: PoolClient,
  breakdown: Breakdown,
  params: Params,
  row: DashboardRow,
): Promise<ImpactBreakdown> => {
  const groups = row.groups.filter((g) => g.breakdown === breakdown);
  const smallKeys = groups.filter((g) => g.volunteers < IMPACT_MIN_GROUP).map((g) => g.key);
  const allSmall = row.merged.find((m) => m.breakdown === breakdown);
  // The small groups merged came with the dashboard; merging more takes a statement each.
  const measure = async (keys: readonly string[]): Promise<MergedFigures> => {
    if (allSmall && keys.length === smallKeys.length) return allSmall;
    const { rows } = await client.query<MergedFigures>(MERGED_SQL, [...params, breakdown, keys]);
    return rows[0] ?? { minutes: 0, volunteers: 0 };
  };
  const { shown, merged, hidden } = await kAnonymous(groups, measure);
  const names = new Map(groups.map((g) => [g.key, g.name]));
  const labelOf = (key: string): string => {
    if (breakdown === 'months') return impactTexts.rows.month(key);
    if (breakdown === 'organizations') {
      return key === '' ? impactTexts.rows.noOrganization : (names.get(key) ?? key);
    }
    if (breakdown === 'academic_levels' && key === '') return impactTexts.rows.levelNotGiven;
    return key;
  };
  const rows: ImpactRow[] = shown
    .map((g): ImpactRow => ({
      key: g.key === '' ? null : g.key,
      label: labelOf(g.key),
      kind: g.key === '' ? 'none' : 'group',
      minutes: g.minutes,
      volunteers: g.volunteers,
    }))
    .sort((a, b) =>
      breakdown === 'months'
        ? (a.key ?? '').localeCompare(b.key ?? '')
        : b.minutes - a.minutes || a.label.localeCompare(b.label),
    );
  if (merged) {
    rows.push({
      key: null,
      label: impactTexts.rows.smallGroups,
      kind: 'small_groups',
      minutes: merged.minutes,
      volunteers: merged.volunteers,
    });
  }
  return { rows, hidden };
};

/** The dashboard of `scope`, read inside the caller's transaction (one snapshot). */
export const readImpact = async (
  client: PoolClient,
  scope: ImpactScope,
): Promise<ImpactDashboard> => {
  const params = paramsOf(scope);
  // A named statement: each pooled connection plans it once (planning took about a fifth of it).
  const { rows } = await client.query<DashboardRow>({
    name: 'impact-dashboard',
    text: DASHBOARD_SQL,
    values: [...params, IMPACT_MIN_GROUP, IMPACT_TOP_OPPORTUNITIES],
  });
  const row = rows[0];
  if (!row) throw new Error('the dashboard statement answered no row');
  const shown = figureOf(row.volunteers, row.volunteers) !== null;
  const noShowShown = figureOf(row.registered, row.registered_people) !== null;
  const breakdowns = {} as Record<Breakdown, ImpactBreakdown>;
  for (const breakdown of BREAKDOWN_ORDER) {
    breakdowns[breakdown] = await breakdownOf(client, breakdown, params, row);
  }
  return {
    from: scope.from,
    to: scope.to,
    as_of: scope.asOf,
    as_of_instant: params[2]?.toISOString() ?? null,
    organization: scope.organizationId
      ? { id: scope.organizationId, name: row.organization_name ?? scope.organizationId }
      : null,
    min_group_size: IMPACT_MIN_GROUP,
    totals: {
      minutes: shown ? row.minutes : null,
      volunteers: shown ? row.volunteers : null,
      returning_volunteers: shown ? figureOf(row.returning, row.returning) : null,
    },
    no_show: {
      attendances: row.attendances,
      registered: noShowShown ? row.registered : null,
      no_shows: noShowShown ? row.no_shows : null,
      rate: noShowShown && row.registered > 0 ? row.no_shows / row.registered : null,
    },
    ...breakdowns,
    top_opportunities: { rows: row.top },
  };
};

/** The dashboard of `scope` from one read-only snapshot of the live read model. */
export const impactDashboard = (pool: Pool, scope: ImpactScope): Promise<ImpactDashboard> =>
  withReadTransaction(
    pool,
    LIVE_SCHEMA,
    (client) => readImpact(client, scope),
    'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY',
  );

/** Hours of `minutes`, one decimal, as the users CSV writes them. */
const hoursText = (minutes: number) => (Math.round(minutes / 6) / 10).toFixed(1);

/** What a CSV cell holds for a figure about too few people. */
const figureCell = (value: number | null): string | number => value ?? impactTexts.ui.hiddenFigure;

const BREAKDOWN_KEYS: Record<Exclude<ImpactTable, 'summary' | 'opportunities'>, Breakdown> = {
  months: 'months',
  causes: 'causes',
  organizations: 'organizations',
  'academic-levels': 'academic_levels',
};

/** A table's CSV columns: its key, then its label and figures. */
const KEY_COLUMNS: Record<Breakdown, string> = {
  months: 'month',
  causes: 'cause',
  organizations: 'organization_id',
  academic_levels: 'academic_level',
};

const OPPORTUNITY_COLUMNS = [
  'rank',
  'opportunity_id',
  'opportunity',
  'organization',
  'date',
  'minutes',
  'hours',
  'volunteers',
];

/** The CSV columns of one table of the dashboard. */
export const impactCsvColumns = (table: ImpactTable): string[] => {
  if (table === 'summary') return ['measure', 'value'];
  if (table === 'opportunities') return OPPORTUNITY_COLUMNS;
  return [KEY_COLUMNS[BREAKDOWN_KEYS[table]], 'label', 'minutes', 'hours', 'volunteers'];
};

/** One table of the dashboard as CSV rows: the rows the dashboard shows, nothing more. */
export const impactCsvRows = (dashboard: ImpactDashboard, table: ImpactTable): unknown[][] => {
  if (table === 'summary') {
    const t = impactTexts.ui.totals;
    const { totals, no_show } = dashboard;
    return [
      [t.minutes, figureCell(totals.minutes)],
      [t.hours, totals.minutes === null ? figureCell(null) : hoursText(totals.minutes)],
      [t.volunteers, figureCell(totals.volunteers)],
      [t.returning, figureCell(totals.returning_volunteers)],
      [t.attendances, no_show.attendances],
      [
        t.noShowRate,
        no_show.registered === null
          ? figureCell(null)
          : no_show.rate === null
            ? null
            : no_show.rate.toFixed(3),
      ],
    ];
  }
  if (table === 'opportunities') {
    return dashboard.top_opportunities.rows.map((o) => [
      o.rank,
      o.id,
      o.name,
      o.organization_name,
      o.date,
      o.minutes,
      hoursText(o.minutes),
      o.volunteers,
    ]);
  }
  return dashboard[BREAKDOWN_KEYS[table]].rows.map((r) => [
    r.key,
    r.label,
    r.minutes,
    hoursText(r.minutes),
    r.volunteers,
  ]);
};
