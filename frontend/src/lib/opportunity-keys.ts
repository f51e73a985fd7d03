/**
 * Every opportunity query key starts here, so one invalidation refreshes lists, detail and mine.
 * Shared by the features that read opportunities and those that change them (the host tools).
 */
export const opportunityKeys = {
  all: ['opportunities'] as const,
  list: (filters: object) => ['opportunities', 'list', filters] as const,
  count: (filters: object) => ['opportunities', 'count', filters] as const,
  detail: (id: string) => ['opportunities', 'detail', id] as const,
  isFull: (id: string) => ['opportunities', 'is-full', id] as const,
  mine: ['opportunities', 'mine'] as const,
};
