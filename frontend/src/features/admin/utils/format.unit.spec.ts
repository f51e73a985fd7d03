import { describe, expect, it } from 'vitest';
import { truncateText } from './format';

describe('truncateText', () => {
  it('keeps a short text whole', () => {
    expect(truncateText('Pick up litter in the park.', 120)).toBe('Pick up litter in the park.');
  });

  it('cuts a long text at a word boundary and marks the cut', () => {
    const text = 'Pick up litter along the river path and sort what can be recycled afterwards.';
    const short = truncateText(text, 40);
    expect(short).toBe('Pick up litter along the river path and…');
    expect(short.length).toBeLessThanOrEqual(41);
  });

  it('cuts a text without spaces at the limit', () => {
    expect(truncateText('x'.repeat(200), 120)).toBe(`${'x'.repeat(120)}…`);
  });
});
