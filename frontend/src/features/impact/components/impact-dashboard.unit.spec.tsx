import {
  texts,
  type ImpactDashboard as ImpactAnswer,
  type OrganizationListItem,
  type ReportStatus,
  impactTexts,
} from '@campus/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation, useNavigate } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, fakeApi } from '@/testing/fake-api';
import { aUser } from '@/testing/fixtures';
import { renderScreen } from '@/testing/render-screen';
import { ImpactDashboard } from './impact-dashboard';

vi.mock('@/lib/auth/firebase', () => ({
  currentIdToken: () => Promise.resolve('id-token'),
  getFirebaseAuth: () => {
    throw new Error('no Firebase in this test');
  },
}));

// The chart library draws nothing measurable in jsdom; what it is given is what matters.
vi.mock('./impact-chart', () => ({
  ImpactChart: ({
    data,
    label,
  }: {
    data: { name: string; hours: number; volunteers: number }[];
    label: string;
  }) => (
    <ul aria-label={label}>
      {data.map((d) => (
        <li key={d.name}>{`${d.name}: ${String(d.hours)} h, ${String(d.volunteers)}`}</li>
      ))}
    </ul>
  ),
}));

const t = impactTexts.ui;
const HABITAT = '11111111-1111-4111-8111-111111111111';
const RUNNING = '22222222-2222-4222-8222-222222222222';
const CHESS = '33333333-3333-4333-8333-333333333333';

const admin = aUser({ id: 'admin-1', email: 'admin@university.edu', admin: true });
const host = aUser({ id: 'host-1', email: 'host@university.edu', admin: false });
const student = aUser({ id: 'student-1', email: 'sam@university.edu', admin: false });

const anOrganization = (id: string, name: string, hostId: string): OrganizationListItem => ({
  id,
  name,
  type: 'Cultural',
  description: `About ${name}`,
  approved: true,
  host_user_id: hostId,
  host_user_name: 'Someone',
  member_count: 8,
  date_created: '2025-09-01T00:00:00.000Z',
  is_member: false,
});

const organizations = [
  anOrganization(HABITAT, 'Habitat Club', 'host-1'),
  anOrganization(RUNNING, 'Running Club', 'someone-else'),
  anOrganization(CHESS, 'Chess Club', 'host-1'),
];

const anAnswer = (overrides: Partial<ImpactAnswer> = {}): ImpactAnswer => ({
  from: '2025-09-16',
  to: '2025-10-01',
  as_of: null,
  as_of_instant: null,
  organization: null,
  min_group_size: 5,
  totals: { minutes: 7500, volunteers: 42, returning_volunteers: null },
  no_show: { attendances: 6, registered: 40, no_shows: 5, rate: 0.125 },
  months: {
    rows: [
      { key: '2025-09', label: 'September 2025', kind: 'group', minutes: 3000, volunteers: 20 },
      { key: '2025-10', label: 'October 2025', kind: 'group', minutes: 4500, volunteers: 30 },
    ],
    hidden: false,
  },
  causes: {
    rows: [
      { key: 'Hunger', label: 'Hunger', kind: 'group', minutes: 6000, volunteers: 30 },
      {
        key: null,
        label: impactTexts.rows.smallGroups,
        kind: 'small_groups',
        minutes: 300,
        volunteers: 6,
      },
    ],
    hidden: true,
  },
  organizations: {
    rows: [
      { key: HABITAT, label: 'Habitat Club', kind: 'group', minutes: 5000, volunteers: 25 },
      {
        key: null,
        label: impactTexts.rows.noOrganization,
        kind: 'none',
        minutes: 2500,
        volunteers: 17,
      },
    ],
    hidden: false,
  },
  academic_levels: { rows: [], hidden: false },
  top_opportunities: {
    rows: [
      {
        rank: 1,
        id: 'opp-1',
        name: 'Park Cleanup',
        organization_name: null,
        date: '2025-09-20',
        minutes: 1200,
        volunteers: 10,
      },
    ],
  },
  ...overrides,
});

/** Where the screen is, and Back, as the browser would offer them. */
const LocationProbe = () => {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output aria-label="address">{location.search}</output>
      <button type="button" onClick={() => void navigate(-1)}>
        browser back
      </button>
    </>
  );
};

const renderDashboard = (user = admin, path = '/impact') =>
  renderScreen(
    <>
      <ImpactDashboard />
      <LocationProbe />
    </>,
    { user, path, routePath: '/impact' },
  );

const serve = (answer: (url: URL) => ImpactAnswer = () => anAnswer()) => {
  const api = fakeApi();
  api.on('GET /api/orgs/approved', () => ({ body: organizations }));
  api.on('GET /api/impact', ({ url }) => ({ body: answer(url) }));
  return api;
};

const impactRequests = (api: ReturnType<typeof fakeApi>) =>
  api.calls('GET', '/api/impact').map((r) => Object.fromEntries(new URLSearchParams(r.search)));

const sectionOf = (heading: string) =>
  screen.getByRole('heading', { level: 2, name: heading }).closest('section') as HTMLElement;

const address = () => screen.getByRole('status', { name: 'address' }).textContent;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the impact dashboard', () => {
  it('shows the totals, each breakdown as a chart and a table, and withheld figures in words', async () => {
    const api = serve();
    renderDashboard();

    expect(screen.getByRole('heading', { level: 1, name: t.title })).toBeInTheDocument();
    const totals = await screen.findByRole('region', { name: t.totals.label });
    const card = (label: string) => within(totals).getByText(label).closest('div') as HTMLElement;
    expect(card(t.totals.minutes)).toHaveTextContent('7,500');
    expect(card(t.totals.hours)).toHaveTextContent(t.totals.hoursValue(7500));
    expect(card(t.totals.volunteers)).toHaveTextContent('42');
    expect(card(t.totals.returning)).toHaveTextContent(t.hiddenFigure);
    expect(card(t.totals.noShowRate)).toHaveTextContent(t.totals.noShowValue(0.125));
    expect(card(t.totals.noShowRate)).toHaveTextContent(t.totals.noShowCounts(5, 40));
    expect(card(t.totals.attendances)).toHaveTextContent('6');
    expect(screen.getByText(t.kAnonymityNote)).toBeInTheDocument();
    expect(screen.getByText(t.range('Sep 16, 2025', 'Oct 1, 2025'))).toBeInTheDocument();
    expect(impactRequests(api)).toEqual([{}]);

    // Every breakdown: a chart named for assistive technology and a table with the same figures.
    const months = sectionOf(t.tables.months.heading);
    // The chart loads on demand.
    expect(
      await within(months).findByRole('list', { name: t.chartLabel(t.tables.months.heading) }),
    ).toHaveTextContent('September 2025: 50 h, 20');
    const region = within(months).getByRole('region', {
      name: texts.common.scrollableTable(t.tableCaption(t.tables.months.heading)),
    });
    const table = within(region).getByRole('table', {
      name: t.tableCaption(t.tables.months.heading),
    });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([
      t.tables.months.first,
      t.tables.months.minutes,
      t.tables.months.hours,
      t.tables.months.volunteers,
    ]);
    const october = within(table).getByRole('rowheader', { name: 'October 2025' });
    expect(october).toHaveAttribute('scope', 'row');
    expect(
      within(october.closest('tr') as HTMLElement)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['4,500', '75', '30']);

    // The merged row of small groups is labelled from the row; left-out service is said.
    const causes = sectionOf(t.tables.causes.heading);
    expect(
      within(causes).getByRole('rowheader', { name: impactTexts.rows.smallGroups }),
    ).toBeInTheDocument();
    expect(within(causes).getByText(t.hiddenRows)).toBeInTheDocument();
    expect(within(causes).getByText(t.causesNote)).toBeInTheDocument();
    expect(
      within(sectionOf(t.tables.months.heading)).queryByText(t.hiddenRows),
    ).not.toBeInTheDocument();

    const byOrganization = sectionOf(t.tables.organizations.heading);
    expect(
      within(byOrganization).getByRole('rowheader', { name: impactTexts.rows.noOrganization }),
    ).toBeInTheDocument();
    expect(
      within(sectionOf(t.tables.academicLevels.heading)).getByText(t.emptyTable),
    ).toBeInTheDocument();

    const top = sectionOf(t.tables.topOpportunities.heading);
    const park = within(top).getByRole('rowheader', { name: 'Park Cleanup' });
    expect(within(park).getByRole('link', { name: 'Park Cleanup' })).toHaveAttribute(
      'href',
      '/opportunity/opp-1',
    );
    expect(
      within(park.closest('tr') as HTMLElement)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['1', impactTexts.rows.noOrganization, 'Sep 20, 2025', '1,200', '20', '10']);
    expect(within(top).getByText(t.topNote)).toBeInTheDocument();

    // One CSV button per table.
    for (const heading of [
      t.totals.label,
      t.tables.months.heading,
      t.tables.causes.heading,
      t.tables.organizations.heading,
      t.tables.academicLevels.heading,
      t.tables.topOpportunities.heading,
    ]) {
      expect(
        within(sectionOf(heading)).getByRole('button', { name: t.csv.downloadTable(heading) }),
      ).toHaveTextContent(t.csv.download);
    }
  });

  it('shows a whole answer withheld in words, the day it stands at and the organization', async () => {
    serve(() =>
      anAnswer({
        as_of: '2025-09-30',
        as_of_instant: '2025-10-01T04:00:00.000Z',
        organization: { id: HABITAT, name: 'Habitat Club' },
        totals: { minutes: null, volunteers: null, returning_volunteers: null },
        no_show: { attendances: 2, registered: null, no_shows: null, rate: null },
      }),
    );
    renderDashboard(admin, `/impact?as_of=2025-09-30&organization=${HABITAT}`);

    const totals = await screen.findByRole('region', { name: t.totals.label });
    expect(within(totals).getAllByText(t.hiddenFigure)).toHaveLength(5);
    expect(within(totals).queryByText(/registrations/)).not.toBeInTheDocument();
    expect(screen.getByText(t.asOf('Sep 30, 2025'))).toBeInTheDocument();
    expect(screen.getByText(t.hostSubtitle('Habitat Club'))).toBeInTheDocument();
  });

  it('says when nothing was recorded in the range', async () => {
    serve(() =>
      anAnswer({
        totals: { minutes: 0, volunteers: 0, returning_volunteers: 0 },
        no_show: { attendances: 0, registered: 0, no_shows: 0, rate: null },
        months: { rows: [], hidden: false },
        causes: { rows: [], hidden: false },
        organizations: { rows: [], hidden: false },
        top_opportunities: { rows: [] },
      }),
    );
    renderDashboard();
    expect(await screen.findByText(t.empty)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: t.totals.label })).not.toBeInTheDocument();
  });

  it('puts applied filters in the address and the request; Back returns to the previous view', async () => {
    const api = serve((url) => anAnswer({ from: url.searchParams.get('from') ?? '2025-09-16' }));
    const user = userEvent.setup();
    renderDashboard();
    await screen.findByRole('region', { name: t.totals.label });

    const form = screen.getByRole('form', { name: t.filters.label });
    const organization = within(form).getByRole('combobox', { name: t.filters.organization });
    expect(
      within(organization)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([t.filters.allOrganizations, 'Habitat Club', 'Running Club', 'Chess Club']);

    await user.type(within(form).getByLabelText(t.filters.from), '2025-09-01');
    await user.type(within(form).getByLabelText(t.filters.to), '2025-10-31');
    await user.type(within(form).getByLabelText(t.filters.asOf), '2025-11-01');
    await user.selectOptions(organization, 'Running Club');
    expect(impactRequests(api)).toHaveLength(1);
    await user.click(within(form).getByRole('button', { name: t.filters.apply }));

    const applied = {
      from: '2025-09-01',
      to: '2025-10-31',
      as_of: '2025-11-01',
      organization_id: RUNNING,
    };
    await waitFor(() => expect(impactRequests(api).at(-1)).toEqual(applied));
    expect(address()).toBe(
      `?from=2025-09-01&to=2025-10-31&as_of=2025-11-01&organization=${RUNNING}`,
    );
    expect(await screen.findByText(t.range('Sep 1, 2025', 'Oct 1, 2025'))).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'browser back' }));
    await waitFor(() => expect(address()).toBe(''));
    expect(within(form).getByLabelText(t.filters.from)).toHaveValue('');
    expect(within(form).getByLabelText(t.filters.asOf)).toHaveValue('');
    expect(organization).toHaveValue('');
    expect(await screen.findByText(t.range('Sep 16, 2025', 'Oct 1, 2025'))).toBeInTheDocument();

    // Reset leaves the filters for the defaults, as a step of its own.
    await user.click(screen.getByRole('button', { name: 'browser back' }));
    await user.type(within(form).getByLabelText(t.filters.from), '2025-09-20');
    await user.click(within(form).getByRole('button', { name: t.filters.apply }));
    await waitFor(() => expect(address()).toBe('?from=2025-09-20'));
    await user.click(within(form).getByRole('button', { name: t.filters.reset }));
    await waitFor(() => expect(address()).toBe(''));
    expect(within(form).getByLabelText(t.filters.from)).toHaveValue('');
  });

  it('opens a shared address with its filters, and refuses a start after the end', async () => {
    const api = serve();
    const user = userEvent.setup();
    renderDashboard(admin, '/impact?from=2025-09-01&to=2025-09-30&as_of=not-a-date');
    await screen.findByRole('region', { name: t.totals.label });
    expect(impactRequests(api)).toEqual([{ from: '2025-09-01', to: '2025-09-30' }]);
    const form = screen.getByRole('form', { name: t.filters.label });
    expect(within(form).getByLabelText(t.filters.from)).toHaveValue('2025-09-01');
    expect(within(form).getByLabelText(t.filters.asOf)).toHaveValue('');

    const from = within(form).getByLabelText(t.filters.from);
    await user.clear(from);
    await user.type(from, '2025-10-15');
    await user.click(within(form).getByRole('button', { name: t.filters.apply }));
    expect(await screen.findByRole('alert')).toHaveTextContent(t.badRange);
    expect(within(form).getByLabelText(t.filters.to)).toHaveAttribute('aria-invalid', 'true');
    expect(address()).toBe('?from=2025-09-01&to=2025-09-30&as_of=not-a-date');
    expect(impactRequests(api)).toHaveLength(1);
  });

  it('asks nothing for a reversed range in the address', async () => {
    const api = serve();
    renderDashboard(admin, '/impact?from=2025-10-01&to=2025-09-01');
    expect(await screen.findByText(t.badRange)).toBeInTheDocument();
    expect(impactRequests(api)).toEqual([]);
  });
});

describe('who sees the impact dashboard', () => {
  it('offers a host only the organizations they host and asks for one of them', async () => {
    const api = serve((url) =>
      anAnswer({
        organization: {
          id: url.searchParams.get('organization_id') ?? '',
          name: url.searchParams.get('organization_id') === CHESS ? 'Chess Club' : 'Habitat Club',
        },
      }),
    );
    const user = userEvent.setup();
    renderDashboard(host, `/impact?organization=${RUNNING}`);

    expect(await screen.findByText(t.hostSubtitle('Habitat Club'))).toBeInTheDocument();
    // An organization they do not host, even in the address, is never asked for.
    expect(impactRequests(api)).toEqual([{ organization_id: HABITAT }]);
    const organization = screen.getByRole('combobox', { name: t.filters.organization });
    expect(
      within(organization)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Habitat Club', 'Chess Club']);

    await user.selectOptions(organization, 'Chess Club');
    await user.click(screen.getByRole('button', { name: t.filters.apply }));
    expect(await screen.findByText(t.hostSubtitle('Chess Club'))).toBeInTheDocument();
    expect(impactRequests(api).at(-1)).toEqual({ organization_id: CHESS });
    expect(address()).toBe(`?organization=${CHESS}`);
  });

  it('tells someone who hosts no organization that it is not theirs, asking nothing', async () => {
    const api = serve();
    renderDashboard(student);
    expect(await screen.findByText(t.forbidden)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: t.title })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: t.filters.label })).not.toBeInTheDocument();
    expect(impactRequests(api)).toEqual([]);
  });

  it('says so when the server refuses, and offers a retry when it fails', async () => {
    const api = fakeApi();
    api.on('GET /api/orgs/approved', () => ({ body: organizations }));
    api.on('GET /api/impact', () => ({ status: 403, body: { message: 'Forbidden' } }));
    const { unmount } = renderDashboard(host);
    expect(await screen.findByText(t.forbidden)).toBeInTheDocument();
    unmount();

    let failures = 1;
    api.on('GET /api/impact', () =>
      failures-- > 0 ? { status: 500, body: { message: 'Down' } } : { body: anAnswer() },
    );
    const user = userEvent.setup();
    renderDashboard(admin);
    expect(await screen.findByText(t.loadFailed)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: texts.common.retry }));
    expect(await screen.findByRole('region', { name: t.totals.label })).toBeInTheDocument();
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

describe('CSV of a table', () => {
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

  const FILE = 'impact_months_2025-09-16_to_2025-10-01.csv';

  it('runs an admin’s report job with a progress bar, then downloads it', async () => {
    const api = serve();
    const progress = [30, 70];
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
                  file_name: FILE,
                  rows: 2,
                  bytes: 40,
                  position: '1.1',
                  created_at: '2025-10-01T12:00:00.000Z',
                  download_url: '/api/reports/job-1/file',
                },
              })
            : status({ progress: next }),
      };
    });
    api.on('GET /api/reports/job-1/file', () => ({ body: 'month,minutes\n2025-09,3000\n' }));
    const user = userEvent.setup();
    renderDashboard();
    const heading = t.tables.months.heading;
    await screen.findByRole('region', { name: t.totals.label });

    await user.click(screen.getByRole('button', { name: t.csv.downloadTable(heading) }));
    const bar = await screen.findByRole('progressbar', { name: t.csv.preparing(heading) });
    await waitFor(() => expect(bar).toHaveAttribute('value', '30'));
    await waitFor(() => expect(bar).toHaveAttribute('value', '70'));
    const section = sectionOf(heading);
    expect(await within(section).findByText(t.csv.done(FILE))).toBeInTheDocument();
    expect(within(section).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(api.calls('POST', '/api/reports')[0]?.body).toEqual({
      kind: 'impact',
      table: 'months',
      from: '2025-09-16',
      to: '2025-10-01',
      as_of: null,
      organization_id: null,
    });
    expect(saved).toEqual([{ name: FILE, href: 'blob:csv' }]);
    expect(api.calls('GET', '/api/impact/csv')).toEqual([]);
  });

  it('says so when the report job fails', async () => {
    const api = serve();
    api.on('POST /api/reports', () => ({
      status: 202,
      body: { job_id: 'job-1', state: 'waiting' },
    }));
    api.on('GET /api/reports/job-1', () => ({
      body: status({ state: 'failed', failed_reason: 'disk full' }),
    }));
    const user = userEvent.setup();
    renderDashboard();
    const heading = t.totals.label;
    const totals = await screen.findByRole('region', { name: heading });
    await user.click(within(totals).getByRole('button', { name: t.csv.downloadTable(heading) }));
    expect(await within(totals).findByRole('alert')).toHaveTextContent(t.csv.failed);
    expect(api.calls('POST', '/api/reports')[0]?.body).toMatchObject({ table: 'summary' });
    expect(saved).toEqual([]);
  });

  it('runs a host’s report job for their organization, busy until the file arrives', async () => {
    const api = serve(() =>
      anAnswer({ as_of: '2025-09-30', organization: { id: HABITAT, name: 'Habitat Club' } }),
    );
    const name = 'impact_causes_2025-09-16_to_2025-10-01_organization_11111111.csv';
    const finished = deferred<{ body: unknown }>();
    api.on('POST /api/reports', () => ({
      status: 202,
      body: { job_id: 'job-2', state: 'waiting' },
    }));
    api.on('GET /api/reports/job-2', () => finished.promise);
    api.on('GET /api/reports/job-2/file', () => ({ body: 'cause,minutes\nHunger,6000\n' }));
    const user = userEvent.setup();
    renderDashboard(host);
    const heading = t.tables.causes.heading;
    await screen.findByRole('region', { name: t.totals.label });

    const button = screen.getByRole('button', { name: t.csv.downloadTable(heading) });
    await user.click(button);
    const bar = await screen.findByRole('progressbar', { name: t.csv.preparing(heading) });
    expect(bar).not.toHaveAttribute('value');
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toBeDisabled();

    finished.resolve({
      body: status({
        id: 'job-2',
        state: 'completed',
        progress: 100,
        file: {
          file_name: name,
          rows: 1,
          bytes: 26,
          position: '1.1',
          created_at: '2025-10-01T12:00:00.000Z',
          download_url: '/api/reports/job-2/file',
        },
      }),
    });
    expect(await screen.findByText(t.csv.done(name))).toBeInTheDocument();
    expect(saved).toEqual([{ name, href: 'blob:csv' }]);
    expect(api.calls('POST', '/api/reports')[0]?.body).toEqual({
      kind: 'impact',
      table: 'causes',
      from: '2025-09-16',
      to: '2025-10-01',
      as_of: '2025-09-30',
      organization_id: HABITAT,
    });
    expect(api.calls('GET', '/api/impact/csv')).toEqual([]);
  });
});
