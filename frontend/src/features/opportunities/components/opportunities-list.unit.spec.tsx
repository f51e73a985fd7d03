import { opportunityCursorOf, texts } from '@campus/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation, type RouteObject } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { aListItem } from '@/testing/opportunity-fixtures';
import { renderScreen } from '@/testing/render-screen';
import { OPPORTUNITY_PAGE_SIZE } from '../api/get-opportunities';
import fallbackImage from '../assets/opportunity-fallback.svg';
import { OpportunitiesList } from './opportunities-list';

vi.mock('@/lib/auth/firebase', () => ({
  currentIdToken: () => Promise.resolve('id-token'),
  getFirebaseAuth: () => {
    throw new Error('no Firebase in this test');
  },
}));

const l = texts.opportunities.list;
let api: ReturnType<typeof fakeApi>;
let list: unknown;

beforeEach(() => {
  api = fakeApi();
  list = [aListItem()];
  api.on('GET /api/opps', () => ({ body: list }));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The address bar of the memory router. */
const Address = () => <output data-testid="address">{useLocation().search}</output>;

const renderList = (path = '/opportunities', routes: RouteObject[] = []) => ({
  ...renderScreen(
    <>
      <OpportunitiesList />
      <Address />
    </>,
    { path, routePath: '/opportunities', routes },
  ),
  ui: userEvent.setup(),
});

/** The parameters of the last GET /api/opps. */
const lastParams = () => new URLSearchParams(api.calls('GET', '/api/opps').at(-1)?.search);

/** Its filters: the parameters without the paging ones (view, limit, after). */
const lastQuery = () => {
  const params = lastParams();
  for (const paging of ['view', 'limit', 'after']) params.delete(paging);
  return params;
};

describe('the Events list', () => {
  it('has the title, subtitle and Create Opportunity button', async () => {
    renderList();
    expect(screen.getByRole('heading', { level: 1, name: texts.events.title })).toBeInTheDocument();
    expect(screen.getByText(texts.events.subtitle)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: texts.events.createOpportunity })).toHaveAttribute(
      'href',
      '/create-opportunity',
    );
    await screen.findByTestId('opportunity-card');
  });

  it('shows a card: name, organization, US date and Eastern 12-hour time, points, slots, causes', async () => {
    list = [
      aListItem({
        starts_at: '2025-10-09T00:15:00.000Z', // 8:15 PM Eastern on Oct 8
        points: 90,
        slots_left: 3,
      }),
    ];
    renderList();
    const card = await screen.findByTestId('opportunity-card');
    expect(within(card).getByRole('link', { name: 'River Cleanup' })).toHaveAttribute(
      'href',
      '/opportunity/opp-1',
    );
    expect(within(card).getByText('Green Club')).toBeInTheDocument();
    expect(within(card).getByText('Wed, Oct 8, 2025 · 8:15 PM')).toBeInTheDocument();
    expect(within(card).getByText('90 points')).toBeInTheDocument();
    expect(within(card).getByText('3 slots left')).toBeInTheDocument();
    expect(within(card).getByText('Environment & Sustainability')).toBeInTheDocument();
  });

  it('shows up to 10 attendee avatars, then +N', async () => {
    const preview = Array.from({ length: 10 }, (_, i) => ({
      id: `p${String(i)}`,
      name: `Person ${String(i)}`,
      profile_image: null,
    }));
    list = [aListItem({ attendee_preview: preview, attendee_count: 13, attendee_more: 3 })];
    renderList();
    const attendees = await screen.findByRole('group', { name: '13 attendees' });
    expect(within(attendees).getAllByRole('listitem')).toHaveLength(10);
    expect(within(attendees).getByText('+3')).toBeInTheDocument();
  });

  it('falls back to the backup image when there is none or it breaks', async () => {
    // 'Other' has no banner of its own: the general picture.
    list = [
      aListItem({ id: 'a', imageUrl: '/files/broken.jpg', causes: ['Other'] }),
      aListItem({ id: 'b', imageUrl: null, causes: ['Other'] }),
    ];
    const { container } = renderList();
    await screen.findAllByTestId('opportunity-card');
    const [broken, missing] = container.querySelectorAll('img');
    expect(broken).toHaveAttribute('src', '/files/broken.jpg');
    expect(missing).toHaveAttribute('src', fallbackImage);
    fireEvent.error(broken!);
    expect(broken).toHaveAttribute('src', fallbackImage);
  });

  it("shows 'No opportunities match your filters.' when nothing comes back", async () => {
    list = [];
    renderList();
    expect(await screen.findByText(texts.events.empty)).toBeInTheDocument();
  });

  it('sends the filters to GET /api/opps and keeps them in the address', async () => {
    const { ui } = renderList();
    await screen.findByTestId('opportunity-card');
    expect(lastQuery().toString()).toBe('');

    await ui.selectOptions(screen.getByLabelText(l.cause), 'Education');
    await ui.click(screen.getByLabelText(l.openSlotsOnly));
    fireEvent.change(screen.getByLabelText(l.from), { target: { value: '2025-10-05' } });
    fireEvent.change(screen.getByLabelText(l.to), { target: { value: '2025-10-20' } });
    await ui.type(screen.getByLabelText(l.search), 'river');

    await waitFor(() => expect(lastQuery().get('q')).toBe('river'));
    const query = lastQuery();
    expect(query.get('cause')).toBe('Education');
    expect(query.get('open_slots')).toBe('true');
    expect(query.get('from')).toBe('2025-10-05');
    expect(query.get('to')).toBe('2025-10-20');
    await waitFor(() =>
      expect(screen.getByTestId('address')).toHaveTextContent(
        '?q=river&cause=Education&from=2025-10-05&to=2025-10-20&open=true',
      ),
    );

    await ui.click(screen.getByRole('button', { name: l.clearFilters }));
    await waitFor(() => expect(lastQuery().toString()).toBe(''));
    await waitFor(() => expect(screen.getByTestId('address')).toBeEmptyDOMElement());
    expect(screen.getByLabelText(l.search)).toHaveValue('');
  });

  it('reads its filters from the address', async () => {
    renderList('/opportunities?cause=Education&open=true&q=park');
    await screen.findByTestId('opportunity-card');
    expect(screen.getByLabelText(l.cause)).toHaveValue('Education');
    expect(screen.getByLabelText(l.openSlotsOnly)).toBeChecked();
    expect(screen.getByLabelText(l.search)).toHaveValue('park');
    expect(lastQuery().get('cause')).toBe('Education');
    expect(lastQuery().get('q')).toBe('park');
  });

  it('does not ask for an end date before the start date', async () => {
    renderList('/opportunities?from=2025-10-20&to=2025-10-05');
    expect(await screen.findByText(l.dateRangeInvalid)).toBeInTheDocument();
    expect(api.calls('GET', '/api/opps')).toHaveLength(0);
  });

  it("asks for a page of cards, and the next page after the last card with 'Show more'", async () => {
    const cards = Array.from({ length: OPPORTUNITY_PAGE_SIZE + 3 }, (_, i) =>
      aListItem({
        id: `opp-${String(i)}`,
        name: `Event ${String(i)}`,
        starts_at: new Date(Date.UTC(2025, 9, 10, i)).toISOString(),
      }),
    );
    api.on('GET /api/opps', ({ url }) => {
      const params = url.searchParams;
      const after = params.get('after');
      const from = after ? cards.findIndex((c) => opportunityCursorOf(c) === after) + 1 : 0;
      return { body: cards.slice(from, from + Number(params.get('limit'))) };
    });
    const { ui } = renderList('/opportunities?cause=Education');
    await screen.findByRole('link', { name: 'Event 0' });
    expect(screen.getAllByTestId('opportunity-card')).toHaveLength(OPPORTUNITY_PAGE_SIZE);
    expect(lastParams().get('view')).toBe('cards');
    expect(lastParams().get('limit')).toBe(String(OPPORTUNITY_PAGE_SIZE + 1));
    expect(lastParams().get('after')).toBeNull();

    await ui.click(screen.getByRole('button', { name: l.showMore }));
    await screen.findByRole('link', { name: `Event ${String(OPPORTUNITY_PAGE_SIZE + 2)}` });
    expect(screen.getAllByTestId('opportunity-card')).toHaveLength(OPPORTUNITY_PAGE_SIZE + 3);
    expect(lastParams().get('after')).toBe(opportunityCursorOf(cards[OPPORTUNITY_PAGE_SIZE - 1]!));
    expect(lastQuery().get('cause')).toBe('Education');
    expect(screen.queryByRole('button', { name: l.showMore })).not.toBeInTheDocument();
  });

  describe('the count of opportunities', () => {
    const matches = Array.from({ length: 30 }, (_, i) =>
      aListItem({
        id: `opp-${String(i)}`,
        name: `Event ${String(i)}`,
        starts_at: new Date(Date.UTC(2025, 9, 10, i)).toISOString(),
      }),
    );
    const pagedList = () =>
      api.on('GET /api/opps', ({ url }) => {
        const after = url.searchParams.get('after');
        const from = after ? matches.findIndex((c) => opportunityCursorOf(c) === after) + 1 : 0;
        return { body: matches.slice(from, from + Number(url.searchParams.get('limit'))) };
      });

    it("names every match, not only the first page's cards, before 'Show more'", async () => {
      pagedList();
      api.on('GET /api/opps/count', ({ url }) => ({
        body: { count: url.searchParams.get('cause') === 'Education' ? matches.length : 0 },
      }));
      renderList('/opportunities?cause=Education');
      await screen.findByRole('link', { name: 'Event 0' });
      expect(screen.getAllByTestId('opportunity-card')).toHaveLength(OPPORTUNITY_PAGE_SIZE);
      expect(screen.getByRole('button', { name: l.showMore })).toBeInTheDocument();
      expect(await screen.findByText('30 opportunities')).toHaveAttribute('role', 'status');
      expect(l.results(30)).toBe('30 opportunities');
      // The count is asked with the list's filters, without its paging.
      const counted = new URLSearchParams(api.calls('GET', '/api/opps/count').at(-1)?.search);
      expect([...counted.keys()]).toEqual(['cause']);
      expect(counted.get('cause')).toBe('Education');
    });

    it('follows the filters', async () => {
      pagedList();
      api.on('GET /api/opps/count', ({ url }) => ({
        body: { count: url.searchParams.get('open_slots') === 'true' ? 27 : matches.length },
      }));
      const { ui } = renderList();
      expect(await screen.findByText(l.results(30))).toBeInTheDocument();
      await ui.click(screen.getByLabelText(l.openSlotsOnly));
      expect(await screen.findByText(l.results(27))).toBeInTheDocument();
      expect(screen.queryByText(l.results(30))).not.toBeInTheDocument();
    });

    it('without the count, names the cards once the last page is loaded', async () => {
      pagedList();
      api.on('GET /api/opps/count', () => ({ status: 500, body: { message: 'Unavailable' } }));
      const { ui } = renderList();
      await screen.findByRole('link', { name: 'Event 0' });
      await waitFor(() => expect(api.calls('GET', '/api/opps/count')).toHaveLength(1));
      expect(screen.queryByText(/^\d+ opportunit/)).not.toBeInTheDocument();
      await ui.click(screen.getByRole('button', { name: l.showMore }));
      expect(await screen.findByText(l.results(30))).toBeInTheDocument();
    });
  });

  it("shows the server's message and a retry when the list fails", async () => {
    let fail = true;
    api.on('GET /api/opps', () =>
      fail ? { status: 500, body: { message: 'Read model unavailable' } } : { body: list },
    );
    const { ui } = renderList();
    expect(await screen.findByText('Read model unavailable')).toBeInTheDocument();
    fail = false;
    await ui.click(screen.getByRole('button', { name: texts.common.retry }));
    expect(await screen.findByTestId('opportunity-card')).toBeInTheDocument();
  });
  it('opens a card clicked while a typed search settles (the address waits for that navigation)', async () => {
    const item = aListItem();
    list = [item];
    // The detail page's module takes longer to load than the search's delay.
    const { ui } = renderList('/opportunities', [
      {
        path: '/opportunity/:id',
        lazy: () =>
          new Promise((resolve) =>
            setTimeout(() => {
              resolve({ Component: () => <p>detail page</p> });
            }, 800),
          ),
      },
    ]);
    const card = await screen.findByTestId('opportunity-card');
    await ui.type(screen.getByLabelText(l.search), 'river');
    await ui.click(within(card).getByRole('link', { name: item.name }));
    expect(await screen.findByText('detail page', {}, { timeout: 3_000 })).toBeInTheDocument();
  });
});
