import { BADGES, texts, type Badge } from '@campus/contracts';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BadgeIcon } from './badge-icons';
import { BadgesSection } from './badges-section';

const all: Badge[] = BADGES.map((b) => ({ ...b }));

/** The SVG drawn in a badge's row. */
const iconOf = (row: HTMLElement) => row.querySelector('svg');

describe('BadgesSection', () => {
  it('draws an SVG icon for every badge of the catalogue instead of the emoji', () => {
    render(<BadgesSection badges={all} />);
    const rows = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(rows).toHaveLength(BADGES.length);
    for (const [i, badge] of BADGES.entries()) {
      const row = rows[i] as HTMLElement;
      expect(within(row).getByText(badge.name)).toBeInTheDocument();
      expect(row).not.toHaveTextContent(badge.icon);
      const icon = iconOf(row);
      expect(icon).not.toBeNull();
      expect(icon).toHaveAttribute('aria-hidden', 'true');
      expect(icon).toHaveAttribute('data-badge-icon', badge.id);
      expect(icon?.querySelectorAll('path, circle').length).toBeGreaterThan(0);
    }
  });

  it('gives each badge of the catalogue a drawing of its own, none of them the fallback', () => {
    const drawingOf = (id: string) => {
      const { container, unmount } = render(<BadgeIcon badgeId={id} />);
      const shapes = container.querySelector('svg')?.innerHTML ?? '';
      unmount();
      return shapes;
    };
    const fallback = drawingOf('no-such-badge');
    const drawings = new Set(BADGES.map((b) => drawingOf(b.id)));
    expect(drawings.size).toBe(BADGES.length);
    expect(drawings.has(fallback)).toBe(false);
    expect(drawings.has('')).toBe(false);
  });

  it('draws the fallback icon for a badge id the screens do not know', () => {
    const unknown = { id: 'moon-walker', name: 'Moon Walker', description: 'New', icon: '🌙' };
    render(<BadgesSection badges={[unknown as unknown as Badge]} />);
    const row = screen.getByRole('listitem');
    expect(iconOf(row)).toHaveAttribute('data-badge-icon', 'fallback');
    expect(row).not.toHaveTextContent('🌙');
    expect(within(row).getByText('Moon Walker')).toBeInTheDocument();
  });

  it('says so when there are no badges', () => {
    render(<BadgesSection badges={[]} />);
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(screen.getByText(texts.profile.badges.empty)).toBeInTheDocument();
  });
});
