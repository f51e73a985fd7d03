import type { SearchResult } from '@campus/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { SearchBox } from './search-box';

const results: SearchResult = {
  organizations: [
    {
      id: 'org-1',
      name: 'Habitat Club',
      type: 'Community Service',
      is_member: false,
      is_host: false,
    },
    { id: 'org-2', name: 'Chess Society', type: 'Other', is_member: true, is_host: false },
  ],
  students: [
    {
      id: 'user-2',
      name: 'Riley Chen',
      profile_image: null,
      friendship_status: 'add',
      friendship_id: null,
    },
    {
      id: 'user-3',
      name: 'Noah Patel',
      profile_image: null,
      friendship_status: 'friends',
      friendship_id: 'user-3_user-9',
    },
  ],
};

const input = () => screen.getByRole('combobox', { name: 'Search students and organizations' });
const panel = () => screen.queryByRole('dialog', { name: 'Search results' });

describe('SearchBox', () => {
  it('has the placeholder and no dropdown before anything is typed', () => {
    renderWithProviders(<SearchBox results={results} />);
    expect(input()).toHaveAttribute('placeholder', 'Search students & orgs...');
    expect(input()).toHaveAttribute('aria-expanded', 'false');
    expect(panel()).not.toBeInTheDocument();
  });

  it('reports the trimmed query and shows the empty text for no results', async () => {
    const user = userEvent.setup();
    const onQueryChange = vi.fn();
    renderWithProviders(
      <SearchBox results={{ organizations: [], students: [] }} onQueryChange={onQueryChange} />,
    );
    await user.type(input(), ' zebra ');
    expect(onQueryChange).toHaveBeenLastCalledWith('zebra');
    expect(within(panel()!).getByText('No results found for "zebra"')).toBeInTheDocument();
    expect(input()).toHaveAttribute('aria-expanded', 'true');
  });

  it('opens no dropdown while no results are wired', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SearchBox />);
    await user.type(input(), 'anything');
    expect(panel()).not.toBeInTheDocument();
  });

  it('groups organizations and students with their actions and links', async () => {
    const user = userEvent.setup();
    const onJoin = vi.fn();
    const onLeave = vi.fn();
    const onAddFriend = vi.fn();
    renderWithProviders(
      <SearchBox results={results} onJoin={onJoin} onLeave={onLeave} onAddFriend={onAddFriend} />,
    );
    await user.type(input(), 'c');
    const organizations = screen.getByRole('region', { name: 'Organizations' });
    expect(within(organizations).getByRole('link', { name: /Habitat Club/ })).toHaveAttribute(
      'href',
      '/group-detail/org-1',
    );
    expect(within(organizations).getByText('Community Service')).toBeInTheDocument();
    const students = screen.getByRole('region', { name: 'Students' });
    expect(within(students).getByRole('link', { name: /Riley Chen/ })).toHaveAttribute(
      'href',
      '/profile/user-2',
    );
    expect(within(students).getByText('Friends ✓')).toBeInTheDocument();

    const [join, leave] = within(organizations).getAllByRole('button');
    expect(join).toHaveTextContent('Join');
    expect(leave).toHaveTextContent('Leave');
    await user.click(join!);
    await user.click(leave!);
    await user.click(within(students).getByRole('button', { name: 'Add Friend' }));
    expect(onJoin).toHaveBeenCalledWith(results.organizations[0]);
    expect(onLeave).toHaveBeenCalledWith(results.organizations[1]);
    expect(onAddFriend).toHaveBeenCalledWith(results.students[0]);
    expect(panel()).toBeInTheDocument();
  });

  it('closes on a click outside and on Escape', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <SearchBox results={results} />
        <p>elsewhere on the page</p>
      </>,
    );
    await user.type(input(), 'ri');
    expect(panel()).toBeInTheDocument();

    fireEvent.mouseDown(screen.getByText('elsewhere on the page'));
    expect(panel()).not.toBeInTheDocument();

    await user.type(input(), 'l');
    expect(panel()).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(panel()).not.toBeInTheDocument();
  });
});
