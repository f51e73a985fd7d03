import { texts, type MyOpportunities } from '@campus/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aUser } from '@/testing/fixtures';
import { fakeApi } from '../../../testing/fake-api';
import { aListItem } from '../testing/opportunity-fixtures';
import { renderScreen } from '../testing/render-screen';
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
      hosting: { upcoming: [aListItem({ id: 'h1', name: 'Food Drive', is_host: true })], past: [] },
      registered: {
        upcoming: [aListItem({ id: 'r1', name: 'Tutoring', is_registered: true })],
        past: [aListItem({ id: 'r0', name: 'Park Planting', is_registered: true })],
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
        upcoming: [aListItem({ id: 'u1', name: 'Unapproved Event', approved: false })],
        past: [aListItem({ id: 'p1', name: 'Old Event' })],
      },
    };
    const { ui } = renderMine(aUser({ admin: true }));
    const all = await section(m.all);
    await ui.click(within(all).getByRole('button', { name: m.show }));
    expect(within(all).getByRole('link', { name: 'Unapproved Event' })).toBeInTheDocument();
    expect(within(all).getByText(texts.opportunities.card.pendingApproval)).toBeInTheDocument();
    expect(within(all).getByRole('link', { name: 'Old Event' })).toBeInTheDocument();
  });
});
