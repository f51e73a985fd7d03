import { render } from '@testing-library/react';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAYLOADS, forgetPwned, pwned, unsafeIn } from '@/testing/hostile-text';
import { LinkedText } from '../components/linked-text';
import { linkify } from './linkify';

/**
 * Content safety of the link rendering: descriptions and announcements are rendered as text, and
 * only http/https URLs become links (the screens' own checks are in app/content-safety).
 */

/** Generated texts: FUZZ_RUNS, else 50 in CI and 200 locally. */
const RUNS = Number(process.env['FUZZ_RUNS'] ?? (process.env['CI'] === 'true' ? 50 : 200));

/** The visible text of a LinkedText paragraph (without the screen-reader "opens in new tab"). */
const visibleText = (p: Element) => {
  const clone = p.cloneNode(true) as Element;
  clone.querySelectorAll('.visually-hidden').forEach((n) => n.remove());
  return clone.textContent;
};

afterEach(() => {
  vi.unstubAllGlobals();
  forgetPwned();
});

describe('link rendering (linkify, LinkedText)', () => {
  it.each(PAYLOADS)('renders %s as text with no element or handler', (payload) => {
    const { container } = render(<LinkedText text={payload} />);
    const p = container.querySelector('p');
    expect(p).not.toBeNull();
    expect(visibleText(p as Element)).toBe(payload);
    expect(unsafeIn(container)).toEqual([]);
    expect(container.querySelectorAll('a')).toHaveLength(0);
    expect(pwned()).toBeUndefined();
  });

  it('links http and https URLs only, opened safely', () => {
    const { container } = render(
      <LinkedText text="See https://example.org/a?b=1, http://x.test and javascript:alert(1) or data:text/html,hi" />,
    );
    const links = Array.from(container.querySelectorAll('a'));
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      'https://example.org/a?b=1',
      'http://x.test/',
    ]);
    for (const a of links) {
      expect(a.getAttribute('rel')).toContain('noopener');
      expect(a.getAttribute('target')).toBe('_blank');
    }
  });

  it('keeps an HTML payload glued to a URL out of the link', () => {
    const text =
      'https://ok.example/<script>alert(1)</script> and https://ok.example/"onmouseover="alert(1)';
    const { container } = render(<LinkedText text={text} />);
    expect(unsafeIn(container)).toEqual([]);
    expect(visibleText(container.querySelector('p') as Element)).toBe(text);
    for (const a of Array.from(container.querySelectorAll('a'))) {
      expect(a.getAttribute('href')).not.toMatch(/[<>"]/);
    }
  });

  it('generated text: every character stays as text and every link is http(s)', () => {
    const piece = fc.oneof(
      fc.string(),
      fc.constantFrom(...PAYLOADS),
      fc.webUrl(),
      fc.constantFrom('javascript:', 'http://', 'https://', 'HTTPS://A.B', '<', '>', '"', "'", ' '),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), (pieces) => {
        const text = pieces.join('');
        const segments = linkify(text);
        expect(segments.map((s) => s.text).join('')).toBe(text);
        for (const s of segments)
          if (s.kind === 'link') expect(new URL(s.href).protocol).toMatch(/^https?:$/);
        const { container, unmount } = render(<LinkedText text={text} />);
        expect(unsafeIn(container)).toEqual([]);
        expect(visibleText(container.querySelector('p') as Element)).toBe(text);
        unmount();
      }),
      { numRuns: RUNS },
    );
  }, 120_000);
});
