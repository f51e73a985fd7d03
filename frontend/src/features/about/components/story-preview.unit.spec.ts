import { TEAM_STORY_PREVIEW_CHARS } from '@campus/contracts';
import { describe, expect, it } from 'vitest';
import { storyPreview } from './story-preview';

describe('storyPreview', () => {
  it('cuts at 120 characters', () => {
    expect(TEAM_STORY_PREVIEW_CHARS).toBe(120);
    const story = 'a'.repeat(119) + 'bc';
    expect(storyPreview(story)).toBe('a'.repeat(119) + 'b…');
  });

  it('keeps a story of 120 characters or fewer whole', () => {
    expect(storyPreview('x'.repeat(120))).toBe('x'.repeat(120));
    expect(storyPreview('Short and sweet.')).toBe('Short and sweet.');
  });

  it('does not leave a space before the ellipsis', () => {
    expect(storyPreview(`${'w'.repeat(119)} more words`)).toBe(`${'w'.repeat(119)}…`);
  });
});
