import { readFileSync } from 'node:fs';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar, initialsOf } from './avatar';

const css = readFileSync(`${import.meta.dirname}/avatar.module.css`, 'utf8');
const stackCss = readFileSync(
  `${import.meta.dirname}/../../features/opportunities/components/opportunity-card.module.css`,
  'utf8',
);

/** The declarations of `selector`'s rule in a stylesheet, by property. */
const ruleOf = (sheet: string, selector: string): Record<string, string> => {
  const escaped = selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const body = new RegExp(`(?:^|\\n)${escaped}\\s*\\{([^}]*)\\}`).exec(sheet)?.[1];
  if (body === undefined) throw new Error(`no rule ${selector}`);
  return Object.fromEntries(
    body
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .split(';')
      .map((d) => d.split(':').map((part) => part.trim()))
      .filter((pair): pair is [string, string] => pair.length === 2 && pair[0] !== ''),
  );
};

const REM = 16;
const remOf = (value: string | undefined): number => {
  const match = /^([\d.]+)rem$/.exec(value ?? '');
  if (!match) throw new Error(`not a rem length: ${String(value)}`);
  return Number(match[1]) * REM;
};
/** `calc(var(--avatar-size) * k)` → k. */
const shareOf = (value: string | undefined): number => {
  const match = /^calc\(var\(--avatar-size\) \* ([\d.]+)\)$/.exec(value ?? '');
  if (!match) throw new Error(`not a share of the avatar size: ${String(value)}`);
  return Number(match[1]);
};

/** Widths of two bold capitals in em, as Chromium draws the UI font: the widest pair ('MW'). */
const WIDEST_PAIR_EM = 2.06;
const RING_PX = 2;

describe('Avatar', () => {
  it('shows up to two initials of the name when there is no picture', () => {
    expect(initialsOf('grace  okafor')).toBe('GO');
    expect(initialsOf('María José Hernández')).toBe('MJ');
    expect(initialsOf('')).toBe('');
    render(<Avatar src={null} name="Hannah Lee" alt="Hannah Lee" size="small" />);
    expect(screen.getByRole('img', { name: 'Hannah Lee' })).toHaveTextContent('HL');
  });

  it('draws the initials at a share of the avatar size, so two wide capitals fit every size', () => {
    const base = ruleOf(css, '.avatar');
    const share = shareOf(base['font-size']);
    expect(base.width).toBe('var(--avatar-size)');
    expect(base.height).toBe('var(--avatar-size)');
    for (const size of ['small', 'medium', 'large', 'xlarge']) {
      const rule = ruleOf(css, `.${size}`);
      // A size sets only the size: the initials and the overlap follow it.
      expect(Object.keys(rule)).toEqual(['--avatar-size']);
      const diameter = remOf(rule['--avatar-size']);
      const initials = WIDEST_PAIR_EM * share * diameter;
      // The text line through the middle of the circle, with a margin on each side, and
      // never smaller than 10.5px.
      expect(initials).toBeLessThanOrEqual(0.75 * diameter);
      expect(share * diameter).toBeGreaterThanOrEqual(10.5);
    }
  });

  it('stacks avatars with an overlap that leaves the previous initials clear', () => {
    const base = ruleOf(css, '.avatar');
    const share = shareOf(base['font-size']);
    const overlapShare = shareOf(base['--avatar-overlap']);
    expect(ruleOf(stackCss, '.avatars li + li > *')['margin-left']).toBe(
      'calc(-1 * var(--avatar-overlap, 0.2rem))',
    );
    for (const size of ['small', 'medium', 'large', 'xlarge']) {
      const diameter = remOf(ruleOf(css, `.${size}`)['--avatar-size']);
      const initialsEnd = (diameter + WIDEST_PAIR_EM * share * diameter) / 2;
      const coveredFrom = diameter - overlapShare * diameter - RING_PX;
      // The next avatar and its ring may touch the edge of the widest letters, by a pixel at most.
      expect(coveredFrom).toBeGreaterThanOrEqual(initialsEnd - 1);
    }
  });
});
