import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { opportunityKeys } from '@/lib/opportunity-keys';
import { fakeApi } from '@/testing/fake-api';
import { prefetchPage } from './prefetch-page';

vi.mock('@/lib/auth/firebase', () => ({
  currentIdToken: () => Promise.resolve('id-token'),
  getFirebaseAuth: () => {
    throw new Error('no Firebase in this test');
  },
}));

const ID = '11111111-1111-4111-8111-111111111111';
const clients: QueryClient[] = [];
const client = () => {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  clients.push(queryClient);
  return queryClient;
};

afterEach(() => {
  for (const queryClient of clients.splice(0)) queryClient.clear();
  vi.unstubAllGlobals();
});

describe('prefetchPage', () => {
  it("asks for an opportunity's detail under the key its screen reads", async () => {
    const api = fakeApi();
    const queryClient = client();
    prefetchPage(queryClient, { pathname: `/opportunity/${ID}`, search: '' });
    await vi.waitFor(() => expect(api.calls('GET', `/api/opps/${ID}/full`)).toHaveLength(1));
    expect(queryClient.getQueryState(opportunityKeys.detail(ID))).toBeDefined();
    expect(api.sent).toHaveLength(1);
  });

  it("asks for the Events list's first page and count with the address's filters", async () => {
    const api = fakeApi();
    prefetchPage(client(), {
      pathname: '/opportunities',
      search: '?cause=Environment+%26+Sustainability&q=park',
    });
    await vi.waitFor(() => expect(api.sent).toHaveLength(2));
    const [page] = api.calls('GET', '/api/opps');
    const params = new URLSearchParams(page?.search);
    expect(Object.fromEntries(params)).toMatchObject({
      view: 'cards',
      cause: 'Environment & Sustainability',
      q: 'park',
    });
    expect(api.calls('GET', '/api/opps/count')).toHaveLength(1);
  });

  it('asks for nothing on other pages, or for a date range the list refuses', async () => {
    const api = fakeApi();
    prefetchPage(client(), { pathname: '/leaderboard', search: '' });
    prefetchPage(client(), { pathname: '/login', search: '' });
    prefetchPage(client(), {
      pathname: '/opportunities',
      search: '?from=2026-05-02&to=2026-05-01',
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.sent).toEqual([]);
  });
});
