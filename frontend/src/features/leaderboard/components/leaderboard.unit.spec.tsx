import { texts, type Leaderboard as Board, type LeaderboardEntry } from '@campus/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PopupProvider } from '@/components/ui/popup';
import { renderWithProviders } from '@/testing/render';
import { Leaderboard } from './leaderboard';

vi.mock('@/lib/auth/firebase', () => ({
  currentIdToken: () => Promise.resolve('id-token'),
  getFirebaseAuth: () => {
    throw new Error('no Firebase in this test');
  },
}));

const ME = 'me-1';

type Call = { method: string; url: URL; body: unknown };
type Reply = { status: number; body: unknown };
let calls: Call[];
/** Answers by "METHOD /path" (query string left out); a missing answer is a 404. */
let answers: Record<string, (call: Call) => Reply>;
/** Query clients of the rendered boards, cleared after each test (no read retried later). */
let clients: QueryClient[];

beforeEach(() => {
  calls = [];
  answers = {};
  clients = [];
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://app.test');
    const method = init?.method ?? 'GET';
    const call: Call = {
      method,
      url,
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    };
    calls.push(call);
    const answer = answers[`${method} ${url.pathname}`];
    const { status, body } = answer
      ? answer(call)
      : { status: 404, body: { message: 'Not Found' } };
    return Promise.resolve(
      new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
    );
  });
});

afterEach(() => {
  clients.forEach((client) => client.clear());
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const aStudent = (overrides: Partial<LeaderboardEntry> = {}): LeaderboardEntry => ({
  rank: 1,
  id: 'u-1',
  name: 'Ada Lovelace',
  profile_image: null,
  points: 100,
  friendship_status: 'add',
  friendship_id: null,
  ...overrides,
});

const anOrganization = (overrides: Partial<LeaderboardEntry> = {}): LeaderboardEntry => ({
  rank: 1,
  id: 'o-1',
  name: 'Chess Club',
  profile_image: null,
  points: 300,
  type: 'Other',
  is_member: false,
  is_host: false,
  ...overrides,
});

const aBoard = (overrides: Partial<Board> = {}): Board => ({
  period: 'monthly',
  board: 'individuals',
  month: '2025-10',
  window_start: '2025-10-01',
  entries: [],
  me: { rank: 999, points: 0 },
  ...overrides,
});

/** GET /api/leaderboard answers per period and board. */
const serveBoards = (boards: (period: string, board: string) => Reply) => {
  answers['GET /api/leaderboard'] = ({ url }) =>
    boards(url.searchParams.get('period') ?? '', url.searchParams.get('board') ?? '');
};

/** What the server holds after a command: later reads answer the changed row. */
const changeServed = (
  entries: LeaderboardEntry[],
  id: string,
  patch: Partial<LeaderboardEntry>,
) => {
  const index = entries.findIndex((e) => e.id === id);
  const entry = entries[index];
  if (entry) entries[index] = { ...entry, ...patch };
};

const boardCalls = () =>
  calls
    .filter((c) => c.url.pathname === '/api/leaderboard')
    .map(
      (c) => `${c.url.searchParams.get('period') ?? ''}/${c.url.searchParams.get('board') ?? ''}`,
    );

const renderBoard = () => {
  const { queryClient } = renderWithProviders(
    <PopupProvider>
      <Leaderboard userId={ME} />
    </PopupProvider>,
    { path: '/leaderboard' },
  );
  clients.push(queryClient);
  return userEvent.setup();
};

/** The query service's answer while Redis is away or the boards are being rebuilt. */
const UNAVAILABLE = 'Leaderboards cannot be read right now; try again in a few seconds.';
const REBUILDING = 'Leaderboards are being rebuilt; try again in a few seconds.';
const unavailable = (detail = UNAVAILABLE): Reply => ({
  status: 503,
  body: {
    type: 'about:blank',
    title:
      detail === REBUILDING
        ? 'Leaderboards are being rebuilt'
        : 'Leaderboards are temporarily unavailable',
    status: 503,
    detail,
    message: detail,
  },
});

const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(name) });
const rankOf = (name: string) => within(rowOf(name)).getAllByRole('cell')[0]?.textContent;

describe('Leaderboard', () => {
  it('shows the ranks as the server gives them (ties share one) and the caller at 999', async () => {
    serveBoards(() => ({
      status: 200,
      body: aBoard({
        entries: [
          aStudent({ id: 'a', name: 'Ada Lovelace', rank: 1, points: 120 }),
          aStudent({ id: 'b', name: 'Bo Chen', rank: 2, points: 90 }),
          aStudent({ id: 'c', name: 'Cy Young', rank: 2, points: 90 }),
          aStudent({ id: 'd', name: 'Di Park', rank: 4, points: 30 }),
        ],
        me: { rank: 999, points: 0 },
      }),
    }));
    renderBoard();

    expect(await screen.findByRole('row', { name: /Ada Lovelace/ })).toBeInTheDocument();
    expect(['Ada Lovelace', 'Bo Chen', 'Cy Young', 'Di Park'].map(rankOf)).toEqual([
      '1',
      '2',
      '2',
      '4',
    ]);
    expect(within(rowOf('Bo Chen')).getByText('90')).toBeInTheDocument();
    const me = screen.getByRole('region', { name: 'Your rank' });
    expect(within(me).getByText('#999')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute(
      'href',
      '/profile/a',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Leaderboard' })).toBeInTheDocument();
    expect(screen.getByText('October 2025, counted from Oct 1, 2025')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Terms of Service & Privacy Policy/ })).toHaveAttribute(
      'href',
      '/terms-and-privacy.pdf',
    );
  });

  it('keeps the rank card and the period line in place while the board loads', async () => {
    const pending: ((body: unknown) => void)[] = [];
    vi.stubGlobal(
      'fetch',
      () =>
        new Promise<Response>((resolve) => {
          pending.push((body) => resolve(new Response(JSON.stringify(body), { status: 200 })));
        }),
    );
    renderWithProviders(
      <PopupProvider>
        <Leaderboard userId={ME} />
      </PopupProvider>,
      { path: '/leaderboard' },
    );
    const me = await screen.findByRole('region', { name: 'Your rank' });
    expect(me).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status', { name: texts.common.loading })).toBeInTheDocument();
    // The period line is held by a placeholder under the title.
    const title = screen.getByRole('heading', { level: 1, name: texts.pages.leaderboard });
    expect(title.nextElementSibling?.tagName).toBe('P');

    const board = aBoard({ entries: [aStudent({ name: 'Ada Add' })], me: { rank: 3, points: 45 } });
    await waitFor(() => expect(pending.length).toBeGreaterThan(0));
    pending.forEach((answer) => answer(board));
    expect(await within(me).findByText('#3')).toBeInTheDocument();
    expect(me).not.toHaveAttribute('aria-busy');
    expect(title.nextElementSibling).toHaveTextContent('October 2025');
  });

  it('shows the caller their own rank and marks their row', async () => {
    serveBoards(() => ({
      status: 200,
      body: aBoard({
        entries: [aStudent({ id: ME, name: 'Me Myself', rank: 3, friendship_status: null })],
        me: { rank: 3, points: 45 },
      }),
    }));
    renderBoard();
    const me = await screen.findByRole('region', { name: 'Your rank' });
    expect(await within(me).findByText('#3')).toBeInTheDocument();
    expect(within(me).getByText('45')).toBeInTheDocument();
    expect(within(rowOf('Me Myself')).getByText('You')).toBeInTheDocument();
    expect(within(rowOf('Me Myself')).queryByRole('button')).not.toBeInTheDocument();
  });

  it('starts on Monthly and falls back to the all-time board when the monthly load fails', async () => {
    serveBoards((period) =>
      period === 'monthly'
        ? { status: 500, body: { message: 'Redis is down' } }
        : {
            status: 200,
            body: aBoard({
              period: 'all',
              month: null,
              window_start: null,
              entries: [aStudent({ name: 'All Time Alice', points: 900 })],
              me: { rank: 7, points: 60 },
            }),
          },
    );
    renderBoard();

    expect(await screen.findByRole('row', { name: /All Time Alice/ })).toBeInTheDocument();
    expect(boardCalls()).toEqual(['monthly/individuals', 'all/individuals']);
    expect(screen.getByRole('radio', { name: 'All-Time' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Monthly' })).not.toBeChecked();
    expect(screen.getByText(texts.leaderboard.fallback)).toBeInTheDocument();
    expect(screen.getByText('#7')).toBeInTheDocument();
  });

  it('tries the monthly board again when Monthly is chosen after a fallback', async () => {
    let monthlyUp = false;
    serveBoards((period) =>
      period === 'monthly' && !monthlyUp
        ? { status: 500, body: {} }
        : {
            status: 200,
            body: aBoard({
              period: period as Board['period'],
              entries: [
                aStudent({ name: period === 'monthly' ? 'Monthly Max' : 'All Time Alice' }),
              ],
            }),
          },
    );
    const user = renderBoard();
    expect(await screen.findByRole('row', { name: /All Time Alice/ })).toBeInTheDocument();

    monthlyUp = true;
    await user.click(screen.getByRole('radio', { name: 'Monthly' }));
    expect(await screen.findByRole('row', { name: /Monthly Max/ })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Monthly' })).toBeChecked();
    expect(screen.queryByText(texts.leaderboard.fallback)).not.toBeInTheDocument();
  });

  it('does not fall back while the monthly board answers', async () => {
    serveBoards((period) => ({
      status: 200,
      body: aBoard({
        period: period as Board['period'],
        entries: [aStudent({ name: period === 'monthly' ? 'Monthly Max' : 'All Time Alice' })],
      }),
    }));
    renderBoard();
    expect(await screen.findByRole('row', { name: /Monthly Max/ })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Monthly' })).toBeChecked();
    expect(screen.queryByText(texts.leaderboard.fallback)).not.toBeInTheDocument();
    expect(boardCalls()).toEqual(['monthly/individuals']);
  });

  it('shows the server’s words while the leaderboards are unavailable, and Retry reads again', async () => {
    let up = false;
    serveBoards((period) =>
      up
        ? {
            status: 200,
            body: aBoard({ period: period as Board['period'], entries: [aStudent()] }),
          }
        : unavailable(),
    );
    const user = renderBoard();

    expect(await screen.findByText(UNAVAILABLE)).toBeInTheDocument();
    expect(screen.queryByText(texts.leaderboard.loadFailed)).not.toBeInTheDocument();
    // The rank card keeps its place for the board on its way.
    expect(screen.getByRole('region', { name: 'Your rank' })).toHaveAttribute('aria-busy', 'true');
    expect(boardCalls()).toEqual(['monthly/individuals']);

    up = true;
    await user.click(screen.getByRole('button', { name: texts.common.retry }));
    expect(await screen.findByRole('row', { name: /Ada Lovelace/ })).toBeInTheDocument();
    expect(screen.queryByText(UNAVAILABLE)).not.toBeInTheDocument();
    expect(boardCalls()).toEqual(['monthly/individuals', 'monthly/individuals']);
  });

  it('reads the board again by itself a few seconds after the leaderboards were unavailable', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let reads = 0;
    serveBoards((period) =>
      ++reads === 1
        ? unavailable(REBUILDING)
        : {
            status: 200,
            body: aBoard({ period: period as Board['period'], entries: [aStudent()] }),
          },
    );
    renderBoard();

    expect(await screen.findByText(REBUILDING)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: texts.common.retry })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(4_000));
    expect(boardCalls()).toEqual(['monthly/individuals']);
    expect(screen.getByText(REBUILDING)).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(1_500));
    expect(await screen.findByRole('row', { name: /Ada Lovelace/ })).toBeInTheDocument();
    expect(boardCalls()).toEqual(['monthly/individuals', 'monthly/individuals']);
  });

  it('does not fall back to the all-time board when the leaderboards are unavailable', async () => {
    serveBoards(() => unavailable());
    renderBoard();

    expect(await screen.findByText(UNAVAILABLE)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: texts.common.retry })).toBeInTheDocument();
    expect(screen.queryByText(texts.leaderboard.fallback)).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Monthly' })).toBeChecked();
    expect(boardCalls()).toEqual(['monthly/individuals']);
  });

  it.each([500, 502, 404])(
    'still falls back to the all-time board when the monthly load fails with %i',
    async (status) => {
      serveBoards((period) =>
        period === 'monthly'
          ? {
              status,
              body: { status, detail: 'Monthly went wrong', message: 'Monthly went wrong' },
            }
          : {
              status: 200,
              body: aBoard({
                period: 'all',
                month: null,
                window_start: null,
                entries: [aStudent({ name: 'All Time Alice' })],
              }),
            },
      );
      renderBoard();

      expect(await screen.findByRole('row', { name: /All Time Alice/ })).toBeInTheDocument();
      expect(screen.getByText(texts.leaderboard.fallback)).toBeInTheDocument();
      expect(screen.getByRole('radio', { name: 'All-Time' })).toBeChecked();
      expect(screen.queryByText('Monthly went wrong')).not.toBeInTheDocument();
      expect(boardCalls()).toEqual(['monthly/individuals', 'all/individuals']);
    },
  );

  it('drops the fallback note when the all-time board it fell back to is unavailable', async () => {
    serveBoards((period) =>
      period === 'monthly' ? { status: 500, body: { message: 'boom' } } : unavailable(),
    );
    renderBoard();

    expect(await screen.findByText(UNAVAILABLE)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: texts.common.retry })).toBeInTheDocument();
    expect(screen.queryByText(texts.leaderboard.fallback)).not.toBeInTheDocument();
    expect(boardCalls()).toEqual(['monthly/individuals', 'all/individuals']);
  });

  it('switches period with the radio and board with the tabs', async () => {
    serveBoards((period, board) => ({
      status: 200,
      body: aBoard({
        period: period as Board['period'],
        board,
        month: period === 'monthly' ? '2025-10' : null,
        window_start: period === 'monthly' ? '2025-10-01' : null,
        entries:
          board === 'individuals'
            ? [aStudent({ name: `Student ${period}` })]
            : [anOrganization({ name: `Org ${period} ${board}`, type: 'Sorority' })],
      }),
    }));
    const user = renderBoard();

    expect(await screen.findByRole('row', { name: /Student monthly/ })).toBeInTheDocument();
    const tabs = screen.getByRole('tablist', { name: 'Leaderboards' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual([
      'Individuals',
      'All Organizations',
      'Fraternity',
      'Sorority',
      'Professional Club',
      'Sports Team',
      'Performing Arts Group',
      'Project Team',
      'Cultural',
      'Community Service',
      'Religious',
      'Other',
    ]);
    expect(within(tabs).getByRole('tab', { name: 'Individuals' })).toHaveAttribute(
      'aria-selected',
      'true',
    );

    await user.click(screen.getByRole('radio', { name: 'All-Time' }));
    expect(await screen.findByRole('row', { name: /Student all/ })).toBeInTheDocument();
    expect(screen.getByText('Every point since launch')).toBeInTheDocument();

    await user.click(within(tabs).getByRole('tab', { name: 'Sorority' }));
    expect(await screen.findByRole('row', { name: /Org all sorority/ })).toBeInTheDocument();
    expect(within(tabs).getByRole('tab', { name: 'Sorority' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('link', { name: /Org all sorority/ })).toHaveAttribute(
      'href',
      '/group-detail/o-1',
    );

    await user.click(screen.getByRole('radio', { name: 'Monthly' }));
    expect(await screen.findByRole('row', { name: /Org monthly sorority/ })).toBeInTheDocument();

    await user.click(within(tabs).getByRole('tab', { name: 'All Organizations' }));
    expect(
      await screen.findByRole('row', { name: /Org monthly organizations/ }),
    ).toBeInTheDocument();
    expect(boardCalls()).toEqual([
      'monthly/individuals',
      'all/individuals',
      'all/sorority',
      'monthly/sorority',
      'monthly/organizations',
    ]);
  });
});

describe('Leaderboard friend actions', () => {
  const serveStudents = (entries: LeaderboardEntry[]) =>
    serveBoards(() => ({ status: 200, body: aBoard({ entries }) }));

  it('names each row’s buttons after the person, since every row shows the same words', async () => {
    serveStudents([
      aStudent({ id: 't', name: 'Tom Cummerata', friendship_status: 'add' }),
      aStudent({ id: 'a', name: 'Ada Add', friendship_status: 'add' }),
      aStudent({ id: 'r', name: 'Rae Received', friendship_status: 'received' }),
    ]);
    renderBoard();
    const addTom = await screen.findByRole('button', { name: 'Add friend Tom Cummerata' });
    expect(addTom).toHaveTextContent('Add Friend');
    expect(screen.getByRole('button', { name: 'Add friend Ada Add' })).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Accept friend request from Rae Received' }),
    ).toHaveTextContent('Accept');
    expect(
      screen.getByRole('button', { name: 'Decline friend request from Rae Received' }),
    ).toHaveTextContent('Decline');
    expect(screen.queryByRole('button', { name: 'Add Friend' })).not.toBeInTheDocument();
  });

  it('shows Add Friend, Request Sent, Accept/Decline and Friends by relation', async () => {
    serveStudents([
      aStudent({ id: 'a', name: 'Ada Add', friendship_status: 'add' }),
      aStudent({ id: 's', name: 'Sid Sent', friendship_status: 'sent', friendship_id: 'f-s' }),
      aStudent({
        id: 'r',
        name: 'Rae Received',
        friendship_status: 'received',
        friendship_id: 'f-r',
      }),
      aStudent({ id: 'f', name: 'Fay Friend', friendship_status: 'friends', friendship_id: 'f-f' }),
    ]);
    renderBoard();
    await screen.findByRole('row', { name: /Ada Add/ });

    const buttonsOf = (name: string) =>
      within(rowOf(name))
        .queryAllByRole('button')
        .map((b) => b.textContent);
    expect(buttonsOf('Ada Add')).toEqual(['Add Friend']);
    expect(buttonsOf('Sid Sent')).toEqual(['Request Sent']);
    expect(
      within(rowOf('Sid Sent')).getByRole('button', {
        name: texts.leaderboard.rowAction.requestSent('Sid Sent'),
      }),
    ).toBeDisabled();
    expect(buttonsOf('Rae Received')).toEqual(['Accept', 'Decline']);
    expect(buttonsOf('Fay Friend')).toEqual([]);
    expect(within(rowOf('Fay Friend')).getByText('Friends')).toBeInTheDocument();
  });

  it('sends a friend request and then shows Request Sent', async () => {
    const entries = [aStudent({ id: 'a', name: 'Ada Add' })];
    serveStudents(entries);
    answers[`POST /api/users/${ME}/friends`] = () => {
      changeServed(entries, 'a', { friendship_status: 'sent', friendship_id: 'f-a' });
      return { status: 200, body: { success: true, id: 'f-a' } };
    };
    const user = renderBoard();
    await user.click(
      await within(await screen.findByRole('row', { name: /Ada Add/ })).findByRole('button', {
        name: texts.leaderboard.rowAction.addFriend('Ada Add'),
      }),
    );

    expect(
      await within(rowOf('Ada Add')).findByRole('button', {
        name: texts.leaderboard.rowAction.requestSent('Ada Add'),
      }),
    ).toBeDisabled();
    const sent = calls.find((c) => c.method === 'POST');
    expect(sent?.url.pathname).toBe(`/api/users/${ME}/friends`);
    expect(sent?.body).toEqual({ receiver_id: 'a' });
  });

  it('accepts and declines received requests by their friendship id', async () => {
    const entries = [
      aStudent({
        id: 'r',
        name: 'Rae Received',
        friendship_status: 'received',
        friendship_id: 'f-r',
      }),
      aStudent({
        id: 'q',
        name: 'Quin Received',
        friendship_status: 'received',
        friendship_id: 'f-q',
      }),
    ];
    serveStudents(entries);
    answers['PUT /api/friendships/f-r/accept'] = () => {
      changeServed(entries, 'r', { friendship_status: 'friends' });
      return { status: 200, body: { success: true } };
    };
    answers['PUT /api/friendships/f-q/reject'] = () => {
      changeServed(entries, 'q', { friendship_status: 'add', friendship_id: null });
      return { status: 200, body: { success: true } };
    };
    const user = renderBoard();
    await screen.findByRole('row', { name: /Rae Received/ });

    await user.click(
      within(rowOf('Rae Received')).getByRole('button', {
        name: texts.leaderboard.rowAction.accept('Rae Received'),
      }),
    );
    expect(await within(rowOf('Rae Received')).findByText('Friends')).toBeInTheDocument();

    await user.click(
      within(rowOf('Quin Received')).getByRole('button', {
        name: texts.leaderboard.rowAction.decline('Quin Received'),
      }),
    );
    expect(
      await within(rowOf('Quin Received')).findByRole('button', {
        name: texts.leaderboard.rowAction.addFriend('Quin Received'),
      }),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.url.pathname)).toEqual([
      '/api/friendships/f-r/accept',
      '/api/friendships/f-q/reject',
    ]);
  });

  it('shows the exact message when a friend request fails and keeps Add Friend', async () => {
    serveStudents([aStudent({ id: 'a', name: 'Ada Add' })]);
    answers[`POST /api/users/${ME}/friends`] = () => ({
      status: 409,
      body: { message: 'A request is already pending' },
    });
    const user = renderBoard();
    await user.click(
      await within(await screen.findByRole('row', { name: /Ada Add/ })).findByRole('button', {
        name: texts.leaderboard.rowAction.addFriend('Ada Add'),
      }),
    );
    const popup = await screen.findByRole('alertdialog', { name: 'Error sending friend request' });
    expect(within(popup).getByText('A request is already pending')).toBeInTheDocument();
    await user.click(within(popup).getByRole('button', { name: 'Got it' }));
    expect(
      within(rowOf('Ada Add')).getByRole('button', {
        name: texts.leaderboard.rowAction.addFriend('Ada Add'),
      }),
    ).toBeEnabled();
  });

  it('shows the accept and reject failures with their own texts', async () => {
    serveStudents([
      aStudent({
        id: 'r',
        name: 'Rae Received',
        friendship_status: 'received',
        friendship_id: 'f-r',
      }),
      aStudent({
        id: 'z',
        name: 'Zed Received',
        friendship_status: 'received',
        friendship_id: null,
      }),
    ]);
    answers['PUT /api/friendships/f-r/accept'] = () => ({ status: 500, body: {} });
    const user = renderBoard();
    await screen.findByRole('row', { name: /Rae Received/ });

    await user.click(
      within(rowOf('Rae Received')).getByRole('button', {
        name: texts.leaderboard.rowAction.accept('Rae Received'),
      }),
    );
    let popup = await screen.findByRole('alertdialog', { name: 'Error accepting friend request' });
    await user.click(within(popup).getByRole('button', { name: 'Got it' }));

    await user.click(
      within(rowOf('Zed Received')).getByRole('button', {
        name: texts.leaderboard.rowAction.decline('Zed Received'),
      }),
    );
    popup = await screen.findByRole('alertdialog', { name: 'Error rejecting friend request' });
    expect(
      within(popup).getByText('Could not find friendship to accept/reject'),
    ).toBeInTheDocument();
  });
});

describe('Leaderboard organization rows', () => {
  const serveOrganizations = (entries: LeaderboardEntry[]) =>
    serveBoards((_period, board) => ({
      status: 200,
      body: aBoard({ board, entries: board === 'individuals' ? [] : entries }),
    }));

  const openOrganizations = async (user: ReturnType<typeof userEvent.setup>) => {
    await user.click(await screen.findByRole('tab', { name: 'All Organizations' }));
  };

  it('shows Host, Joined or Join', async () => {
    serveOrganizations([
      anOrganization({ id: 'h', name: 'Hosted Org', is_host: true, is_member: true }),
      anOrganization({ id: 'm', name: 'Member Org', rank: 2, is_member: true }),
      anOrganization({ id: 'n', name: 'Other Org', rank: 3 }),
    ]);
    const user = renderBoard();
    await openOrganizations(user);
    await screen.findByRole('row', { name: /Hosted Org/ });

    expect(within(rowOf('Hosted Org')).getByText('Host')).toBeInTheDocument();
    expect(within(rowOf('Hosted Org')).queryByRole('button')).not.toBeInTheDocument();
    expect(
      within(rowOf('Member Org')).getByRole('button', {
        name: texts.leaderboard.rowAction.joined('Member Org'),
      }),
    ).toBeEnabled();
    expect(
      within(rowOf('Other Org')).getByRole('button', {
        name: texts.leaderboard.rowAction.join('Other Org'),
      }),
    ).toBeEnabled();
  });

  it('joins, and leaves only after confirming', async () => {
    const entries = [
      anOrganization({ id: 'm', name: 'Member Org', is_member: true }),
      anOrganization({ id: 'n', name: 'Other Org', rank: 2 }),
    ];
    serveOrganizations(entries);
    answers['POST /api/register-org'] = () => {
      changeServed(entries, 'n', { is_member: true });
      return { status: 200, body: { success: true } };
    };
    answers['POST /api/unregister-org'] = () => {
      changeServed(entries, 'm', { is_member: false });
      return { status: 200, body: { success: true } };
    };
    const user = renderBoard();
    await openOrganizations(user);
    await screen.findByRole('row', { name: /Other Org/ });

    await user.click(
      within(rowOf('Other Org')).getByRole('button', {
        name: texts.leaderboard.rowAction.join('Other Org'),
      }),
    );
    expect(
      await within(rowOf('Other Org')).findByRole('button', {
        name: texts.leaderboard.rowAction.joined('Other Org'),
      }),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.url.pathname === '/api/register-org')?.body).toEqual({
      user_id: ME,
      organization_id: 'n',
    });

    await user.click(
      within(rowOf('Member Org')).getByRole('button', {
        name: texts.leaderboard.rowAction.joined('Member Org'),
      }),
    );
    let dialog = screen.getByRole('dialog', { name: 'Leave Member Org?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.some((c) => c.url.pathname === '/api/unregister-org')).toBe(false);

    await user.click(
      within(rowOf('Member Org')).getByRole('button', {
        name: texts.leaderboard.rowAction.joined('Member Org'),
      }),
    );
    dialog = screen.getByRole('dialog', { name: 'Leave Member Org?' });
    await user.click(within(dialog).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(
      await within(rowOf('Member Org')).findByRole('button', {
        name: texts.leaderboard.rowAction.join('Member Org'),
      }),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.url.pathname === '/api/unregister-org')?.body).toEqual({
      user_id: ME,
      organization_id: 'm',
    });
  });

  it('reports a failed join with the exact text', async () => {
    serveOrganizations([anOrganization({ id: 'n', name: 'Other Org' })]);
    answers['POST /api/register-org'] = () => ({
      status: 403,
      body: { message: 'This organization is awaiting approval' },
    });
    const user = renderBoard();
    await openOrganizations(user);
    await user.click(
      within(await screen.findByRole('row', { name: /Other Org/ })).getByRole('button', {
        name: texts.leaderboard.rowAction.join('Other Org'),
      }),
    );
    expect(
      await screen.findByRole('alertdialog', { name: 'Error joining organization' }),
    ).toBeInTheDocument();
  });
});
