import { isValidDate } from '@campus/contracts';

/** The dashboard's filters as the URL holds them ('' when not set: the server's default). */
export type ImpactFilters = {
  from: string;
  to: string;
  asOf: string;
  /** An organization's id; '' for every organization (admins only). */
  organization: string;
};

export const noImpactFilters: ImpactFilters = { from: '', to: '', asOf: '', organization: '' };

/** The longest organization id the URL may carry (a UUID is 36 characters). */
const MAX_ID_LENGTH = 64;

const dateOf = (value: string | null): string => {
  const date = value?.trim() ?? '';
  return isValidDate(date) ? date : '';
};

/**
 * The filters a URL's search parameters hold (`from`, `to`, `as_of`, `organization`); a value that
 * is not a date, or an id too long to be one, is dropped.
 */
export const filtersFromSearch = (params: URLSearchParams): ImpactFilters => {
  const organization = params.get('organization')?.trim() ?? '';
  return {
    from: dateOf(params.get('from')),
    to: dateOf(params.get('to')),
    asOf: dateOf(params.get('as_of')),
    organization: organization.length <= MAX_ID_LENGTH ? organization : '',
  };
};

/** The search parameters of `filters`, only those that are set. */
export const searchOfFilters = (filters: ImpactFilters): URLSearchParams => {
  const params = new URLSearchParams();
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.asOf) params.set('as_of', filters.asOf);
  if (filters.organization) params.set('organization', filters.organization);
  return params;
};

/** Both ends are set and the start is after the end (the server refuses it). */
export const isRangeInvalid = (filters: Pick<ImpactFilters, 'from' | 'to'>): boolean =>
  !!filters.from && !!filters.to && filters.from > filters.to;

/** GET /api/impact's query: only the filters that are set, and the organization resolved. */
export const impactQueryOf = (
  filters: ImpactFilters,
  organizationId: string | null,
): { from?: string; to?: string; as_of?: string; organization_id?: string } => ({
  ...(filters.from ? { from: filters.from } : {}),
  ...(filters.to ? { to: filters.to } : {}),
  ...(filters.asOf ? { as_of: filters.asOf } : {}),
  ...(organizationId ? { organization_id: organizationId } : {}),
});
