import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ScrollTable } from './scroll-table';

describe('ScrollTable', () => {
  it('wraps the table in a named region that keyboard users can focus', async () => {
    const user = userEvent.setup();
    render(
      <ScrollTable label="Projections (scrollable table)" className="card">
        <table>
          <tbody>
            <tr>
              <td>users</td>
            </tr>
          </tbody>
        </table>
      </ScrollTable>,
    );
    const region = screen.getByRole('region', {
      name: 'Projections (scrollable table)',
    });
    expect(region).toContainElement(screen.getByRole('table'));
    expect(region).toHaveClass('card');
    await user.tab();
    expect(region).toHaveFocus();
  });
});
