import { texts } from '@campus/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aConfig } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { LoginForm } from './login-form';

const config = aConfig({ supportEmail: 'volunteer-help@university.edu' });

describe('LoginForm', () => {
  it('shows the exact texts of /login', () => {
    renderWithProviders(<LoginForm />, { config, path: '/login' });

    expect(screen.getByRole('heading', { level: 1, name: texts.brand.name })).toBeInTheDocument();
    expect(screen.getByText('Your hub for making a difference')).toBeInTheDocument();
    expect(screen.getByText(texts.login.welcome)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in with university email' })).toBeEnabled();
    expect(screen.getByText('or')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create New Account' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'About' })).toHaveAttribute('href', '/about-us');
    expect(screen.getByRole('link', { name: 'Terms of Service & Privacy Policy' })).toHaveAttribute(
      'href',
      '/terms-and-privacy.pdf',
    );
    expect(screen.getByText(/Not a student\? Contact/)).toHaveTextContent(
      'Not a student? Contact volunteer-help@university.edu',
    );
    expect(screen.getByRole('link', { name: 'volunteer-help@university.edu' })).toHaveAttribute(
      'href',
      'mailto:volunteer-help@university.edu',
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows why the last sign-in failed in the error box', () => {
    const message = texts.signInErrors.notApproved('volunteer-help@university.edu');
    renderWithProviders(<LoginForm />, {
      config,
      session: { status: 'signedOut', error: message },
    });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Your email is not approved for this platform. Please contact volunteer-help@university.edu for access.',
    );
  });

  it('shows the loading state while signing in', () => {
    renderWithProviders(<LoginForm />, { config, session: { status: 'signingIn' } });
    const busy = screen.getByRole('button', { name: /Signing in\.\.\./ });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'Create New Account' })).toBeDisabled();
    expect(
      screen.queryByRole('button', { name: 'Sign in with university email' }),
    ).not.toBeInTheDocument();
  });

  it('opens the test-account chooser in emulator mode and signs in with the picked account', async () => {
    const user = userEvent.setup();
    const { sessionValue } = renderWithProviders(<LoginForm />, { config });

    await user.click(screen.getByRole('button', { name: 'Create New Account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign in with a test account' });
    for (const email of ['admin@university.edu', 'host@university.edu', 'student@university.edu']) {
      expect(within(dialog).getByText(email)).toBeInTheDocument();
    }
    expect(sessionValue.signIn).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: /host@university\.edu/ }));
    expect(sessionValue.signIn).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes the chooser on Escape and returns focus to the button', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LoginForm />, { config });
    const button = screen.getByRole('button', { name: 'Sign in with university email' });
    await user.click(button);
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('asks for a valid address before signing in with a typed email', async () => {
    const user = userEvent.setup();
    const { sessionValue } = renderWithProviders(<LoginForm />, { config });
    await user.click(screen.getByRole('button', { name: 'Sign in with university email' }));
    const dialog = await screen.findByRole('dialog');
    const input = within(dialog).getByLabelText('Or use another email');
    await user.type(input, 'not-an-email');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByText(/Enter an email address/)).toBeInTheDocument();
    expect(sessionValue.signIn).not.toHaveBeenCalled();
    // Announced at once, and tied to the field, which gets focus back to be corrected.
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Enter an email address such as name@university.edu.',
    );
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(
      'Enter an email address such as name@university.edu.',
    );
    expect(input).toHaveFocus();

    await user.clear(input);
    await user.type(input, 'friend@gmail.com{Enter}');
    expect(sessionValue.signIn).toHaveBeenCalledTimes(1);
  });
});
