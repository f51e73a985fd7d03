import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Alert } from './alert';
import { FailureAlert } from './failure-alert';

describe('Alert', () => {
  it('shows a success as a success: its tone, a check glyph and a polite status', () => {
    render(<Alert tone="success">Saved.</Alert>);
    const notice = screen.getByRole('status');
    expect(notice).toHaveTextContent('Saved.');
    expect(notice).toHaveAttribute('data-tone', 'success');
    expect(notice.querySelector('svg[data-icon="success"]')).not.toBeNull();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a failure as a failure: its tone, its glyph, announced at once', () => {
    render(<FailureAlert message="Could not save." detail="Database down" />);
    const notice = screen.getByRole('alert');
    expect(notice).toHaveTextContent('Could not save. — Database down');
    expect(notice).toHaveAttribute('data-tone', 'error');
    expect(notice.querySelector('svg[data-icon="error"]')).not.toBeNull();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('gives a note its own glyph, different from a success', () => {
    render(<Alert tone="info">Heads up.</Alert>);
    const success = render(<Alert tone="success">Done.</Alert>);
    const glyphOf = (tone: string) =>
      document.querySelector(`svg[data-icon="${tone}"] path`)?.getAttribute('d');
    expect(glyphOf('info')).toBeTruthy();
    expect(glyphOf('success')).toBeTruthy();
    expect(glyphOf('success')).not.toBe(glyphOf('info'));
    success.unmount();
  });
});
