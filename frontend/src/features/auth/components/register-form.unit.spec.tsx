import { CONSISTENCY_TOKEN_HEADER, texts } from '@campus/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aUser } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { RegisterForm } from './register-form';

vi.mock('@/lib/auth/firebase', () => ({
  currentIdToken: () => Promise.resolve('id-token'),
  getFirebaseAuth: () => {
    throw new Error('no Firebase in this test');
  },
}));

type Sent = { url: string; init: RequestInit | undefined };
let sent: Sent[];
let answer: () => Response;

beforeEach(() => {
  sent = [];
  answer = () =>
    new Response(JSON.stringify(aUser({ first_name: 'Ada' })), {
      status: 201,
      headers: { 'content-type': 'application/json', [CONSISTENCY_TOKEN_HEADER]: 'v1.5.9' },
    });
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
    sent.push({ url, init });
    return Promise.resolve(answer());
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const renderForm = (email: string | null = 'ada@university.edu') => {
  const onRegistered = vi.fn();
  const onBackToSignIn = vi.fn();
  renderWithProviders(
    <RegisterForm email={email} onRegistered={onRegistered} onBackToSignIn={onBackToSignIn} />,
    { path: '/register' },
  );
  return { onRegistered, onBackToSignIn, user: userEvent.setup() };
};

const fillValidForm = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.type(screen.getByLabelText('First Name'), '  Ada ');
  await user.type(screen.getByLabelText('Last Name'), 'Lovelace');
  await user.type(screen.getByLabelText('Phone Number'), '555 123 4567');
};

describe('RegisterForm', () => {
  it('shows the exact texts and the signed-in email read-only', () => {
    renderForm();
    expect(screen.getByText('Create Account')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Complete your registration' })).toBeInTheDocument();
    const email = screen.getByLabelText('Email');
    expect(email).toHaveValue('ada@university.edu');
    expect(email).toHaveAttribute('readonly');
    expect(screen.getByRole('group', { name: 'Do you have a car on campus?' })).toBeInTheDocument();
    expect(screen.queryByLabelText('How many seats?')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
  });

  it('asks for a seat count only with a car, ignoring out-of-range input and clamping on blur', async () => {
    const { user } = renderForm();
    await user.click(screen.getByLabelText('Yes'));
    const seats = screen.getByLabelText('How many seats?');
    expect(seats).toHaveValue('1');
    expect(screen.getByText('Minimum: 1, Maximum: 15')).toBeInTheDocument();

    await user.clear(seats);
    await user.type(seats, '20');
    expect(seats).toHaveValue('2');
    await user.type(seats, 'x');
    expect(seats).toHaveValue('2');

    await user.clear(seats);
    await user.tab();
    expect(seats).toHaveValue('1');

    await user.click(screen.getByLabelText('No'));
    expect(screen.queryByLabelText('How many seats?')).not.toBeInTheDocument();
  });

  it('shows every validation error and sends nothing', async () => {
    const { user, onRegistered } = renderForm();
    await user.type(screen.getByLabelText('Phone Number'), '12345');
    await user.click(screen.getByRole('button', { name: 'Complete Registration' }));
    expect(screen.getByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid phone number (10+ digits)')).toBeInTheDocument();
    expect(screen.getByText(texts.register.carRequired)).toBeInTheDocument();
    expect(sent).toHaveLength(0);
    expect(onRegistered).not.toHaveBeenCalled();
  });

  it('registers with trimmed values and hands over the created user', async () => {
    const { user, onRegistered } = renderForm();
    await fillValidForm(user);
    await user.click(screen.getByLabelText('Yes'));
    await user.clear(screen.getByLabelText('How many seats?'));
    await user.type(screen.getByLabelText('How many seats?'), '4');
    await user.click(screen.getByRole('button', { name: 'Complete Registration' }));

    await vi.waitFor(() => expect(onRegistered).toHaveBeenCalledTimes(1));
    expect(onRegistered.mock.calls[0]?.[0]).toMatchObject({ first_name: 'Ada' });
    expect(sent[0]?.url).toBe('/api/users');
    expect(sent[0]?.init?.method).toBe('POST');
    const body = sent[0]?.init?.body;
    expect(JSON.parse(typeof body === 'string' ? body : 'null')).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      phone: '5551234567',
      has_car: true,
      car_seats: 4,
    });
  });

  it('reads Creating Account... while the request runs', async () => {
    let release: () => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      () =>
        new Promise<Response>((resolve) => {
          release = () => resolve(answer());
        }),
    );
    const { user, onRegistered } = renderForm();
    await fillValidForm(user);
    await user.click(screen.getByLabelText('No'));
    await user.click(screen.getByRole('button', { name: 'Complete Registration' }));
    expect(await screen.findByRole('button', { name: /Creating Account\.\.\./ })).toBeDisabled();
    release();
    await vi.waitFor(() => expect(onRegistered).toHaveBeenCalled());
  });

  it("shows the server's message, else 'Registration failed.'", async () => {
    answer = () =>
      new Response(
        JSON.stringify({
          type: 'about:blank',
          title: 'Conflict',
          status: 409,
          detail: 'This email is already registered.',
          message: 'This email is already registered.',
        }),
        { status: 409 },
      );
    const { user } = renderForm();
    await fillValidForm(user);
    await user.click(screen.getByLabelText('No'));
    await user.click(screen.getByRole('button', { name: 'Complete Registration' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This email is already registered.');

    answer = () => new Response('oops', { status: 500 });
    await user.click(screen.getByRole('button', { name: 'Complete Registration' }));
    await vi.waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Registration failed.'),
    );
  });

  it('needs a signed-in provider user', async () => {
    const { user } = renderForm(null);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'No authenticated user found. Please sign in with Google first.',
    );
    await fillValidForm(user);
    await user.click(screen.getByLabelText('No'));
    await user.click(screen.getByRole('button', { name: 'Complete Registration' }));
    expect(sent).toHaveLength(0);
  });
});
