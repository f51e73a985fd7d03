import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PROFILE_IMAGE } from '@/components/ui/avatar';
import { paths } from '@/config/paths';
import { teamMembers, type TeamMember } from '@/content/team';
import { renderWithProviders } from '@/testing/render';
import { AboutUs } from './about-us';
import { TeamMemberCard } from './team-member-card';

const longStory =
  'We spent a whole Saturday rebuilding the garden beds behind the shelter, and by the end of the day the kids had planted tomatoes in every single one of them.';

const aMember = (overrides: Partial<TeamMember> = {}): TeamMember => ({
  id: 'member-1',
  email: 'jo@university.edu',
  name: 'Jo Rivera',
  picture: '/team/jo-rivera.svg',
  hometown: 'Tulsa, OK',
  major: 'Biology',
  classYear: 2027,
  organizations: ['Pre-Med Society', 'Campus Choir'],
  favoriteServiceStory: longStory,
  roleTitle: 'Volunteer Coordinator',
  ...overrides,
});

const cardOf = (name: string) => screen.getByRole('article', { name });

describe('About Us', () => {
  it('has the banner, mission, origin story, call to action and terms link', () => {
    renderWithProviders(<AboutUs />, { path: '/about-us' });
    expect(screen.getByRole('heading', { level: 1, name: 'About Us' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Our Mission' })).toBeInTheDocument();
    expect(
      screen.getByText(
        /began with a group of Christian students who wanted community through volunteering/,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Ready to Make a Difference' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Browse opportunities/ })).toHaveAttribute(
      'href',
      '/opportunities',
    );
    expect(screen.getByRole('link', { name: /Terms of Service & Privacy Policy/ })).toHaveAttribute(
      'href',
      '/terms-and-privacy.pdf',
    );
  });

  it('lists the ten team members of the content file, each card opening their profile', () => {
    renderWithProviders(<AboutUs />, { path: '/about-us' });
    const team = screen.getByRole('region', { name: 'Our Team' });
    const cards = within(team).getAllByRole('article');
    expect(cards).toHaveLength(10);
    expect(new Set(teamMembers.map((member) => member.id)).size).toBe(10);
    for (const member of teamMembers) {
      const card = cardOf(member.name);
      expect(within(card).getByRole('link', { name: member.name })).toHaveAttribute(
        'href',
        paths.profile.getHref(member.email),
      );
      expect(within(card).getByText(member.roleTitle)).toBeInTheDocument();
      expect(within(card).getByText(member.hometown)).toBeInTheDocument();
      expect(within(card).getByText(`Class of ${member.classYear}`)).toBeInTheDocument();
      for (const organization of member.organizations) {
        expect(within(card).getByText(organization)).toBeInTheDocument();
      }
    }
  });

  it('names each See More button after the person whose story it opens', () => {
    renderWithProviders(<AboutUs />, { path: '/about-us' });
    const team = screen.getByRole('region', { name: 'Our Team' });
    const buttons = within(team).getAllByRole('button', { name: /^See more about / });
    expect(buttons.length).toBeGreaterThan(1);
    expect(within(team).queryAllByRole('button', { name: 'See More' })).toHaveLength(0);
    for (const button of buttons) {
      const card = button.closest('article') as HTMLElement;
      const name = within(card).getByRole('heading', { level: 3 }).textContent;
      expect(button).toHaveAccessibleName(`See more about ${name}`);
      expect(button).toHaveTextContent(/^See More$/);
    }
    expect(within(team).getByRole('button', { name: 'See more about Grace Okafor' })).toBeVisible();
  });
});

describe('TeamMemberCard', () => {
  it('cuts the story at 120 characters and toggles it with See More / See Less', async () => {
    const user = userEvent.setup();
    renderWithProviders(<TeamMemberCard member={aMember()} />);
    const card = cardOf('Jo Rivera');
    const preview = `${longStory.slice(0, 120).trimEnd()}…`;
    expect(within(card).getByText(preview)).toBeInTheDocument();
    expect(within(card).queryByText(longStory)).not.toBeInTheDocument();

    // The visible words stay 'See More' / 'See Less'; the name says whose story it opens.
    const seeMore = within(card).getByRole('button', { name: 'See more about Jo Rivera' });
    expect(seeMore).toHaveTextContent(/^See More$/);
    expect(seeMore).toHaveAttribute('aria-expanded', 'false');
    await user.click(seeMore);
    expect(within(card).getByText(longStory)).toBeInTheDocument();
    const seeLess = within(card).getByRole('button', { name: 'See less about Jo Rivera' });
    expect(seeLess).toHaveTextContent(/^See Less$/);
    expect(seeLess).toHaveAttribute('aria-expanded', 'true');

    await user.click(seeLess);
    expect(within(card).getByText(preview)).toBeInTheDocument();
    expect(
      within(card).getByRole('button', { name: 'See more about Jo Rivera' }),
    ).toBeInTheDocument();
  });

  it('shows a short story whole, without a toggle', () => {
    renderWithProviders(
      <TeamMemberCard member={aMember({ favoriteServiceStory: 'Fed 40 people.' })} />,
    );
    expect(screen.getByText('Fed 40 people.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /See more/i })).not.toBeInTheDocument();
  });

  it('falls back to the default profile image when the picture is broken', () => {
    renderWithProviders(<TeamMemberCard member={aMember({ picture: '/team/missing.png' })} />);
    const picture = screen.getByRole('img', { name: 'Jo Rivera' });
    expect(picture).toHaveAttribute('src', '/team/missing.png');
    fireEvent.error(picture);
    expect(screen.getByRole('img', { name: 'Jo Rivera' })).toHaveAttribute(
      'src',
      DEFAULT_PROFILE_IMAGE,
    );
    expect(DEFAULT_PROFILE_IMAGE).toBe('/default-profile.svg');
  });

  it('links the whole card to the member profile', () => {
    renderWithProviders(<TeamMemberCard member={aMember({ id: 'user-42' })} />);
    expect(screen.getByRole('link', { name: 'Jo Rivera' })).toHaveAttribute(
      'href',
      '/profile/user-42',
    );
  });
});
