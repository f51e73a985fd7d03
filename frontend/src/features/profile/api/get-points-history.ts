import type { PointsHistory } from '@campus/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/users/{id}/points-history: the user's point ledger (the user and admins only). */
const getPointsHistory = (id: string, signal?: AbortSignal): Promise<PointsHistory> =>
  api.request('getPointsHistory', { params: { id }, signal });

const pointsHistoryQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['users', 'points-history', id],
    queryFn: ({ signal }) => getPointsHistory(id, signal),
  });

export const usePointsHistory = (id: string, enabled: boolean) =>
  useQuery({ ...pointsHistoryQueryOptions(id), enabled });
