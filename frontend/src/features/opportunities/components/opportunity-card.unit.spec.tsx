import { CAUSES } from '@campus/contracts';
import { readdirSync, readFileSync } from 'node:fs';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aListItem } from '@/testing/opportunity-fixtures';
import { renderWithProviders } from '@/testing/render';
import { bannerOf, CAUSE_BANNERS, DEFAULT_BANNER } from '../assets/cause-banners';
import generalPicture from '../assets/opportunity-fallback.svg';
import { OpportunityCard } from './opportunity-card';
import { OpportunityImage } from './opportunity-image';

const ASSETS = `${import.meta.dirname}/../assets`;

/** The card's picture: decorative, so it has no name and is found by its tag. */
const pictureOf = (card: HTMLElement) => card.querySelector('img') as HTMLImageElement;

describe('OpportunityImage banners', () => {
  it('draws a banner of its own for each cause, the general picture for Other', () => {
    const banners = CAUSES.filter((c) => c !== 'Other').map((c) => CAUSE_BANNERS[c]);
    expect(new Set(banners).size).toBe(CAUSES.length - 1);
    expect(banners).not.toContain(DEFAULT_BANNER);
    expect(CAUSE_BANNERS.Other).toBe(DEFAULT_BANNER);
    expect(DEFAULT_BANNER).toBe(generalPicture);
  });

  it('chooses by the first cause and falls back to the general picture', () => {
    expect(bannerOf(['Education', 'Environment & Sustainability'])).toBe(CAUSE_BANNERS.Education);
    expect(bannerOf(['Health and Wellness'])).toBe(CAUSE_BANNERS['Health and Wellness']);
    expect(bannerOf([])).toBe(DEFAULT_BANNER);
    expect(bannerOf(undefined)).toBe(DEFAULT_BANNER);
    expect(bannerOf(['Knitting'])).toBe(DEFAULT_BANNER);
    expect(bannerOf(['toString'])).toBe(DEFAULT_BANNER);
  });

  it('shows the cause banner, decorative, when the picture is missing or broken', () => {
    const { container, rerender } = renderWithProviders(
      <OpportunityImage src={null} causes={['Food Security and Hunger Relief']} />,
    );
    const img = container.querySelector('img') as HTMLImageElement;
    expect(img).toHaveAttribute('src', CAUSE_BANNERS['Food Security and Hunger Relief']);
    expect(img).toHaveAttribute('alt', '');
    rerender(<OpportunityImage src="/files/broken.jpg" causes={['Religious']} />);
    const again = container.querySelector('img') as HTMLImageElement;
    expect(again).toHaveAttribute('src', '/files/broken.jpg');
    fireEvent.error(again);
    expect(container.querySelector('img')).toHaveAttribute('src', CAUSE_BANNERS.Religious);
  });

  it('keeps every banner a small, script-free SVG', () => {
    const files = readdirSync(ASSETS).filter((f) => f.endsWith('.svg'));
    expect(files.length).toBeGreaterThanOrEqual(7);
    for (const name of files) {
      const svg = readFileSync(`${ASSETS}/${name}`, 'utf8');
      expect(svg.startsWith('<svg')).toBe(true);
      expect(svg).toContain('viewBox="0 0 640 360"');
      expect(svg).not.toMatch(/<script|on\w+=|href="http/i);
      expect(Buffer.byteLength(svg)).toBeLessThan(4096);
    }
  });
});

describe('OpportunityCard', () => {
  it('shows the banner of the first cause when the opportunity has no picture', () => {
    renderWithProviders(
      <OpportunityCard
        opportunity={aListItem({ imageUrl: null, causes: ['Homelessness Relief', 'Education'] })}
      />,
    );
    const card = screen.getByTestId('opportunity-card');
    expect(pictureOf(card)).toHaveAttribute('src', CAUSE_BANNERS['Homelessness Relief']);
    expect(pictureOf(card)).toHaveAttribute('alt', '');
  });

  it('shows its own picture when it has one', () => {
    renderWithProviders(<OpportunityCard opportunity={aListItem()} />);
    expect(pictureOf(screen.getByTestId('opportunity-card'))).toHaveAttribute(
      'src',
      '/files/river.jpg',
    );
  });

  it('names each attendee of the preview by their picture or initials', () => {
    renderWithProviders(
      <OpportunityCard
        opportunity={aListItem({
          attendee_count: 5,
          attendee_more: 3,
          attendee_preview: [
            { id: 'u1', name: 'Maya Wong', profile_image: null },
            { id: 'u2', name: 'Sam Student', profile_image: '/files/sam.jpg' },
          ],
        })}
      />,
    );
    const group = screen.getByRole('group', { name: /5/ });
    expect(within(group).getByRole('img', { name: 'Maya Wong' })).toHaveTextContent('MW');
    expect(within(group).getByRole('img', { name: 'Sam Student' })).toHaveAttribute(
      'src',
      '/files/sam.jpg',
    );
  });
});
