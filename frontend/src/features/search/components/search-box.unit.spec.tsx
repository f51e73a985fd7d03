import type { SearchResult } from '@campus/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { SearchBox } from './search-box';

type Student = SearchResult['students'][number];
type Organization = SearchResult['organizations'][number];

const anOrganization = (overrides: Partial<Organization> = {}): Organization => ({
  id: 'org-1',
  name: 'Habitat Club',
  type: 'Community Service',
  is_member: false,
  is_host: false,
  ...overrides,
});

const aStudent = (overrides: Partial<Student> = {}): Student => ({
  id: 'user-2',
  name: 'Riley Chen',
  profile_image: null,
  friendship_status: 'add',
  friendship_id: null,
  ...overrides,
});

const results: SearchResult = {
  organizations: [
    anOrganization(),
    anOrganization({ id: 'org-2', name: 'Chess Society', type: 'Other', is_member: true }),
  ],
  students: [
    aStudent(),
    aStudent({
      id: 'user-3',
      name: 'Noah Patel',
      friendship_status: 'friends',
      friendship_id: 'user-3_user-9',
    }),
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

  it('says Searching... rather than "no results" while a newer answer is on its way', async () => {
    const user = userEvent.setup();
    const Harness = () => {
      const [loading, setLoading] = useState(true);
      return (
        <>
          <SearchBox results={{ organizations: [], students: [] }} loading={loading} />
          <button type="button" onClick={() => setLoading(false)}>
            answer arrives
          </button>
        </>
      );
    };
    renderWithProviders(<Harness />);
    await user.type(input(), 'zeb');
    expect(within(panel()!).getByText('Searching...')).toBeInTheDocument();
    expect(screen.queryByText(/No results found/)).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'answer arrives' }));
    expect(within(panel()!).getByText('No results found for "zeb"')).toBeInTheDocument();
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
    await user.click(within(students).getByRole('button', { name: 'Add Friend Riley Chen' }));
    expect(onJoin).toHaveBeenCalledWith(results.organizations[0]);
    expect(onLeave).toHaveBeenCalledWith(results.organizations[1]);
    expect(onAddFriend).toHaveBeenCalledWith(results.students[0]);
    expect(panel()).toBeInTheDocument();
  });

  it('shows at most 4 organizations and 4 students', async () => {
    const user = userEvent.setup();
    const many: SearchResult = {
      organizations: Array.from({ length: 6 }, (_, i) =>
        anOrganization({ id: `org-${i}`, name: `Club ${i}` }),
      ),
      students: Array.from({ length: 6 }, (_, i) =>
        aStudent({ id: `user-${i}`, name: `Student ${i}` }),
      ),
    };
    renderWithProviders(<SearchBox results={many} />);
    await user.type(input(), 'c');
    const organizations = screen.getByRole('region', { name: 'Organizations' });
    const students = screen.getByRole('region', { name: 'Students' });
    expect(within(organizations).getAllByRole('listitem')).toHaveLength(4);
    expect(within(students).getAllByRole('listitem')).toHaveLength(4);
    expect(screen.queryByText('Club 4')).not.toBeInTheDocument();
    expect(screen.queryByText('Student 5')).not.toBeInTheDocument();
  });

  it('shows Request Sent for a request the user sent and Accept for one they received', async () => {
    const user = userEvent.setup();
    const onAccept = vi.fn();
    const onAddFriend = vi.fn();
    const pending: SearchResult = {
      organizations: [],
      students: [
        aStudent({ id: 'u-sent', name: 'Sent To', friendship_status: 'sent', friendship_id: 'f1' }),
        aStudent({
          id: 'u-received',
          name: 'Received From',
          friendship_status: 'received',
          friendship_id: 'f2',
        }),
      ],
    };
    renderWithProviders(
      <SearchBox results={pending} onAccept={onAccept} onAddFriend={onAddFriend} />,
    );
    await user.type(input(), 're');
    const [sent, received] = within(screen.getByRole('region', { name: 'Students' })).getAllByRole(
      'listitem',
    );
    expect(within(sent!).getByText('Request Sent')).toBeInTheDocument();
    expect(within(sent!).queryByRole('button')).not.toBeInTheDocument();
    expect(within(received!).queryByText('Add Friend')).not.toBeInTheDocument();
    await user.click(within(received!).getByRole('button', { name: 'Accept Received From' }));
    expect(onAccept).toHaveBeenCalledWith(pending.students[1]);
    expect(onAddFriend).not.toHaveBeenCalled();
  });

  it('disables the button of a running action and shows a failed action at the top', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <SearchBox
        results={results}
        busyIds={new Set(['org-1'])}
        notice={{ message: 'Error joining organization', detail: 'Server says no' }}
      />,
    );
    await user.type(input(), 'c');
    expect(screen.getByRole('button', { name: 'Join Habitat Club' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Leave Chess Society' })).toBeEnabled();
    expect(within(panel()!).getByRole('alert')).toHaveTextContent(
      'Error joining organization — Server says no',
    );
  });

  it('closes on a click outside and on Escape, but not on a click inside a modal', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <SearchBox results={results} />
        <p>elsewhere on the page</p>
        <div role="dialog" aria-modal="true">
          <button type="button">confirm something</button>
        </div>
      </>,
    );
    await user.type(input(), 'ri');
    expect(panel()).toBeInTheDocument();

    fireEvent.mouseDown(screen.getByRole('button', { name: 'confirm something' }));
    expect(panel()).toBeInTheDocument();

    fireEvent.mouseDown(screen.getByText('elsewhere on the page'));
    expect(panel()).not.toBeInTheDocument();

    await user.type(input(), 'l');
    expect(panel()).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(panel()).not.toBeInTheDocument();
    expect(input()).toHaveFocus();
  });

  it('moves through the results with the arrow keys', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SearchBox results={results} />);
    await user.type(input(), 'c');

    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('link', { name: /Habitat Club/ })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: 'Join Habitat Club' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('link', { name: /Chess Society/ })).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}');
    expect(input()).toHaveFocus();
    expect(panel()).toBeInTheDocument();

    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('button', { name: 'Join Habitat Club' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(panel()).not.toBeInTheDocument();
    expect(input()).toHaveFocus();
    expect(input()).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes when focus leaves it with Tab', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <SearchBox results={{ organizations: [], students: [aStudent()] }} />
        <button type="button">next thing</button>
      </>,
    );
    await user.type(input(), 'ri');
    await user.tab();
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'next thing' })).toHaveFocus();
    expect(panel()).not.toBeInTheDocument();
  });
});
