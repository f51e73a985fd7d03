import { TEAM_STORY_PREVIEW_CHARS } from '@campus/contracts';

/** The first TEAM_STORY_PREVIEW_CHARS characters and an ellipsis, or the whole story if it fits. */
export const storyPreview = (story: string, limit: number = TEAM_STORY_PREVIEW_CHARS): string =>
  story.length <= limit ? story : `${story.slice(0, limit).trimEnd()}…`;
