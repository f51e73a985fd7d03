import {
  createOpportunitySchema,
  type Opportunity,
  type OrganizationListItem,
  hostTexts,
} from '@campus/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { aUser } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { CreateOpportunityForm } from './create-opportunity-form';

vi.mock('@/lib/auth/firebase', () => ({
  currentIdToken: () => Promise.resolve('id-token'),
  getFirebaseAuth: () => {
    throw new Error('no Firebase in this test');
  },
}));

const t = hostTexts.create;
const GREEN = '0b7f4a8e-2c1d-4e5f-8a9b-000000000001';
const CHOIR = '0b7f4a8e-2c1d-4e5f-8a9b-000000000002';
const OTHER = '0b7f4a8e-2c1d-4e5f-8a9b-000000000003';

const anOrganization = (id: string, name: string, isMember: boolean): OrganizationListItem => ({
  id,
  name,
  type: 'Other',
  description: '',
  approved: true,
  host_user_id: 'someone',
  member_count: 3,
  date_created: '2025-09-01T00:00:00.000Z',
  host_user_name: 'Someone',
  is_member: isMember,
});

const created = (overrides: Partial<Opportunity> = {}): Opportunity => ({
  id: 'new-opp',
  name: 'Food Drive',
  nonprofit: null,
  description: 'Sort cans.',
  date: '2025-10-20',
  time: '09:00',
  starts_at: '2025-10-20T13:00:00.000Z',
  duration: 60,
  address: null,
  points: 60,
  total_slots: 10,
  imageUrl: null,
  causes: ['Food Security and Hunger Relief'],
  tags: [],
  isPrivate: false,
  qualifications: [],
  comments: [],
  redirect_url: null,
  host_id: 'user-1',
  host_user_id: 'user-1',
  host_org_id: GREEN,
  host_org_name: 'Green Club',
  approved: false,
  attendance_marked: false,
  visibility: [],
  involved_users: [],
  ...overrides,
});

/** The schema's own message for a field of a body (the form shows the server's words). */
const schemaMessage = (body: Record<string, unknown>, field: string): string => {
  const result = createOpportunitySchema.safeParse(body);
  const issue = result.error?.issues.find((i) => i.path[0] === field);
  if (!issue) throw new Error(`no issue for ${field}`);
  return issue.message;
};

let api: ReturnType<typeof fakeApi>;
const student = aUser({ id: 'user-1', email: 'student@university.edu' });

beforeEach(() => {
  api = fakeApi();
  api.on('GET /api/orgs/approved', () => ({
    body: [
      anOrganization(GREEN, 'Green Club', true),
      anOrganization(CHOIR, 'Campus Choir', false),
      anOrganization(OTHER, 'Chess Club', false),
    ],
  }));
  api.on('POST /api/opps', ({ body }) => ({ status: 201, body: created({ ...(body as object) }) }));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const renderForm = (user = student, clone: Opportunity | null = null) => {
  api.on(`GET /api/users/email/${user.email ?? ''}`, () => ({ body: user }));
  const view = renderWithProviders(<CreateOpportunityForm clone={clone} />, {
    session: { status: 'signedIn', email: user.email ?? '', userId: user.id },
    path: '/create-opportunity',
  });
  return { ...view, ui: userEvent.setup() };
};

const submit = (ui: ReturnType<typeof userEvent.setup>) =>
  ui.click(screen.getByRole('button', { name: t.submit }));

const fillRequired = async (ui: ReturnType<typeof userEvent.setup>) => {
  await ui.type(screen.getByLabelText(t.name), 'Food Drive');
  await ui.type(screen.getByLabelText(t.description), 'Sort cans.');
  fireEvent.change(screen.getByLabelText(t.date), { target: { value: '2025-10-20' } });
  fireEvent.change(screen.getByLabelText(t.time), { target: { value: '09:00' } });
  await screen.findByRole('option', { name: 'Green Club' });
  await ui.selectOptions(screen.getByLabelText(t.hostOrganization), 'Green Club');
  await ui.click(screen.getByRole('checkbox', { name: 'Food Security and Hunger Relief' }));
};

describe('CreateOpportunityForm', () => {
  it('starts with a 60-minute duration (min 15, step 15) and 10 slots (min 1)', () => {
    renderForm();
    const duration = screen.getByLabelText(t.duration);
    expect(duration).toHaveValue(60);
    expect(duration).toHaveAttribute('min', '15');
    expect(duration).toHaveAttribute('step', '15');
    const slots = screen.getByLabelText(t.totalSlots);
    expect(slots).toHaveValue(10);
    expect(slots).toHaveAttribute('min', '1');
  });

  it('names every missing required field and sends nothing', async () => {
    const { ui } = renderForm();
    await submit(ui);
    const blank = { name: '', description: '', date: '', causes: [], host_org_id: '' };
    for (const field of ['name', 'description', 'date', 'causes']) {
      expect(await screen.findByText(schemaMessage(blank, field))).toBeInTheDocument();
    }
    expect(screen.getByText(t.chooseHostOrganizationError)).toBeInTheDocument();
    expect(screen.getByLabelText(t.name)).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('POST', '/api/opps')).toHaveLength(0);
  });

  it('refuses a duration off the 15-minute step and slots below 1', async () => {
    const { ui } = renderForm();
    await fillRequired(ui);
    await ui.clear(screen.getByLabelText(t.duration));
    await ui.type(screen.getByLabelText(t.duration), '20');
    await ui.clear(screen.getByLabelText(t.totalSlots));
    await ui.type(screen.getByLabelText(t.totalSlots), '0');
    await submit(ui);
    expect(
      await screen.findByText(schemaMessage({ duration: 20 }, 'duration')),
    ).toBeInTheDocument();
    expect(screen.getByText(schemaMessage({ total_slots: 0 }, 'total_slots'))).toBeInTheDocument();
    expect(api.calls('POST', '/api/opps')).toHaveLength(0);
  });

  it('offers only the organizations the student belongs to as host', async () => {
    renderForm();
    const select = screen.getByLabelText(t.hostOrganization);
    await within(select).findByRole('option', { name: 'Green Club' });
    expect(within(select).queryByRole('option', { name: 'Campus Choir' })).not.toBeInTheDocument();
  });

  it('lets an admin host for any organization and says it is live', async () => {
    api.on('POST /api/opps', ({ body }) => ({
      status: 201,
      body: created({ ...(body as object), approved: true }),
    }));
    const { ui } = renderForm(aUser({ id: 'admin-1', email: 'admin@university.edu', admin: true }));
    const select = screen.getByLabelText(t.hostOrganization);
    await within(select).findByRole('option', { name: 'Campus Choir' });
    await fillRequired(ui);
    await submit(ui);
    expect(await screen.findByText(t.successApproved, { exact: false })).toBeInTheDocument();
  });

  it('creates it without a visibility list when public, says so and redirects 2 seconds later', async () => {
    const { ui } = renderForm();
    await fillRequired(ui);
    await ui.type(screen.getByLabelText(t.qualifications), 'Must be 18 or older{Enter}');
    await submit(ui);
    expect(await screen.findByText(t.successTitle)).toBeInTheDocument();
    expect(screen.getByText(t.successPending, { exact: false })).toBeInTheDocument();
    const [sent] = api.calls('POST', '/api/opps');
    expect(sent?.body).toMatchObject({
      name: 'Food Drive',
      description: 'Sort cans.',
      date: '2025-10-20',
      time: '09:00',
      duration: 60,
      total_slots: 10,
      host_org_id: GREEN,
      causes: ['Food Security and Hunger Relief'],
      qualifications: ['Must be 18 or older'],
      isPrivate: false,
      image: null,
    });
    expect(sent?.body).not.toHaveProperty('visibility');
    // Still here right after success; elsewhere once the 2 seconds are over.
    expect(screen.queryByText('elsewhere')).not.toBeInTheDocument();
    expect(await screen.findByText('elsewhere', {}, { timeout: 3000 })).toBeInTheDocument();
  });

  it('needs an organization when private, and sends the chosen ones', async () => {
    const { ui } = renderForm();
    await fillRequired(ui);
    await ui.click(screen.getByRole('switch', { name: new RegExp(t.private) }));
    await submit(ui);
    expect(
      await screen.findByText(
        schemaMessage(
          {
            name: 'x',
            description: 'x',
            date: '2025-10-20',
            time: '09:00',
            host_org_id: GREEN,
            causes: ['Other'],
            isPrivate: true,
            visibility: [],
          },
          'visibility',
        ),
      ),
    ).toBeInTheDocument();
    await ui.type(screen.getByPlaceholderText(t.filterOrganizations), 'choir');
    expect(screen.queryByRole('checkbox', { name: 'Chess Club' })).not.toBeInTheDocument();
    await ui.click(screen.getByRole('checkbox', { name: 'Campus Choir' }));
    await submit(ui);
    await screen.findByText(t.successTitle);
    expect(api.calls('POST', '/api/opps')[0]?.body).toMatchObject({
      isPrivate: true,
      visibility: [CHOIR],
    });
  });

  it('refuses a dropped file that is not an image, uploads a picked image first', async () => {
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }),
    );
    api.on('POST /upload', () => ({ status: 201, body: { url: '/files/picked.png' } }));
    const { ui } = renderForm();
    const zone = screen.getByTestId('image-drop-zone');
    fireEvent.drop(zone, {
      dataTransfer: { files: [new File(['hello'], 'notes.txt', { type: 'text/plain' })] },
    });
    expect(await screen.findByText(t.imageTypeError)).toBeInTheDocument();

    await ui.upload(
      screen.getByLabelText(t.pickImage, { selector: 'input' }),
      new File(['png'], 'photo.png', { type: 'image/png' }),
    );
    expect(screen.queryByText(t.imageTypeError)).not.toBeInTheDocument();
    expect(screen.getByText('photo.png')).toBeInTheDocument();
    await fillRequired(ui);
    await submit(ui);
    await screen.findByText(t.successTitle);
    expect(api.calls('POST', '/upload')).toHaveLength(1);
    expect(api.calls('POST', '/api/opps')[0]?.body).toMatchObject({ image: '/files/picked.png' });
  });

  it('shows the exact error text when the server refuses', async () => {
    api.on('POST /api/opps', () => ({ status: 500, body: { message: 'Database down' } }));
    const { ui } = renderForm();
    await fillRequired(ui);
    await submit(ui);
    expect(await screen.findByText(t.error)).toBeInTheDocument();
    expect(screen.getByText(/Database down/)).toBeInTheDocument();
  });

  it('starts from a clone: its details filled in, a new date to choose', async () => {
    const source = created({
      name: 'River Cleanup',
      description: 'Help us.',
      duration: 90,
      total_slots: 25,
      qualifications: ['Bring gloves'],
      visibility: [CHOIR],
      isPrivate: true,
    });
    renderForm(student, source);
    expect(screen.getByText(t.clonedFrom('River Cleanup'))).toBeInTheDocument();
    expect(screen.getByLabelText(t.name)).toHaveValue('River Cleanup');
    expect(screen.getByLabelText(t.duration)).toHaveValue(90);
    expect(screen.getByLabelText(t.totalSlots)).toHaveValue(25);
    expect(screen.getByLabelText(t.date)).toHaveValue('');
    expect(screen.getByText('Bring gloves')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: new RegExp(t.private) })).toBeChecked();
    await waitFor(() =>
      expect(screen.getByRole('checkbox', { name: 'Campus Choir' })).toBeChecked(),
    );
  });
});
