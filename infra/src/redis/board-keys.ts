import { ORGANIZATION_TYPES, type OrganizationType } from '@campus/contracts';

/** Which board: individuals, all organizations, or the organizations of one type. */
export type BoardScope =
  | { readonly kind: 'individuals' }
  | { readonly kind: 'orgs' }
  | { readonly kind: 'orgs-of-type'; readonly type: OrganizationType };

/** 'all' for all-time, or an Eastern calendar month 'YYYY-MM'. */
export type BoardPeriod = 'all' | `${number}-${number}`;

export const ALL_TIME = 'all' as const;

const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
export const isBoardMonth = (value: string): value is `${number}-${number}` =>
  MONTH_PATTERN.test(value);

/** 'Professional Club' -> 'professional-club': type names hold spaces; keys do not. */
export const organizationTypeSlug = (type: OrganizationType): string =>
  type.toLowerCase().replace(/[^a-z0-9]+/g, '-');

export const organizationTypeOfSlug = (slug: string): OrganizationType | null =>
  ORGANIZATION_TYPES.find((t) => organizationTypeSlug(t) === slug) ?? null;

const scopePart = (scope: BoardScope): string => {
  switch (scope.kind) {
    case 'individuals':
      return 'individuals';
    case 'orgs':
      return 'orgs';
    case 'orgs-of-type':
      return `orgs:${organizationTypeSlug(scope.type)}`;
    default: {
      const never: never = scope;
      throw new Error(`Unknown board scope ${JSON.stringify(never)}`);
    }
  }
};

/**
 * The sorted set of one board: `<prefix>board:{individuals|orgs|orgs:<type-slug>}:{all|YYYY-MM}`.
 * Members are user or organization ids; scores are absolute points.
 */
export const boardKey = (prefix: string, scope: BoardScope, period: BoardPeriod): string =>
  `${prefix}board:${scopePart(scope)}:${period}`;

/** The pattern matching every board key under a prefix (for SCAN). */
export const boardKeyPattern = (prefix: string): string => `${escapeGlob(prefix)}board:*`;

const escapeGlob = (text: string) => text.replace(/[*?[\]\\]/g, (c) => `\\${c}`);

export const individualsBoard = (prefix: string, period: BoardPeriod) =>
  boardKey(prefix, { kind: 'individuals' }, period);
export const organizationsBoard = (prefix: string, period: BoardPeriod) =>
  boardKey(prefix, { kind: 'orgs' }, period);
export const organizationTypeBoard = (
  prefix: string,
  type: OrganizationType,
  period: BoardPeriod,
) => boardKey(prefix, { kind: 'orgs-of-type', type }, period);

/**
 * Keys beside the boards (outside boardKeyPattern, so a rebuild never deletes them):
 * - `present`: "this Redis holds the boards"; a Redis that lost its data is known by its absence.
 * - `rebuilding`: set (with an expiry) while the boards are rebuilt because they are missing or
 *   missed writes; leaderboard reads answer 503 meanwhile rather than show old or empty boards.
 * - `position`: the event position every board write so far includes (`<txn>.<seq>`), so a worker
 *   that starts after an outage knows which events the boards may lack.
 */
export const boardsStateKeys = (prefix: string) => ({
  present: `${prefix}boards-present`,
  rebuilding: `${prefix}boards-rebuilding`,
  position: `${prefix}boards-position`,
});
