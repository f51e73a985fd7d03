import {
  texts,
  type OpportunityListItem,
  type OrganizationListItem,
  type ReportStatus,
  adminTexts,
} from '@campus/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PopupProvider } from '@/components/ui/popup';
import { deferred, fakeApi } from '@/testing/fake-api';
import { aConfig } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { ApprovedEmailForm } from './approved-email-form';
import { CsvExports } from './csv-exports';
import { SecurityToken } from './security-token';
import { UnapprovedTables } from './unapproved-tables';
import { UserEmails } from './user-emails';

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
  vi.useRealTimers();
});

const render = (ui: React.ReactElement) => renderWithProviders(<PopupProvider>{ui}</PopupProvider>);

describe('Add Approved Email', () => {
  it('requires an address, checks its shape, trims it and reports the server failure', async () => {
    const api = fakeApi();
    let answer = { status: 200, body: { success: true } as unknown };
    api.on('POST /api/approved-emails', () => answer);
    const user = userEvent.setup();
    render(<ApprovedEmailForm />);
    // The form loads after the panel: until then its field and button show, disabled.
    expect(screen.getByLabelText(t.approvedEmail.label)).toBeDisabled();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: t.approvedEmail.add })).toBeEnabled(),
    );
    const add = screen.getByRole('button', { name: t.approvedEmail.add });
    const field = screen.getByLabelText(t.approvedEmail.label);
    expect(field).toBeEnabled();

    await user.click(add);
    expect(await screen.findByText(t.approvedEmail.required)).toBeInTheDocument();
    await user.type(field, 'friend@mail');
    await user.click(add);
    expect(await screen.findByText(t.approvedEmail.invalid)).toBeInTheDocument();
    expect(api.calls('POST', '/api/approved-emails')).toHaveLength(0);

    await user.clear(field);
    await user.type(field, '  Friend@Mail.com ');
    await user.click(add);
    const added = await screen.findByRole('status');
    expect(added).toHaveTextContent(t.approvedEmail.added('friend@mail.com'));
    expect(added).toHaveAttribute('data-tone', 'success');
    expect(added.querySelector('svg[data-icon="success"]')).not.toBeNull();
    expect(api.calls('POST', '/api/approved-emails')[0]?.body).toEqual({
      email: 'friend@mail.com',
    });
    expect(field).toHaveValue('');

    answer = { status: 409, body: { message: 'Already approved' } };
    await user.type(field, 'friend@mail.com');
    await user.click(add);
    const failed = await screen.findByRole('alert');
    expect(failed).toHaveTextContent(t.approvedEmail.failed('Already approved'));
    expect(failed).toHaveAttribute('data-tone', 'error');
  });
});

describe('User Emails', () => {
  it('fetches on demand, counts, copies both ways and hides', async () => {
    const api = fakeApi();
    api.on('GET /api/users/emails', () => ({
      body: { count: 2, emails: ['amy@university.edu', 'ben@university.edu'] },
    }));
    const user = userEvent.setup();
    render(<UserEmails />);
    expect(api.calls('GET', '/api/users/emails')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: t.emails.fetch }));
    expect(await screen.findByText(t.emails.count(2))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: t.emails.copyNewline }));
    expect(await navigator.clipboard.readText()).toBe('amy@university.edu\nben@university.edu');
    await user.click(screen.getByRole('button', { name: t.emails.copyComma }));
    expect(await navigator.clipboard.readText()).toBe('amy@university.edu, ben@university.edu');

    await user.click(screen.getByRole('button', { name: t.emails.hide }));
    expect(screen.queryByText(t.emails.count(2))).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: t.emails.fetch })).toBeInTheDocument();
  });

  it('reports a failure and an empty list with the exact texts', async () => {
    const api = fakeApi();
    api.on('GET /api/users/emails', () => ({ status: 500, body: { message: 'Database down' } }));
    const user = userEvent.setup();
    render(<UserEmails />);
    await user.click(screen.getByRole('button', { name: t.emails.fetch }));
    expect(await screen.findByText(t.emails.failed('Database down'))).toBeInTheDocument();

    api.on('GET /api/users/emails', () => ({ body: { count: 0, emails: [] } }));
    await user.click(screen.getByRole('button', { name: t.emails.hide }));
    await user.click(screen.getByRole('button', { name: t.emails.fetch }));
    expect(await screen.findByText(t.emails.none)).toBeInTheDocument();
  });
});

describe('Security Token', () => {
  it('gets the token, shows it read-only, copies it and clears it', async () => {
    idToken.current = vi.fn(() => Promise.resolve('secret-token'));
    const user = userEvent.setup();
    render(<SecurityToken />);
    expect(screen.queryByLabelText(t.token.label)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: t.token.get }));
    const output = await screen.findByLabelText(t.token.label);
    expect(output).toHaveValue('secret-token');
    expect(output).toHaveAttribute('readonly');

    await user.click(screen.getByRole('button', { name: t.token.copy }));
    expect(await navigator.clipboard.readText()).toBe('secret-token');
    expect(screen.getByRole('button', { name: t.token.copied })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: t.token.clear }));
    expect(screen.queryByLabelText(t.token.label)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: t.token.copy })).not.toBeInTheDocument();
  });

  it('says when nobody is signed in and when getting the token fails', async () => {
    idToken.current = vi.fn(() => Promise.resolve(null));
    const user = userEvent.setup();
    render(<SecurityToken />);
    await user.click(screen.getByRole('button', { name: t.token.get }));
    expect(await screen.findByText(t.token.noUser)).toBeInTheDocument();

    idToken.current = vi.fn(() => Promise.reject(new Error('network down')));
    await user.click(screen.getByRole('button', { name: t.token.get }));
    expect(await screen.findByText(t.token.failed('network down'))).toBeInTheDocument();
    expect(screen.queryByLabelText(t.token.label)).not.toBeInTheDocument();
  });
});

const status = (overrides: Partial<ReportStatus>): ReportStatus => ({
  id: 'job-1',
  state: 'active',
  progress: 0,
  failed_reason: null,
  file: null,
  ...overrides,
});

describe('CSV exports', () => {
  let saved: { name: string; href: string }[];
  beforeEach(() => {
    saved = [];
    URL.createObjectURL = vi.fn(() => 'blob:csv');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push({ name: this.download, href: this.href });
    });
  });

  it('runs the service data job over the default range with a progress bar, then downloads it', async () => {
    const api = fakeApi();
    const progress = [20, 70];
    api.on('POST /api/reports', () => ({
      status: 202,
      body: { job_id: 'job-1', state: 'waiting' },
    }));
    api.on('GET /api/reports/job-1', () => {
      const next = progress.shift();
      return {
        body:
          next === undefined
            ? status({
                state: 'completed',
                progress: 100,
                file: {
                  file_name: 'service_data_2026-01-15_to_2026-03-15.csv',
                  rows: 2,
                  bytes: 40,
                  position: '1.1',
                  created_at: '2026-03-15T15:00:00.000Z',
                  download_url: '/api/reports/job-1/file',
                },
              })
            : status({ progress: next }),
      };
    });
    api.on('GET /api/reports/job-1/file', () => ({ body: 'student,minutes\nAmy,60\n' }));
    const user = userEvent.setup();
    render(<CsvExports now={() => new Date('2026-03-15T15:00:00Z')} />);

    expect(screen.getByLabelText(t.exports.startPrompt)).toHaveValue('2026-01-15');
    expect(screen.getByLabelText(t.exports.endPrompt)).toHaveValue('2026-03-15');
    await user.click(screen.getByRole('button', { name: t.exports.serviceData }));

    const bar = await screen.findByRole('progressbar', {
      name: t.exports.progress('service_data_2026-01-15_to_2026-03-15.csv'),
    });
    await waitFor(() => expect(bar).toHaveAttribute('value', '20'));
    await waitFor(() => expect(bar).toHaveAttribute('value', '70'));
    const done = await screen.findByRole('status');
    expect(done).toHaveTextContent(t.exports.done('service_data_2026-01-15_to_2026-03-15.csv'));
    expect(done.querySelector('svg[data-icon="success"]')).not.toBeNull();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(api.calls('POST', '/api/reports')[0]?.body).toEqual({
      kind: 'service-data',
      start_date: '2026-01-15',
      end_date: '2026-03-15',
    });
    expect(saved).toEqual([
      { name: 'service_data_2026-01-15_to_2026-03-15.csv', href: 'blob:csv' },
    ]);
  });

  it('takes the default range from the server’s clock', () => {
    fakeApi();
    renderWithProviders(
      <PopupProvider>
        <CsvExports />
      </PopupProvider>,
      { config: aConfig({ now: '2025-10-01T02:00:00.000Z' }) },
    );
    // 02:00 UTC on Oct 1st is still Sept 30th in New York.
    expect(screen.getByLabelText(t.exports.startPrompt)).toHaveValue('2025-07-30');
    expect(screen.getByLabelText(t.exports.endPrompt)).toHaveValue('2025-09-30');
  });

  it('shows the exact error when a job fails and refuses a reversed range', async () => {
    const api = fakeApi();
    api.on('POST /api/reports', () => ({
      status: 202,
      body: { job_id: 'job-1', state: 'waiting' },
    }));
    api.on('GET /api/reports/job-1', () => ({
      body: status({ state: 'failed', failed_reason: 'disk full' }),
    }));
    const user = userEvent.setup();
    render(<CsvExports now={() => new Date('2026-03-15T15:00:00Z')} />);

    await user.click(screen.getByRole('button', { name: t.exports.users }));
    expect(await screen.findByText(t.exports.usersFailed)).toBeInTheDocument();
    expect(saved).toEqual([]);

    const start = screen.getByLabelText(t.exports.startPrompt);
    await user.clear(start);
    await user.type(start, '2026-04-01');
    await user.click(screen.getByRole('button', { name: t.exports.serviceData }));
    expect(await screen.findByText(t.exports.badDate)).toBeInTheDocument();
    expect(api.calls('POST', '/api/reports')).toHaveLength(1);
  });
});

const anOpportunity = (id: string, name: string): OpportunityListItem => ({
  id,
  name,
  nonprofit: null,
  description: `About ${name}`,
  date: '2026-03-20',
  time: '10:00',
  starts_at: '2026-03-20T14:00:00.000Z',
  duration: 60,
  address: null,
  points: 60,
  total_slots: 10,
  imageUrl: null,
  causes: [],
  tags: [],
  isPrivate: false,
  qualifications: [],
  comments: [],
  redirect_url: null,
  host_id: 'host-1',
  host_user_id: 'host-1',
  host_org_id: 'org-9',
  host_org_name: 'Running Club',
  approved: false,
  attendance_marked: false,
  visibility: [],
  involved_users: [
    {
      id: 'host-1',
      name: 'Hal Host',
      profile_image: null,
      organizationIds: [],
      registered: false,
      attended: false,
    },
  ],
  host_user_name: 'Hal Host',
  registered_count: 0,
  slots_left: 10,
  attendee_preview: [],
  attendee_count: 0,
  attendee_more: 0,
  top_organizations: [],
  is_host: false,
  is_registered: false,
});

const anOrganization = (id: string, name: string): OrganizationListItem => ({
  id,
  name,
  type: 'Cultural',
  description: `About ${name}`,
  approved: false,
  host_user_id: 'host-1',
  host_user_name: 'Hal Host',
  member_count: 1,
  date_created: '2026-03-01T00:00:00.000Z',
  is_member: false,
});

const sectionOf = (title: string) =>
  screen.getByRole('heading', { name: title }).closest('section') as HTMLElement;

describe('Unapproved tables and Approve Selected', () => {
  const serveLists = (api: ReturnType<typeof fakeApi>) => {
    api.on('GET /api/opps/unapproved', () => ({
      body: [anOpportunity('opp-1', 'Park Cleanup'), anOpportunity('opp-2', 'Food Drive')],
    }));
    api.on('GET /api/orgs/unapproved', () => ({ body: [anOrganization('org-1', 'Film Society')] }));
  };

  it('loads both lists on open with their columns', async () => {
    const api = fakeApi();
    serveLists(api);
    render(<UnapprovedTables />);
    const row = (await screen.findByText('Park Cleanup')).closest('tr');
    expect(row).not.toBeNull();
    const cells = within(row as HTMLElement);
    expect(cells.getByText('About Park Cleanup')).toBeInTheDocument();
    expect(cells.getByText('Running Club')).toBeInTheDocument();
    expect(cells.getByText('Hal Host')).toBeInTheDocument();
    expect(cells.getByText('Mar 20, 2026')).toBeInTheDocument();
    const org = (await screen.findByText('Film Society')).closest('tr') as HTMLElement;
    expect(within(org).getByText('Cultural')).toBeInTheDocument();
    expect(api.calls('GET', '/api/opps/unapproved')).toHaveLength(1);
    expect(api.calls('GET', '/api/orgs/unapproved')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /Approve Selected/ })).not.toBeInTheDocument();
    // A short description is shown whole, with nothing to unfold.
    expect(screen.queryByRole('button', { name: /Show full description/ })).not.toBeInTheDocument();
  });

  it('puts Approve Selected (n) in the header of the table it approves, one per table', async () => {
    const api = fakeApi();
    serveLists(api);
    api.on('POST /api/approvals', () => ({
      body: { approved: { opportunity_ids: ['opp-1', 'opp-2'], organization_ids: [] }, failed: [] },
    }));
    const user = userEvent.setup();
    render(<UnapprovedTables />);
    await user.click(
      await screen.findByRole('checkbox', { name: t.approvals.selectItem('Park Cleanup') }),
    );
    await user.click(screen.getByRole('checkbox', { name: t.approvals.selectItem('Food Drive') }));

    const opportunities = sectionOf(t.approvals.opportunitiesTitle);
    const organizations = sectionOf(t.approvals.organizationsTitle);
    const approveOpportunities = within(opportunities).getByRole('button', {
      name: t.approvals.approveSelected(2),
    });
    // Beside the table's title, before the table itself.
    const header = within(opportunities)
      .getByRole('heading', { name: t.approvals.opportunitiesTitle })
      .closest('div') as HTMLElement;
    expect(header).toContainElement(approveOpportunities);
    expect(approveOpportunities).toHaveAccessibleDescription(t.approvals.opportunitiesTitle);
    expect(
      within(organizations).queryByRole('button', { name: /Approve Selected/ }),
    ).not.toBeInTheDocument();

    await user.click(
      within(organizations).getByRole('checkbox', {
        name: t.approvals.selectItem('Film Society'),
      }),
    );
    expect(
      within(organizations).getByRole('button', { name: t.approvals.approveSelected(1) }),
    ).toBeInTheDocument();
    // Each table counts only its own rows.
    expect(approveOpportunities).toHaveTextContent(t.approvals.approveSelected(2));

    await user.click(approveOpportunities);
    expect(
      within(await screen.findByRole('alertdialog')).getByText(t.approvals.approved),
    ).toBeInTheDocument();
    expect(api.calls('POST', '/api/approvals')[0]?.body).toEqual({
      opportunity_ids: ['opp-1', 'opp-2'],
      organization_ids: [],
    });
    // The organization stays selected, its button still there.
    expect(
      within(organizations).getByRole('button', { name: t.approvals.approveSelected(1) }),
    ).toBeInTheDocument();
  });

  it('takes approved rows out at once and puts them back with the error when approval fails', async () => {
    const api = fakeApi();
    serveLists(api);
    const server = deferred<{ status: number; body: unknown }>();
    api.on('POST /api/approvals', () => server.promise);
    const user = userEvent.setup();
    render(<UnapprovedTables />);

    await user.click(
      await screen.findByRole('checkbox', { name: t.approvals.selectItem('Film Society') }),
    );
    await user.click(screen.getByRole('button', { name: t.approvals.approveSelected(1) }));

    // Optimistic: gone before the server answers.
    await waitFor(() => expect(screen.queryByText('Film Society')).not.toBeInTheDocument());
    expect(screen.getByText('Park Cleanup')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: t.approvals.approving })).toBeInTheDocument();
    expect(api.calls('POST', '/api/approvals')[0]?.body).toEqual({
      opportunity_ids: [],
      organization_ids: ['org-1'],
    });

    await act(async () => {
      server.resolve({ status: 500, body: { message: 'Database unavailable' } });
      await server.promise;
    });
    const popup = await screen.findByRole('alertdialog');
    expect(popup).toHaveAttribute('data-variant', 'error');
    expect(
      within(popup).getByText(t.approvals.approveFailed('Database unavailable')),
    ).toBeInTheDocument();
    expect(await screen.findByText('Film Society')).toBeInTheDocument();
  });

  it('puts back only the refused rows, then confirms a full success', async () => {
    const api = fakeApi();
    serveLists(api);
    api.on('POST /api/approvals', () => ({
      body: {
        approved: { opportunity_ids: ['opp-1'], organization_ids: [] },
        failed: [{ id: 'opp-2', kind: 'opportunity', message: 'Opportunity not found.' }],
      },
    }));
    const user = userEvent.setup();
    render(<UnapprovedTables />);
    await user.click(
      await screen.findByRole('checkbox', { name: t.approvals.selectItem('Park Cleanup') }),
    );
    await user.click(screen.getByRole('checkbox', { name: t.approvals.selectItem('Food Drive') }));
    // The server's list after the write no longer holds the approved opportunity.
    api.on('GET /api/opps/unapproved', () => ({ body: [anOpportunity('opp-2', 'Food Drive')] }));
    await user.click(screen.getByRole('button', { name: t.approvals.approveSelected(2) }));

    const popup = await screen.findByRole('alertdialog');
    expect(
      within(popup).getByText(t.approvals.approveFailed('Opportunity not found.')),
    ).toBeInTheDocument();
    expect(screen.getByText('Food Drive')).toBeInTheDocument();
    expect(screen.queryByText('Park Cleanup')).not.toBeInTheDocument();
    await user.click(within(popup).getByRole('button', { name: texts.popup.gotIt }));

    api.on('POST /api/approvals', () => ({
      body: { approved: { opportunity_ids: ['opp-2'], organization_ids: [] }, failed: [] },
    }));
    api.on('GET /api/opps/unapproved', () => ({ body: [] }));
    await user.click(screen.getByRole('checkbox', { name: t.approvals.selectItem('Food Drive') }));
    await user.click(screen.getByRole('button', { name: t.approvals.approveSelected(1) }));
    const success = await screen.findByRole('alertdialog');
    expect(success).toHaveAttribute('data-variant', 'success');
    expect(within(success).getByText(t.approvals.approved)).toBeInTheDocument();
    expect(await screen.findByText(t.approvals.noOpportunities)).toBeInTheDocument();
  });

  it('deletes a row only after a confirmation naming it, then says what happened', async () => {
    const api = fakeApi();
    serveLists(api);
    api.on('DELETE /api/opps/opp-2', () => ({ status: 500, body: { message: 'Boom' } }));
    const user = userEvent.setup();
    render(<UnapprovedTables />);
    await user.click(
      await screen.findByRole('button', { name: t.approvals.deleteItem('Food Drive') }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: t.approvals.confirmDeleteOpportunity('Food Drive'),
    });
    expect(within(dialog).getByText(t.approvals.confirmDeleteText)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: t.approvals.delete })).toHaveAttribute(
      'data-destructive',
      'true',
    );
    await user.click(within(dialog).getByRole('button', { name: t.approvals.cancel }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls('DELETE', '/api/opps/opp-2')).toHaveLength(0);

    // A failure: the row comes back and the exact error shows as a failure in its table.
    await user.click(screen.getByRole('button', { name: t.approvals.deleteItem('Food Drive') }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: t.approvals.delete }),
    );
    const opportunities = sectionOf(t.approvals.opportunitiesTitle);
    const failure = await within(opportunities).findByRole('alert');
    expect(failure).toHaveTextContent(t.approvals.deleteOpportunityFailed('Boom'));
    expect(failure).toHaveAttribute('data-tone', 'error');
    expect(await screen.findByText('Food Drive')).toBeInTheDocument();
    expect(api.calls('DELETE', '/api/opps/opp-2')).toHaveLength(1);

    // A success: the row leaves and a success notice names it.
    api.on('DELETE /api/orgs/org-1', () => ({ body: { success: true } }));
    api.on('GET /api/orgs/unapproved', () => ({ body: [] }));
    await user.click(screen.getByRole('button', { name: t.approvals.deleteItem('Film Society') }));
    const confirm = await screen.findByRole('dialog', {
      name: t.approvals.confirmDeleteOrganization('Film Society'),
    });
    await user.click(within(confirm).getByRole('button', { name: t.approvals.delete }));
    const organizations = sectionOf(t.approvals.organizationsTitle);
    const done = await within(organizations).findByRole('status');
    expect(done).toHaveTextContent(t.approvals.deletedOrganization('Film Society'));
    expect(done).toHaveAttribute('data-tone', 'success');
    expect(done.querySelector('svg[data-icon="success"]')).not.toBeNull();
    await waitFor(() =>
      expect(
        within(organizations).queryByRole('cell', { name: 'Film Society' }),
      ).not.toBeInTheDocument(),
    );
    expect(api.calls('DELETE', '/api/orgs/org-1')).toHaveLength(1);
  });

  it('cuts a long description to about two lines and shows the whole text on demand', async () => {
    const long = `${'Bring gloves and water; we clear the trail by the river. '.repeat(5)}The end.`;
    const api = fakeApi();
    api.on('GET /api/opps/unapproved', () => ({
      body: [{ ...anOpportunity('opp-1', 'Park Cleanup'), description: long }],
    }));
    api.on('GET /api/orgs/unapproved', () => ({ body: [] }));
    const user = userEvent.setup();
    render(<UnapprovedTables />);

    const more = await screen.findByRole('button', {
      name: t.approvals.showFullDescriptionOf('Park Cleanup'),
    });
    expect(more).toHaveTextContent(t.approvals.showFullDescription);
    expect(more).toHaveAttribute('aria-expanded', 'false');
    const text = document.getElementById(more.getAttribute('aria-controls') ?? '');
    if (!text) throw new Error('the button controls no text');
    expect(text.textContent.length).toBeLessThanOrEqual(121);
    expect(text.textContent).toMatch(/…$/);
    expect(screen.queryByText('The end.', { exact: false })).not.toBeInTheDocument();

    // Reachable by keyboard: Tab lands on it after the row's links, Enter unfolds it.
    screen.getByRole('link', { name: t.approvals.historyOf('Park Cleanup') }).focus();
    await user.tab();
    expect(more).toHaveFocus();
    await user.keyboard('{Enter}');
    const less = screen.getByRole('button', { name: t.approvals.showLessOf('Park Cleanup') });
    expect(less).toHaveAttribute('aria-expanded', 'true');
    expect(text.textContent).toBe(long);

    await user.click(less);
    expect(
      screen.getByRole('button', { name: t.approvals.showFullDescriptionOf('Park Cleanup') }),
    ).toHaveAttribute('aria-expanded', 'false');
  });
});
