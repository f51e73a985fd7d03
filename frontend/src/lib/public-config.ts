import type { PublicConfig } from '@campus/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { siteContent } from '@/content/site';
import { api } from '@/lib/api-client';

/** GET /api/config: university domain, support mailbox, launch date, server now. */
const getPublicConfig = (): Promise<PublicConfig> => api.request('getConfig');

export const publicConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['config'],
    queryFn: getPublicConfig,
    staleTime: 5 * 60_000,
  });

export const usePublicConfig = () => useQuery(publicConfigQueryOptions());

/** The support mailbox: the configured one once GET /api/config answers, the content file's until then. */
export const useSupportEmail = (): string =>
  usePublicConfig().data?.supportEmail ?? siteContent.supportEmail;
