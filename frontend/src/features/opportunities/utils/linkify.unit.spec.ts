import { describe, expect, it } from 'vitest';
import { linkify, safeHttpUrl } from './linkify';

describe('linkify', () => {
  it('turns http and https URLs into links and keeps the rest as text', () => {
    expect(linkify('Sign up at https://example.org/form?a=1&b=2 or http://x.test.')).toEqual([
      { kind: 'text', text: 'Sign up at ' },
      {
        kind: 'link',
        text: 'https://example.org/form?a=1&b=2',
        href: 'https://example.org/form?a=1&b=2',
      },
      { kind: 'text', text: ' or ' },
      { kind: 'link', text: 'http://x.test', href: 'http://x.test/' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('never links other schemes', () => {
    for (const text of [
      'javascript:alert(1)',
      'click javascript://example.org/%0Aalert(1)',
      'data:text/html;base64,PHNjcmlwdD4=',
      'ftp://files.example.org/x',
      'mailto:someone@example.org',
    ]) {
      expect(linkify(text)).toEqual([{ kind: 'text', text }]);
    }
  });

  it('leaves sentence punctuation and unmatched parentheses outside the link', () => {
    expect(linkify('(see https://example.org/a_(b)), then go')).toEqual([
      { kind: 'text', text: '(see ' },
      { kind: 'link', text: 'https://example.org/a_(b)', href: 'https://example.org/a_(b)' },
      { kind: 'text', text: '), then go' },
    ]);
  });

  it('keeps a URL that does not parse as text', () => {
    expect(linkify('go to https://')).toEqual([{ kind: 'text', text: 'go to https://' }]);
  });

  it('accepts only http and https as safe URLs', () => {
    expect(safeHttpUrl('https://partner.org/apply')).toBe('https://partner.org/apply');
    expect(safeHttpUrl('javascript:alert(1)')).toBeNull();
    expect(safeHttpUrl('not a url')).toBeNull();
  });
});
