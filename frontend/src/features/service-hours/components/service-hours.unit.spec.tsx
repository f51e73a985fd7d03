import {
  logServiceHoursSchema,
  texts,
  type MyServiceLogs,
  type OrganizationListItem,
  type ServiceLog,
  hostTexts,
  serviceHoursTexts,
} from '@campus/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { aUser } from '@/testing/fixtures';
import { HOSTILE, PAYLOADS, SAFE_HREF, forgetPwned, pwned, unsafeIn } from '@/testing/hostile-text';
import { renderScreen } from '@/testing/render-screen';
import { ServiceHoursScreen } from './service-hours';

vi.mock('@/lib/auth/firebase', () => ({
  currentIdToken: () => Promise.resolve('id-token'),
  getFirebaseAuth: () => {
    throw new Error('no Firebase in this test');
  },
}));

const t = serviceHoursTexts.ui;
const FOOD_BANK = '0b7f4a8e-2c1d-4e5f-8a9b-000000000001';
const CHOIR = '0b7f4a8e-2c1d-4e5f-8a9b-000000000002';
const student = aUser({ id: 'user-1', email: 'student@university.edu' });

const anOrganization = (
  id: string,
  name: string,
  hostUserId = 'someone',
): OrganizationListItem => ({
  id,
  name,
  type: 'Other',
  description: '',
  approved: true,
  host_user_id: hostUserId,
  member_count: 3,
  date_created: '2025-09-01T00:00:00.000Z',
  host_user_name: 'Someone',
  is_member: false,
});

const aLog = (overrides: Partial<ServiceLog> = {}): ServiceLog => ({
  id: 'log-1',
  user_id: 'user-1',
  user_name: 'Sam Student',
  organization_id: FOOD_BANK,
  organization_name: 'City Food Bank',
  outside: false,
  date: '2025-09-20',
  minutes: 150,
  cause: 'Food Security and Hunger Relief',
  description: 'Sorted cans.\nStacked shelves.',
  verifier_name: 'Vera Verifier',
  verifier_email: 'vera@foodbank.org',
  photo: null,
  status: 'pending',
  logged_at: '2025-09-21T12:00:00.000Z',
  decided_at: null,
  decided_by_id: null,
  decided_by_name: null,
  reason: null,
  ...overrides,
});

/** The schema's own message for a field of a body (the form shows the command's words). */
const schemaMessage = (body: Record<string, unknown>, field: string): string => {
  const issue = logServiceHoursSchema
    .safeParse(body)
    .error?.issues.find((i) => i.path[0] === field);
  if (!issue) throw new Error(`no issue for ${field}`);
  return issue.message;
};

let api: ReturnType<typeof fakeApi>;
let mine: MyServiceLogs;

beforeEach(() => {
  api = fakeApi();
  mine = { approved_minutes: 0, pending_minutes: 0, logs: [] };
  api.on('GET /api/hours/mine', () => ({ body: mine }));
  api.on('GET /api/orgs/approved', () => ({
    body: [anOrganization(FOOD_BANK, 'City Food Bank'), anOrganization(CHOIR, 'Campus Choir')],
  }));
  // jsdom has no object URLs; the picked photo's preview gets this one.
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  vi.unstubAllGlobals();
  forgetPwned();
});

const renderPage = (user = student) => {
  renderScreen(<ServiceHoursScreen />, { user, path: '/hours' });
  return userEvent.setup();
};

type Ui = ReturnType<typeof userEvent.setup>;

/** Replaces a field's text as a person pasting it would. */
const fill = async (ui: Ui, label: string, text: string) => {
  const field = screen.getByLabelText(label);
  await ui.clear(field);
  await ui.click(field);
  await ui.paste(text);
};

const openForm = async (ui: Ui) => {
  await ui.click(screen.getByRole('button', { name: t.logButton }));
  return screen.getByRole('form', { name: t.formTitle });
};

const submit = (ui: Ui) => ui.click(screen.getByRole('button', { name: t.submit }));

/** Every field but the organization, valid (the test clock's Eastern today is 2025-10-01). */
const fillTheRest = async (ui: Ui) => {
  fireEvent.change(screen.getByLabelText(t.date), { target: { value: '2025-09-30' } });
  await fill(ui, t.hours, '2');
  await fill(ui, t.minutes, '30');
  await ui.selectOptions(screen.getByLabelText(t.cause), 'Food Security and Hunger Relief');
  await fill(ui, t.description, 'Sorted cans.');
  await fill(ui, t.verifierName, 'Vera Verifier');
  await fill(ui, t.verifierEmail, 'vera@foodbank.org');
};

const chooseFoodBank = async (ui: Ui) => {
  await screen.findByRole('option', { name: 'City Food Bank' });
  await ui.selectOptions(screen.getByLabelText(t.organization), 'City Food Bank');
};

describe('/hours: the student’s logged hours', () => {
  it('lists each log with its status, organization, date, time, cause, description and decision, and the totals', async () => {
    mine = {
      approved_minutes: 150,
      pending_minutes: 45,
      logs: [
        aLog({
          id: 'log-3',
          organization_id: null,
          organization_name: 'Riverside Shelter',
          outside: true,
          date: '2025-09-28',
          minutes: 45,
          cause: 'Homelessness Relief',
          description: 'Served dinner.',
        }),
        aLog({
          id: 'log-2',
          date: '2025-09-25',
          minutes: 60,
          status: 'rejected',
          decided_at: '2025-09-26T12:00:00.000Z',
          decided_by_id: 'hal-1',
          decided_by_name: 'Hal Host',
          reason: 'You were not on the roster.',
        }),
        aLog({
          status: 'approved',
          decided_at: '2025-09-22T12:00:00.000Z',
          decided_by_id: 'hal-1',
          decided_by_name: 'Hal Host',
          photo: '/files/cans.png',
        }),
      ],
    };
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: t.title })).toBeInTheDocument();
    const totals = await screen.findByRole('list', { name: t.totals });
    expect(
      within(totals)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Verified: 2 h 30 min', 'Waiting: 45 min']);

    const logs = screen.getAllByRole('article');
    expect(logs.map((log) => within(log).getByRole('heading', { level: 3 }).textContent)).toEqual([
      `Riverside Shelter ${serviceHoursTexts.outsideSuffix}`,
      'City Food Bank',
      'City Food Bank',
    ]);
    const [outside, rejected, approved] = logs as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(outside).getByText(serviceHoursTexts.statuses.pending)).toBeInTheDocument();
    expect(within(outside).getByText('Sep 28, 2025')).toBeInTheDocument();
    expect(within(outside).getByText('45 min')).toBeInTheDocument();
    expect(within(outside).getByText('Homelessness Relief')).toBeInTheDocument();
    expect(within(outside).getByText('Served dinner.')).toBeInTheDocument();

    expect(within(rejected).getByText(serviceHoursTexts.statuses.rejected)).toBeInTheDocument();
    expect(
      within(rejected).getByText(
        `${serviceHoursTexts.statuses.rejected} ${t.decidedBy('Hal Host')}`,
      ),
    ).toBeInTheDocument();
    expect(within(rejected).getByText(t.reason('You were not on the roster.'))).toBeInTheDocument();

    expect(within(approved).getByText(serviceHoursTexts.statuses.approved)).toBeInTheDocument();
    expect(within(approved).getByText('2 h 30 min')).toBeInTheDocument();
    expect(
      within(approved).getByRole('img', { name: t.photoAlt('City Food Bank') }),
    ).toHaveAttribute('src', '/files/cans.png');
  });

  it('renders hostile names, descriptions and reasons as text, and no unsafe photo link', async () => {
    mine = {
      approved_minutes: 0,
      pending_minutes: 0,
      logs: [
        aLog({
          organization_name: `Shelter ${PAYLOADS[0]}`,
          outside: true,
          description: HOSTILE,
          verifier_name: PAYLOADS[1],
          photo: PAYLOADS[2],
          status: 'rejected',
          decided_by_name: PAYLOADS[5],
          reason: PAYLOADS[4],
        }),
      ],
    };
    renderPage();
    const log = await screen.findByRole('article');
    expect(within(log).getByText(HOSTILE)).toBeInTheDocument();
    expect(within(log).getByText(t.reason(PAYLOADS[4]))).toBeInTheDocument();
    expect(within(log).queryByRole('img')).not.toBeInTheDocument();
    expect(unsafeIn(log)).toEqual([]);
    for (const link of within(log).queryAllByRole('link')) {
      expect(link.getAttribute('href')).toMatch(SAFE_HREF);
    }
    expect(pwned()).toBeUndefined();
  });

  it('says when there is nothing logged yet', async () => {
    renderPage();
    expect(await screen.findByText(t.empty)).toBeInTheDocument();
  });

  it('offers a retry when the logs fail to load', async () => {
    api.on('GET /api/hours/mine', () => ({ status: 500, body: {} }));
    const ui = renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(t.loadFailed);
    mine = { approved_minutes: 0, pending_minutes: 0, logs: [] };
    api.on('GET /api/hours/mine', () => ({ body: mine }));
    await ui.click(screen.getByRole('button', { name: texts.common.retry }));
    expect(await screen.findByText(t.empty)).toBeInTheDocument();
  });

  it.each([
    ['a student', student, false],
    ['a host', aUser({ id: 'host-1', email: 'host@university.edu' }), true],
    ['an admin', aUser({ id: 'admin-1', email: 'admin@university.edu', admin: true }), true],
  ])('links the verifiers’ page for %s: %s', async (_who, user, linked) => {
    api.on('GET /api/orgs/approved', () => ({
      body: [anOrganization(FOOD_BANK, 'City Food Bank', 'host-1')],
    }));
    renderPage(user);
    await screen.findByText(t.empty);
    await waitFor(() => expect(api.calls('GET', '/api/orgs/approved')).toHaveLength(1));
    if (linked) {
      expect(await screen.findByRole('link', { name: t.verifyTitle })).toHaveAttribute(
        'href',
        '/hours/verify',
      );
    } else {
      expect(screen.queryByRole('link', { name: t.verifyTitle })).not.toBeInTheDocument();
    }
  });
});

describe('/hours: the Log hours form', () => {
  it('opens from Log hours and closes with Cancel, focus back on the button', async () => {
    const ui = renderPage();
    const button = screen.getByRole('button', { name: t.logButton });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await openForm(ui);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const date = screen.getByLabelText(t.date);
    expect(date).toHaveAttribute('max', '2025-10-01');
    expect(date).toHaveAttribute('min', '2024-10-01');
    await ui.click(screen.getByRole('button', { name: t.cancel }));
    expect(screen.queryByRole('form', { name: t.formTitle })).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('names every missing field with the command’s own message, focuses the first and sends nothing', async () => {
    const ui = renderPage();
    await openForm(ui);
    await submit(ui);
    const blank = {
      date: '',
      minutes: 0,
      cause: '',
      description: '',
      verifier_name: '',
      verifier_email: '',
    };
    const organization = screen.getByLabelText(t.organization);
    expect(await screen.findByText(t.chooseOrganization, { selector: 'p' })).toBeInTheDocument();
    expect(organization).toHaveAttribute('aria-invalid', 'true');
    expect(organization).toHaveAccessibleDescription(t.chooseOrganization);
    expect(organization).toHaveFocus();
    for (const field of ['date', 'minutes', 'cause', 'description', 'verifier_name']) {
      expect(screen.getByText(schemaMessage(blank, field))).toBeInTheDocument();
    }
    expect(screen.getByLabelText(t.minutes)).toHaveAccessibleDescription(
      schemaMessage(blank, 'minutes'),
    );
    expect(api.calls('POST', '/api/hours')).toHaveLength(0);
  });

  it.each([
    ['2025-10-02', serviceHoursTexts.errors.futureDate],
    ['2024-09-30', serviceHoursTexts.errors.tooOld],
  ])('refuses the date %s: %s', async (date, message) => {
    const ui = renderPage();
    await openForm(ui);
    await chooseFoodBank(ui);
    await fillTheRest(ui);
    fireEvent.change(screen.getByLabelText(t.date), { target: { value: date } });
    await submit(ui);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByLabelText(t.date)).toHaveFocus();
    expect(api.calls('POST', '/api/hours')).toHaveLength(0);
  });

  it('refuses a malformed verifier email and more than 24 h 59 min', async () => {
    const ui = renderPage();
    await openForm(ui);
    await chooseFoodBank(ui);
    await fillTheRest(ui);
    await fill(ui, t.verifierEmail, 'vera-at-foodbank');
    await fill(ui, t.hours, '25');
    await submit(ui);
    expect(
      await screen.findByText(
        schemaMessage({ verifier_email: 'vera-at-foodbank' }, 'verifier_email'),
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(schemaMessage({ minutes: 25 * 60 + 30 }, 'minutes')),
    ).toBeInTheDocument();
    expect(api.calls('POST', '/api/hours')).toHaveLength(0);
  });

  it('sends a platform organization’s hours with the uploaded photo, then says so and lists them', async () => {
    api.on('POST /upload', () => ({ status: 201, body: { url: '/files/photo-1.png' } }));
    api.on('POST /api/hours', () => {
      mine = {
        approved_minutes: 0,
        pending_minutes: 150,
        logs: [aLog({ photo: '/files/photo-1.png' })],
      };
      return { status: 201, body: { success: true, id: 'log-1' } };
    });
    const ui = renderPage();
    await screen.findByText(t.empty);
    await openForm(ui);
    await chooseFoodBank(ui);
    await fillTheRest(ui);
    await ui.upload(
      screen.getByLabelText(t.photo),
      new File(['png'], 'cans.png', { type: 'image/png' }),
    );
    await submit(ui);

    expect(await screen.findByText(t.submitted)).toBeInTheDocument();
    expect(api.calls('POST', '/upload')).toHaveLength(1);
    expect(api.calls('POST', '/api/hours')[0]?.body).toEqual({
      organization_id: FOOD_BANK,
      date: '2025-09-30',
      minutes: 150,
      cause: 'Food Security and Hunger Relief',
      description: 'Sorted cans.',
      verifier_name: 'Vera Verifier',
      verifier_email: 'vera@foodbank.org',
      photo: '/files/photo-1.png',
    });
    expect(screen.queryByRole('form', { name: t.formTitle })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: t.logButton })).toHaveFocus();
    expect(
      await screen.findByRole('heading', { level: 3, name: 'City Food Bank' }),
    ).toBeInTheDocument();
  });

  it('sends an outside organization by its name, without a photo', async () => {
    api.on('POST /api/hours', () => ({ status: 201, body: { success: true, id: 'log-2' } }));
    const ui = renderPage();
    await openForm(ui);
    await ui.click(screen.getByRole('radio', { name: t.offPlatform }));
    expect(screen.queryByLabelText(t.organization)).not.toBeInTheDocument();
    await submit(ui);
    expect(await screen.findByText(t.outsideOrganizationRequired)).toBeInTheDocument();
    expect(screen.getByLabelText(t.outsideOrganization)).toHaveFocus();
    await fill(ui, t.outsideOrganization, 'Riverside Shelter');
    await fillTheRest(ui);
    await submit(ui);
    await screen.findByText(t.submitted);
    expect(api.calls('POST', '/upload')).toHaveLength(0);
    expect(api.calls('POST', '/api/hours')[0]?.body).toEqual({
      outside_organization: 'Riverside Shelter',
      date: '2025-09-30',
      minutes: 150,
      cause: 'Food Security and Hunger Relief',
      description: 'Sorted cans.',
      verifier_name: 'Vera Verifier',
      verifier_email: 'vera@foodbank.org',
      photo: null,
    });
  });

  it('refuses a file that is not an image before sending anything', async () => {
    const ui = userEvent.setup({ applyAccept: false });
    renderScreen(<ServiceHoursScreen />, { user: student, path: '/hours' });
    await openForm(ui);
    await ui.upload(
      screen.getByLabelText(t.photo),
      new File(['%PDF'], 'a.pdf', { type: 'application/pdf' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(hostTexts.create.imageTypeError);
    expect(screen.getByLabelText(t.photo)).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the server’s field errors on their fields, the first focused, and keeps the form', async () => {
    const { errors } = serviceHoursTexts;
    api.on('POST /api/hours', () => ({
      status: 400,
      body: {
        message: 'Invalid fields: organization_id, date',
        errors: [
          { field: 'date', message: errors.futureDate },
          { field: 'organization_id', message: errors.organizationNotApproved },
        ],
      },
    }));
    const ui = renderPage();
    await openForm(ui);
    await chooseFoodBank(ui);
    await fillTheRest(ui);
    await submit(ui);

    expect(await screen.findByRole('alert')).toHaveTextContent(t.submitFailed);
    const organization = screen.getByLabelText(t.organization);
    await waitFor(() => expect(organization).toHaveFocus());
    expect(organization).toHaveAccessibleDescription(errors.organizationNotApproved);
    expect(screen.getByLabelText(t.date)).toHaveAccessibleDescription(errors.futureDate);
    expect(screen.getByRole('form', { name: t.formTitle })).toBeInTheDocument();
    expect(screen.queryByText(t.submitted)).not.toBeInTheDocument();
  });

  it('shows an outside organization’s server error on its name field', async () => {
    api.on('POST /api/hours', () => ({
      status: 400,
      body: {
        message: 'Organization name must be at most 200 characters',
        errors: [
          {
            field: 'outside_organization',
            message: 'Organization name must be at most 200 characters',
          },
        ],
      },
    }));
    const ui = renderPage();
    await openForm(ui);
    await ui.click(screen.getByRole('radio', { name: t.offPlatform }));
    await fill(ui, t.outsideOrganization, 'Riverside Shelter');
    await fillTheRest(ui);
    await submit(ui);
    const name = screen.getByLabelText(t.outsideOrganization);
    await waitFor(() =>
      expect(name).toHaveAccessibleDescription('Organization name must be at most 200 characters'),
    );
    expect(name).toHaveFocus();
  });
});
