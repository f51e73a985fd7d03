import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { Link, Outlet, RouterProvider, createMemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { Dialog } from '@/components/ui/dialog';
import { RouteFocus } from './route-focus';

let finishLoading: () => void = () => undefined;

/** A page whose heading reads 'Loading' until its data arrives, then names what it shows. */
const SlowPage = () => {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    finishLoading = () => setLoaded(true);
  }, []);
  return loaded ? (
    <section>
      <h1>Tom Cummerata</h1>
      <p>Profile details</p>
    </section>
  ) : (
    <div>
      <p>Loading...</p>
      <h1>Profile</h1>
    </div>
  );
};

const Shell = () => (
  <>
    <RouteFocus />
    <nav>
      <Link to="/events">Events</Link>
      <Link to="/leaderboard">Leaderboard</Link>
      <Link to="/profile">Profile</Link>
      <Link to="/events?page=2">Next page</Link>
    </nav>
    <input aria-label="Search" />
    <main>
      <Outlet />
    </main>
  </>
);

const renderApp = (path = '/events') => {
  const router = createMemoryRouter(
    [
      {
        element: <Shell />,
        children: [
          { path: '/events', element: <h1>Events</h1> },
          { path: '/leaderboard', element: <h1>Leaderboard</h1> },
          { path: '/profile', element: <SlowPage /> },
          {
            // A dialog that stays open while its links move the page behind it.
            path: '/help',
            element: (
              <>
                <Dialog title="Help" onClose={() => undefined}>
                  <Link to="/help/more">More help</Link>
                </Dialog>
                <Outlet />
              </>
            ),
            children: [
              { index: true, element: <h1>Help</h1> },
              { path: 'more', element: <h1>More</h1> },
            ],
          },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
};

describe('focus after a navigation', () => {
  it('stays where the browser put it on the first load', () => {
    renderApp();
    expect(screen.getByRole('heading', { name: 'Events' })).toBeInTheDocument();
    expect(document.body).toHaveFocus();
  });

  it('moves to the new page’s heading, made focusable by script only', async () => {
    const user = userEvent.setup();
    renderApp();
    await user.click(screen.getByRole('link', { name: 'Leaderboard' }));
    const heading = screen.getByRole('heading', { name: 'Leaderboard' });
    expect(heading).toHaveFocus();
    expect(heading).toHaveAttribute('tabindex', '-1');

    await user.keyboard('{Shift>}{Tab}{/Shift}');
    expect(heading).not.toHaveFocus();
  });

  it('waits for a loading page’s heading and follows it when the loaded one replaces it', async () => {
    const user = userEvent.setup();
    renderApp();
    await user.click(screen.getByRole('link', { name: 'Profile' }));
    expect(screen.getByRole('heading', { name: 'Profile' })).toHaveFocus();
    act(() => finishLoading());
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Tom Cummerata' })).toHaveFocus(),
    );
  });

  it('does not move when only the query string changes', async () => {
    const user = userEvent.setup();
    renderApp();
    const next = screen.getByRole('link', { name: 'Next page' });
    await user.click(next);
    expect(next).toHaveFocus();
  });

  it('never takes focus from a field the person is typing in', async () => {
    const user = userEvent.setup();
    const router = renderApp();
    const search = screen.getByRole('textbox', { name: 'Search' });
    await user.type(search, 'to');
    await act(() => router.navigate('/leaderboard'));
    expect(screen.getByRole('heading', { name: 'Leaderboard' })).toBeInTheDocument();
    expect(search).toHaveFocus();
  });

  it('leaves focus in an open dialog whose link moved the page behind it', async () => {
    const user = userEvent.setup();
    const router = renderApp();
    await user.click(screen.getByRole('link', { name: 'Leaderboard' }));
    await act(() => router.navigate('/help'));
    const more = screen.getByRole('link', { name: 'More help' });
    expect(more).toHaveFocus();
    await user.click(more);
    expect(screen.getByRole('heading', { name: 'More' })).toBeInTheDocument();
    expect(more).toHaveFocus();
  });
});
