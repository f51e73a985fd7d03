import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Dialog } from './dialog';

let enableOpener: () => void = () => undefined;

/** Opens a dialog; with `disableWhileOpen` the opener stays disabled after the dialog closes. */
const Opener = ({ disableWhileOpen = false }: { disableWhileOpen?: boolean }) => {
  const [open, setOpen] = useState(false);
  const [disabled, setDisabled] = useState(false);
  useEffect(() => {
    enableOpener = () => setDisabled(false);
  }, []);
  return (
    <>
      <button
        type="button"
        disabled={disabled}
        onClick={() => {
          setOpen(true);
          if (disableWhileOpen) setDisabled(true);
        }}
      >
        Sign in
      </button>
      {open ? (
        <Dialog title="Sign in with a test account" onClose={() => setOpen(false)}>
          <button type="button" onClick={() => setOpen(false)}>
            Cancel
          </button>
        </Dialog>
      ) : null}
    </>
  );
};

describe('dialog: focus back to the opener', () => {
  it('moves focus in on open and back to the opener on Escape', async () => {
    const user = userEvent.setup();
    render(<Opener />);
    const opener = screen.getByRole('button', { name: 'Sign in' });
    await user.click(opener);
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('focuses an opener that is disabled at close as soon as it is enabled again', async () => {
    const user = userEvent.setup();
    render(<Opener disableWhileOpen />);
    const opener = screen.getByRole('button', { name: 'Sign in' });
    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toBeDisabled();

    act(() => enableOpener());
    await waitFor(() => expect(opener).toHaveFocus());
  });
});
