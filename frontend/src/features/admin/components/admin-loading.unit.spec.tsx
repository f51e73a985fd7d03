import { texts, adminTexts } from '@campus/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PopupProvider } from '@/components/ui/popup';
import { deferred, fakeApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/render';
import { SummaryCards } from './summary-cards';
import { PLACEHOLDER_ROWS, UnapprovedTables } from './unapproved-tables';

const idToken = vi.hoisted(() => ({ current: vi.fn<() => Promise<string | null>>() }));
vi.mock('@/lib/auth/firebase', () => ({
  currentIdToken: () => idToken.current(),
  getFirebaseAuth: () => {
    throw new Error('no Firebase in this test');
  },
}));

const t = adminTexts;

beforeEach(() => {
  idToken.current = vi.fn(() => Promise.resolve('id-token'));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

type Answer = { status: number; body: unknown };

describe('the Admin Panel while its data arrives', () => {
  it('shows the summary cards with their labels and a placeholder per number', async () => {
    const api = fakeApi();
    const server = deferred<Answer>();
    api.on('GET /api/admin/summary', () => server.promise);
    const { container } = renderWithProviders(<SummaryCards />);

    const cards = container.querySelector('dl');
    expect(cards).toHaveAttribute('aria-busy', 'true');
    expect(cards).toHaveAccessibleName(t.summary.label);
    expect(within(cards as HTMLElement).getByText(t.summary.totalUsers)).toBeInTheDocument();
    expect((cards as HTMLElement).querySelectorAll('dd > [aria-hidden="true"]').length).toBe(3);

    server.resolve({
      status: 200,
      body: { total_users: 42, approved_opportunities: 7, approved_organizations: 3 },
    });
    expect(await screen.findByText('42')).toBeInTheDocument();
    expect(cards).not.toHaveAttribute('aria-busy');
    expect((cards as HTMLElement).querySelectorAll('[aria-hidden="true"]')).toHaveLength(0);
  });

  it('keeps each approval table in shape with placeholder rows until its rows arrive', async () => {
    const api = fakeApi();
    const opportunities = deferred<Answer>();
    const organizations = deferred<Answer>();
    api.on('GET /api/opps/unapproved', () => opportunities.promise);
    api.on('GET /api/orgs/unapproved', () => organizations.promise);
    renderWithProviders(
      <PopupProvider>
        <UnapprovedTables />
      </PopupProvider>,
    );

    const section = screen.getByRole('region', { name: t.approvals.opportunitiesTitle });
    expect(section).toHaveAttribute('aria-busy', 'true');
    expect(within(section).getByRole('status')).toHaveAccessibleName(texts.common.loading);
    // The placeholder table has the real headings and rows, hidden from assistive technology.
    expect(within(section).queryByRole('table')).toBeNull();
    const placeholder = section.querySelector('table[aria-hidden="true"]');
    expect(placeholder).not.toBeNull();
    expect(placeholder?.querySelectorAll('tbody tr')).toHaveLength(PLACEHOLDER_ROWS);
    expect(placeholder?.querySelector('thead')).toHaveTextContent(t.approvals.description);

    opportunities.resolve({ status: 200, body: [] });
    expect(await within(section).findByText(t.approvals.noOpportunities)).toBeInTheDocument();
    expect(section).not.toHaveAttribute('aria-busy');
    expect(section.querySelector('table')).toBeNull();
    expect(within(section).queryByRole('status')).toBeNull();

    // The other table waits for its own answer.
    const other = screen.getByRole('region', { name: t.approvals.organizationsTitle });
    expect(other.querySelectorAll('table[aria-hidden="true"] tbody tr')).toHaveLength(
      PLACEHOLDER_ROWS,
    );
    organizations.resolve({ status: 200, body: [] });
    await waitFor(() => expect(other).not.toHaveAttribute('aria-busy'));
  });
});
