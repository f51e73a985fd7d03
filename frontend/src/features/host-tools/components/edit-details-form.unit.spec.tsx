import { texts, hostTexts } from '@campus/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { aUser } from '@/testing/fixtures';
import { anOpportunity } from '@/testing/opportunity-fixtures';
import { renderScreen } from '@/testing/render-screen';
import { EditDetailsForm } from './edit-details-form';

vi.mock('@/lib/auth/firebase', () => ({
  currentIdToken: () => Promise.resolve('id-token'),
  getFirebaseAuth: () => {
    throw new Error('no Firebase in this test');
  },
}));

afterEach(() => {
  vi.unstubAllGlobals();
});

const m = hostTexts.manage;
const integrity = texts.opportunities.integrity;

/** The test clock is 2025-10-01 08:00 Eastern; the opportunity starts 2025-10-08 14:30. */
const renderForm = (overrides: Parameters<typeof anOpportunity>[0] = {}, user = aUser()) => {
  const onDone = vi.fn();
  const onSaved = vi.fn();
  renderScreen(
    <EditDetailsForm opportunity={anOpportunity(overrides)} onDone={onDone} onSaved={onSaved} />,
    { user },
  );
  const form = screen.getByRole('form', { name: m.editTitle });
  return { form, onDone, onSaved, ui: userEvent.setup() };
};

const setField = async (ui: ReturnType<typeof userEvent.setup>, field: HTMLElement, v: string) => {
  await ui.clear(field);
  await ui.type(field, v);
};

describe('lengthening an approved opportunity', () => {
  it('tells its host that it goes back for approval, and says nothing to admins or before approval', () => {
    fakeApi();
    const { form } = renderForm();
    expect(within(form).getByLabelText(m.duration)).toHaveAccessibleDescription(
      integrity.lengthenHint,
    );
  });

  it.each([
    ['an admin', {}, aUser({ admin: true })],
    ['a host of an unapproved one', { approved: false }, aUser()],
  ])('says nothing to %s', (_, overrides, user) => {
    fakeApi();
    const { form } = renderForm(overrides, user);
    expect(within(form).getByLabelText(m.duration)).not.toHaveAccessibleDescription(
      integrity.lengthenHint,
    );
  });
});

describe('the edit form keeps a start in the future', () => {
  it('offers no day before today, and refuses a start moved into the past without sending it', async () => {
    const api = fakeApi();
    api.on('PUT /api/opps/opp-1', () => ({ body: { success: true, id: 'opp-1' } }));
    const { form, ui, onDone, onSaved } = renderForm();
    const date = within(form).getByLabelText(m.date);
    expect(date).toHaveAttribute('min', '2025-10-01');
    expect(date).toHaveAccessibleDescription(integrity.startHint);
    await setField(ui, date, '2025-09-30');
    await ui.click(within(form).getByRole('button', { name: m.save }));
    expect(await within(form).findByText(integrity.startInPast)).toBeInTheDocument();
    expect(api.calls('PUT', '/api/opps/opp-1')).toHaveLength(0);

    await setField(ui, date, '2025-10-02');
    await ui.click(within(form).getByRole('button', { name: m.save }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(onDone).not.toHaveBeenCalled();
    expect(api.calls('PUT', '/api/opps/opp-1').at(-1)?.body).toMatchObject({ date: '2025-10-02' });
  });

  it("shows the server's refusal under the field it names", async () => {
    const api = fakeApi();
    api.on('PUT /api/opps/opp-1', () => ({
      status: 400,
      body: { message: integrity.startInPast, errors: [{ field: 'time', message: 'Too early' }] },
    }));
    const { form, ui } = renderForm();
    await setField(ui, within(form).getByLabelText(m.time), '15:00');
    await ui.click(within(form).getByRole('button', { name: m.save }));
    expect(await within(form).findByText('Too early')).toBeInTheDocument();
    expect(within(form).getByLabelText(m.time)).toHaveAccessibleDescription('Too early');
    expect(within(form).getByText(m.updateFailed(integrity.startInPast))).toBeInTheDocument();
  });
});

describe('the edit form once attendance is marked', () => {
  it('shows the date, time and duration read-only with the reason, and still saves other fields', async () => {
    const api = fakeApi();
    api.on('PUT /api/opps/opp-1', () => ({ body: { success: true, id: 'opp-1' } }));
    // Long past: a fix to the description of a past event is still an edit the host may make.
    const { form, ui, onSaved } = renderForm({
      attendance_marked: true,
      date: '2025-09-01',
      time: '10:00',
      starts_at: '2025-09-01T14:00:00.000Z',
    });
    for (const label of [m.date, m.time, m.duration]) {
      const field = within(form).getByLabelText(label);
      expect(field).toHaveAttribute('readonly');
      expect(field).toHaveAccessibleDescription(integrity.scheduleFixedHint);
    }
    expect(within(form).getByLabelText(m.date)).not.toHaveAttribute('min');
    await setField(ui, within(form).getByLabelText(m.description), 'Thanks for coming.');
    await ui.click(within(form).getByRole('button', { name: m.save }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.calls('PUT', '/api/opps/opp-1').at(-1)?.body).toMatchObject({
      description: 'Thanks for coming.',
      date: '2025-09-01',
      time: '10:00',
    });
  });
});
