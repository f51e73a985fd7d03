import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import {
  MissingFriendshipError,
  useFriendAction,
  type FriendActionInput,
  type FriendActionOptions,
} from './friend-actions';

vi.mock('@/lib/auth/firebase', () => ({
  currentIdToken: () => Promise.resolve('id-token'),
  getFirebaseAuth: () => {
    throw new Error('no Firebase in this test');
  },
}));

const ME = 'me-1';
const OTHER = 'other-2';
/** One cached read per kind the app holds. */
const READS = [
  ['config'],
  ['users', 'friendships', ME],
  ['notifications'],
  ['leaderboard', 'monthly', 'individuals'],
  ['opportunities', 'mine'],
  ['organizations', 'list'],
  ['search', 'fay'],
];

let api: ReturnType<typeof fakeApi>;
let queryClient: QueryClient;

beforeEach(() => {
  api = fakeApi();
  api.on(`POST /api/users/${ME}/friends`, () => ({ body: { success: true } }));
  api.on('PUT /api/friendships/f-1/accept', () => ({ body: { success: true } }));
  api.on('PUT /api/friendships/f-1/reject', () => ({ body: { success: true } }));
  api.on(`DELETE /api/users/${ME}/friends/${OTHER}`, () => ({ body: { success: true } }));
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  for (const key of READS) queryClient.setQueryData(key, { cached: true });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const renderAction = (viewerId: string | null, options: FriendActionOptions) =>
  renderHook(() => useFriendAction(viewerId, options), {
    wrapper: ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    ),
  });

/** The first segment of every cached read marked stale. */
const refreshed = () =>
  queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.isInvalidated)
    .map((query) => String(query.queryKey[0]))
    .sort();

const runAction = async (
  viewerId: string | null,
  options: FriendActionOptions,
  input: FriendActionInput,
) => {
  const { result } = renderAction(viewerId, options);
  await act(() => result.current.mutateAsync(input));
};

describe('the friendship writes', () => {
  it('sends Add Friend, Accept, Decline and Remove to their routes', async () => {
    const options = { refresh: 'profile' } as const;
    await runAction(ME, options, { action: 'request', userId: OTHER, friendshipId: null });
    await runAction(ME, options, { action: 'accept', userId: OTHER, friendshipId: 'f-1' });
    await runAction(ME, options, { action: 'reject', userId: OTHER, friendshipId: 'f-1' });
    await runAction(ME, options, { action: 'remove', userId: OTHER, friendshipId: 'f-1' });
    expect(api.sent.map((r) => `${r.method} ${r.path}`)).toEqual([
      `POST /api/users/${ME}/friends`,
      'PUT /api/friendships/f-1/accept',
      'PUT /api/friendships/f-1/reject',
      `DELETE /api/users/${ME}/friends/${OTHER}`,
    ]);
    expect(api.sent[0]?.body).toEqual({ receiver_id: OTHER });
  });

  it('sends nothing for an answer to a request that is not known any more', async () => {
    const { result } = renderAction(ME, { refresh: 'allReads' });
    act(() => result.current.mutate({ action: 'accept', userId: OTHER, friendshipId: null }));
    await waitFor(() => {
      expect(result.current.error).toBeInstanceOf(MissingFriendshipError);
    });
    expect(api.sent).toEqual([]);
    expect(refreshed()).toEqual([]);
  });

  it('sends no request without a signed-in viewer', async () => {
    const { result } = renderAction(null, { refresh: 'allReads' });
    act(() => result.current.mutate({ action: 'request', userId: OTHER, friendshipId: null }));
    await waitFor(() => {
      expect(result.current.error?.message).toBe('Not signed in');
    });
    expect(api.sent).toEqual([]);
  });
});

describe('the reads a friendship write refreshes', () => {
  const input: FriendActionInput = { action: 'request', userId: OTHER, friendshipId: null };

  it('from the header search and the notifications: every read but the configuration', async () => {
    await runAction(ME, { refresh: 'allReads' }, input);
    expect(refreshed()).toEqual([
      'leaderboard',
      'notifications',
      'opportunities',
      'organizations',
      'search',
      'users',
    ]);
  });

  it('from a profile: the user reads, the bell and the boards', async () => {
    await runAction(ME, { refresh: 'profile' }, input);
    expect(refreshed()).toEqual(['leaderboard', 'notifications', 'users']);
  });

  it('from the leaderboard: the boards and the bell, after the row has changed', async () => {
    const seen: string[][] = [];
    await runAction(
      ME,
      {
        refresh: 'leaderboard',
        onWritten: (written) => seen.push([written.userId, ...refreshed()]),
      },
      input,
    );
    expect(seen).toEqual([[OTHER]]);
    expect(refreshed()).toEqual(['leaderboard', 'notifications']);
  });

  it('refreshes nothing when the write fails', async () => {
    api.on(`POST /api/users/${ME}/friends`, () => ({ status: 409, body: { message: 'Already' } }));
    const onWritten = vi.fn();
    const { result } = renderAction(ME, { refresh: 'allReads', onWritten });
    await act(async () => {
      await expect(result.current.mutateAsync(input)).rejects.toThrow();
    });
    expect(onWritten).not.toHaveBeenCalled();
    expect(refreshed()).toEqual([]);
  });
});
