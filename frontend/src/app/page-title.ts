import { texts } from '@campus/contracts';
import { useEffect } from 'react';

/**
 * Names the browser tab and history entry after the page ('Events · Campus Volunteering'); a
 * detail page passes its item's name once it has loaded, and its kind ('Opportunity') before.
 */
export const usePageTitle = (page: string) => {
  useEffect(() => {
    document.title = texts.pages.documentTitle(page);
  }, [page]);
};
