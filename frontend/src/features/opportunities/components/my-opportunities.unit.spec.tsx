import { texts, type MyOpportunities } from '@campus/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { aUser } from '@/testing/fixtures';
import { aMyItem, participants } from '@/testing/opportunity-fixtures';
import { DAY, HOUR, MINUTE, afterNow, renderScreen } from '@/testing/render-screen';
import { MyOpportunitiesScreen } from './my-opportunities';

vi.mock('@/lib/auth/firebase', () => ({
  currentIdToken: () => Promise.resolve('id-token'),
  getFirebaseAuth: () => {
    throw new Error('no Firebase in this test');
  },
}));

const m = texts.opportunities.mine;
const empty = { upcoming: [], past: [] };
let mine: MyOpportunities;

beforeEach(() => {
  const api = fakeApi();
  mine = { hosting: empty, registered: empty, all: null };
  api.on('GET /api/my-opportunities', () => ({ body: mine }));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const renderMine = (user = aUser()) => ({
  ...renderScreen(<MyOpportunitiesScreen />, { user, path: '/my-opportunities' }),
  ui: userEvent.setup(),
});

const section = (name: string) => screen.findByRole('region', { name });

describe('My Opportunities', () => {
  it('shows both sections with their empty texts, verbatim', async () => {
    renderMine();
    const hosting = await section(m.hosting);
    const registered = await section(m.registered);
    expect(
      within(hosting).getByText("You're not hosting any upcoming opportunities."),
    ).toBeInTheDocument();
    expect(
      within(registered).getByText("You're not registered for other any upcoming opportunities."),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: m.all })).not.toBeInTheDocument();
  });

  it('shows and hides the past of each section with its own toggle and empty text', async () => {
    const { ui } = renderMine();
    const hosting = await section(m.hosting);
    const registered = await section(m.registered);
    expect(screen.queryByText('No past hosted opportunities.')).not.toBeInTheDocument();

    const hostingToggle = within(hosting).getByRole('button', { name: m.showPast });
    await ui.click(hostingToggle);
    expect(hostingToggle).toHaveAttribute('aria-expanded', 'true');
    expect(hostingToggle).toHaveTextContent(m.hidePast);
    expect(within(hosting).getByText('No past hosted opportunities.')).toBeInTheDocument();
    expect(screen.queryByText('No past registered opportunities.')).not.toBeInTheDocument();

    await ui.click(within(registered).getByRole('button', { name: m.showPast }));
    expect(within(registered).getByText('No past registered opportunities.')).toBeInTheDocument();

    await ui.click(hostingToggle);
    expect(screen.queryByText('No past hosted opportunities.')).not.toBeInTheDocument();
  });

  it('lists upcoming and past opportunities as cards', async () => {
    mine = {
      hosting: { upcoming: [aMyItem({ id: 'h1', name: 'Food Drive', is_host: true })], past: [] },
      registered: {
        upcoming: [aMyItem({ id: 'r1', name: 'Tutoring', is_registered: true })],
        past: [aMyItem({ id: 'r0', name: 'Park Planting', is_registered: true })],
      },
      all: null,
    };
    const { ui } = renderMine();
    const hosting = await section(m.hosting);
    const registered = await section(m.registered);
    expect(within(hosting).getByRole('link', { name: 'Food Drive' })).toHaveAttribute(
      'href',
      '/opportunity/h1',
    );
    expect(within(registered).getByRole('link', { name: 'Tutoring' })).toBeInTheDocument();
    expect(
      within(registered).queryByRole('link', { name: 'Park Planting' }),
    ).not.toBeInTheDocument();
    await ui.click(within(registered).getByRole('button', { name: m.showPast }));
    expect(within(registered).getByRole('link', { name: 'Park Planting' })).toBeInTheDocument();
  });

  it("gives admins 'All Opportunities' behind a show/hide toggle, with its empty text", async () => {
    mine = { hosting: empty, registered: empty, all: empty };
    const { ui } = renderMine(aUser({ admin: true }));
    const all = await section(m.all);
    expect(within(all).queryByText('No opportunities available.')).not.toBeInTheDocument();
    await ui.click(within(all).getByRole('button', { name: m.show }));
    expect(within(all).getByText('No opportunities available.')).toBeInTheDocument();
    await ui.click(within(all).getByRole('button', { name: m.hide }));
    expect(within(all).queryByText('No opportunities available.')).not.toBeInTheDocument();
  });

  it('shows every opportunity to admins, approved or not', async () => {
    mine = {
      hosting: empty,
      registered: empty,
      all: {
        upcoming: [aMyItem({ id: 'u1', name: 'Unapproved Event', approved: false })],
        past: [aMyItem({ id: 'p1', name: 'Old Event' })],
      },
    };
    const { ui } = renderMine(aUser({ admin: true }));
    const all = await section(m.all);
    await ui.click(within(all).getByRole('button', { name: m.show }));
    expect(within(all).getByRole('link', { name: 'Unapproved Event' })).toBeInTheDocument();
    expect(within(all).getByText(texts.opportunities.card.pendingApproval)).toBeInTheDocument();
    expect(within(all).getByRole('link', { name: 'Old Event' })).toBeInTheDocument();
  });

  describe('ended opportunities (start plus duration, by the server clock)', () => {
    const c = texts.opportunities.card;
    /** The signed-in student (user-1) among the participants, present or not. */
    const withMe = (attended: boolean) => [
      ...participants(2),
      { ...participants(1)[0]!, id: 'user-1', name: 'Sam Student', attended },
    ];
    const pastItem = (over: Parameters<typeof aMyItem>[0]) =>
      aMyItem({
        starts_at: afterNow(-2 * DAY),
        duration: 90,
        points: 90,
        is_registered: true,
        registered_count: 3,
        slots_left: 7,
        ...over,
      });
    const statusOf = (container: HTMLElement, name: string) => {
      const card = within(container).getByRole('link', { name }).closest('article');
      if (!card) throw new Error(`no card for ${name}`);
      return within(card).getByTestId('past-status');
    };

    it("says what became of each past signup, with no 'Signed Up ✓' and no slots left", async () => {
      mine = {
        hosting: empty,
        registered: {
          upcoming: [],
          past: [
            pastItem({
              id: 'a',
              name: 'Park Planting',
              attendance_marked: true,
              involved_users: withMe(true),
              points: 120,
              duration: 120,
              earned_points: 120,
            }),
            // The host submitted 30 minutes less than scheduled: the ledger's 60 show.
            pastItem({
              id: 'd',
              name: 'Dog Walk',
              attendance_marked: true,
              involved_users: withMe(true),
              points: 90,
              duration: 90,
              earned_points: 60,
            }),
            pastItem({
              id: 'b',
              name: 'Book Sort',
              attendance_marked: true,
              involved_users: withMe(false),
            }),
            pastItem({
              id: 'c',
              name: 'Soup Kitchen',
              attendance_marked: false,
              involved_users: withMe(false),
            }),
          ],
        },
        all: null,
      };
      const { ui } = renderMine();
      const registered = await section(m.registered);
      await ui.click(within(registered).getByRole('button', { name: m.showPast }));

      expect(statusOf(registered, 'Park Planting')).toHaveTextContent('Attended · 120 points');
      expect(statusOf(registered, 'Dog Walk')).toHaveTextContent('Attended · 60 points');
      expect(statusOf(registered, 'Book Sort')).toHaveTextContent('Did not attend');
      expect(statusOf(registered, 'Soup Kitchen')).toHaveTextContent(
        'Attendance not yet submitted',
      );
      expect(within(registered).queryByText(c.registered)).not.toBeInTheDocument();
      expect(within(registered).queryByText(c.slotsLeft(7))).not.toBeInTheDocument();
      expect(within(registered).getByRole('link', { name: 'Park Planting' })).toHaveAttribute(
        'href',
        '/opportunity/a',
      );
    });

    it("shows one of today's that has ended as past, and one under way as upcoming", async () => {
      mine = {
        hosting: empty,
        registered: {
          upcoming: [
            pastItem({
              id: 'e',
              name: 'Morning Run',
              starts_at: afterNow(-3 * HOUR),
              duration: 60,
            }),
            pastItem({
              id: 'u',
              name: 'Noon Walk',
              starts_at: afterNow(-10 * MINUTE),
              duration: 60,
            }),
          ],
          past: [],
        },
        all: null,
      };
      renderMine();
      const registered = await section(m.registered);
      await within(registered).findByRole('link', { name: 'Morning Run' });
      expect(statusOf(registered, 'Morning Run')).toHaveTextContent('Attendance not yet submitted');
      const underWay = within(registered)
        .getByRole('link', { name: 'Noon Walk' })
        .closest('article');
      expect(underWay).toHaveAttribute('data-testid', 'opportunity-card');
      expect(within(underWay as HTMLElement).getByText(c.slotsLeft(7))).toBeInTheDocument();
    });

    it('tells the host whether attendance is in, and an admin that others have ended', async () => {
      mine = {
        hosting: {
          upcoming: [],
          past: [
            pastItem({
              id: 'h1',
              name: 'Food Drive',
              is_host: true,
              is_registered: false,
              attendance_marked: true,
            }),
            pastItem({ id: 'h2', name: 'Coat Drive', is_host: true, is_registered: false }),
          ],
        },
        registered: empty,
        all: {
          upcoming: [],
          past: [pastItem({ id: 'o1', name: 'Old Event', is_registered: false })],
        },
      };
      const { ui } = renderMine(aUser({ admin: true }));
      const hosting = await section(m.hosting);
      await ui.click(within(hosting).getByRole('button', { name: m.showPast }));
      expect(statusOf(hosting, 'Food Drive')).toHaveTextContent('Attendance submitted');
      expect(statusOf(hosting, 'Coat Drive')).toHaveTextContent('Attendance not yet submitted');

      const all = await section(m.all);
      await ui.click(within(all).getByRole('button', { name: m.show }));
      expect(statusOf(all, 'Old Event')).toHaveTextContent('This opportunity has ended');
    });
  });
});
