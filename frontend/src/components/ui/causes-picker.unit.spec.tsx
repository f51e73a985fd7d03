import { CAUSES, type Cause } from '@campus/contracts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { CausesPicker } from './causes-picker';

/** Holds the selection like a form does, and reports every change. */
const Harness = ({
  initial,
  onChange,
  error,
}: {
  initial: Cause[];
  onChange: (causes: Cause[]) => void;
  error?: string;
}) => {
  const [value, setValue] = useState(initial);
  return (
    <CausesPicker
      label="Causes"
      hint="Pick at least one."
      value={value}
      error={error}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
};

describe('CausesPicker', () => {
  it('offers every cause as a checkbox in a group named by its legend, with the hint', () => {
    render(<Harness initial={['Education']} onChange={vi.fn()} />);
    const group = screen.getByRole('group', { name: 'Causes' });
    expect(group).not.toHaveAttribute('aria-invalid');
    expect(screen.getAllByRole('checkbox').map((box) => box.parentElement?.textContent)).toEqual([
      ...CAUSES,
    ]);
    expect(screen.getByRole('checkbox', { name: 'Education' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Religious' })).not.toBeChecked();
    expect(screen.getByText('Pick at least one.')).toBeInTheDocument();
  });

  it('adds a checked cause at the end and takes an unchecked one out', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness initial={['Education']} onChange={onChange} />);
    await user.click(screen.getByRole('checkbox', { name: 'Religious' }));
    expect(onChange).toHaveBeenLastCalledWith(['Education', 'Religious']);
    await user.click(screen.getByRole('checkbox', { name: 'Education' }));
    expect(onChange).toHaveBeenLastCalledWith(['Religious']);
    expect(screen.getByRole('checkbox', { name: 'Education' })).not.toBeChecked();
  });

  it('shows the error and marks the group invalid', () => {
    render(<Harness initial={[]} onChange={vi.fn()} error="Choose at least one cause." />);
    expect(screen.getByRole('group', { name: 'Causes' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Choose at least one cause.')).toBeInTheDocument();
  });
});
