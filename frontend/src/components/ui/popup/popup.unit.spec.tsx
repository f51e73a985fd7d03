import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { PopupProvider, usePopup, type PopupContent, type PopupVariant } from '.';

const Trigger = ({ popups }: { popups: PopupContent[] }) => {
  const { show } = usePopup();
  return (
    <button type="button" onClick={() => popups.forEach(show)}>
      open
    </button>
  );
};

const renderWith = (...popups: PopupContent[]) =>
  render(
    <PopupProvider>
      <Trigger popups={popups} />
    </PopupProvider>,
  );

const variants: PopupVariant[] = ['success', 'warning', 'error', 'info'];

describe('popup', () => {
  it.each(variants)(
    'shows the %s style with its title, message and a focused Got it',
    async (variant) => {
      const user = userEvent.setup();
      renderWith({ variant, title: `A ${variant} title`, message: `The ${variant} message.` });
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'open' }));
      const popup = screen.getByRole('alertdialog', { name: `A ${variant} title` });
      expect(popup).toHaveAttribute('aria-modal', 'true');
      expect(popup).toHaveAttribute('data-variant', variant);
      expect(popup).toHaveAccessibleDescription(`The ${variant} message.`);
      const gotIt = screen.getByRole('button', { name: 'Got it' });
      expect(gotIt).toHaveFocus();

      await user.click(gotIt);
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'open' })).toHaveFocus();
    },
  );

  it('styles each variant differently', async () => {
    const user = userEvent.setup();
    renderWith(
      ...variants.map((variant): PopupContent => ({ variant, title: variant, message: 'm' })),
    );
    await user.click(screen.getByRole('button', { name: 'open' }));
    const classes = new Set<string>();
    for (const variant of variants) {
      classes.add(screen.getByRole('alertdialog', { name: variant }).className);
      await user.click(screen.getByRole('button', { name: 'Got it' }));
    }
    expect(classes.size).toBe(4);
  });

  it('shows popups one after another, each closed by Got it', async () => {
    const user = userEvent.setup();
    renderWith(
      { variant: 'success', title: 'Signed up!', message: 'See you there.' },
      { variant: 'warning', title: 'Opportunity Full', message: 'Someone took the last slot.' },
    );
    await user.click(screen.getByRole('button', { name: 'open' }));
    expect(screen.getAllByRole('alertdialog')).toHaveLength(1);
    expect(screen.getByRole('alertdialog', { name: 'Signed up!' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Got it' }));
    expect(screen.getByRole('alertdialog', { name: 'Opportunity Full' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Got it' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Got it' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('closes on Escape too', async () => {
    const user = userEvent.setup();
    renderWith({ variant: 'error', title: 'Something failed', message: 'Try again.' });
    await user.click(screen.getByRole('button', { name: 'open' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('needs the provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Lonely = () => {
      usePopup();
      return null;
    };
    expect(() => render(<Lonely />)).toThrow(/PopupProvider/);
  });
});

/** A button that is disabled while its action runs, and tells of the result in a popup. */
let finishAction: () => void = () => undefined;
const SignUpButton = ({ loseFocus = false }: { loseFocus?: boolean }) => {
  const { show } = usePopup();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    finishAction = () => setBusy(false);
  }, []);
  return (
    <>
      <button
        type="button"
        disabled={busy}
        onClick={(event) => {
          setBusy(true);
          // What a browser may do with a focused button that gets disabled.
          if (loseFocus) event.currentTarget.blur();
          show({ variant: 'success', title: 'Signed up!', message: 'See you there.' });
        }}
      >
        Sign Up
      </button>
      <button type="button">Elsewhere</button>
    </>
  );
};

const renderSignUp = (loseFocus = false) =>
  render(
    <PopupProvider>
      <SignUpButton loseFocus={loseFocus} />
    </PopupProvider>,
  );

describe('popup: focus back to the opener', () => {
  it('waits for an opener disabled at close and focuses it once it is enabled', async () => {
    const user = userEvent.setup();
    renderSignUp();
    const signUp = screen.getByRole('button', { name: 'Sign Up' });
    await user.click(signUp);
    expect(signUp).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Got it' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(signUp).not.toHaveFocus();

    act(() => finishAction());
    await waitFor(() => expect(signUp).toHaveFocus());
  });

  it('remembers the opener even when focus fell to the page before the popup opened', async () => {
    const user = userEvent.setup();
    renderSignUp(true);
    const signUp = screen.getByRole('button', { name: 'Sign Up' });
    await user.click(signUp);
    expect(screen.getByRole('button', { name: 'Got it' })).toHaveFocus();
    act(() => finishAction());
    await user.click(screen.getByRole('button', { name: 'Got it' }));
    expect(signUp).toHaveFocus();
  });

  it('does not take focus back once the person has moved it elsewhere', async () => {
    const user = userEvent.setup();
    renderSignUp();
    const signUp = screen.getByRole('button', { name: 'Sign Up' });
    await user.click(signUp);
    await user.click(screen.getByRole('button', { name: 'Got it' }));
    const elsewhere = screen.getByRole('button', { name: 'Elsewhere' });
    elsewhere.focus();
    act(() => finishAction());
    // Several frames pass: focus stays where the person put it.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(elsewhere).toHaveFocus();
  });
});
