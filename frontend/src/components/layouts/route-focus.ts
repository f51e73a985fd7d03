import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/** Fields a person types or chooses in: focus is never taken from them. */
const TEXT_ENTRY =
  'input:not([type="button"], [type="submit"], [type="reset"], [type="checkbox"], [type="radio"], [type="file"], [type="image"], [type="range"], [type="color"]), textarea, select, [contenteditable=""], [contenteditable="true"]';

/** How long after a navigation a page still loading may take before its heading appears. */
const WATCH_MS = 10_000;

const isTextEntry = (element: Element | null) =>
  element instanceof HTMLElement && element.matches(TEXT_ENTRY);

const modalIsOpen = () => document.querySelector('[aria-modal="true"]') !== null;

/** The page's heading: the first h1 inside <main>. */
const pageHeading = (): HTMLElement | null => document.querySelector<HTMLElement>('main h1');

/** Focuses the page's heading (made focusable by script only, tabindex -1); false without one. */
const focusPageHeading = (): boolean => {
  const heading = pageHeading();
  if (!heading) return false;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus();
  return document.activeElement === heading;
};

/**
 * After each in-app navigation to a new path, focus moves to the new page's heading, so keyboard
 * and screen reader users start reading the page, not where the old one left them. Not on the
 * app's first load (nor the redirects before the person has pressed a key or pointed), not while
 * a dialog is open, and never away from a field the person is typing in. A page still loading
 * gets focus on its heading once it is there, and again if the heading is replaced (a loading
 * heading by the loaded one) while focus was on it.
 */
const useRouteFocus = () => {
  const { pathname } = useLocation();
  const interacted = useRef(false);

  useEffect(() => {
    const mark = () => {
      interacted.current = true;
    };
    document.addEventListener('keydown', mark, true);
    document.addEventListener('pointerdown', mark, true);
    return () => {
      document.removeEventListener('keydown', mark, true);
      document.removeEventListener('pointerdown', mark, true);
    };
  }, []);

  useEffect(() => {
    if (!interacted.current) return;
    // Whatever had focus when the person navigated (the link they followed) may hand it on.
    const startedFrom = document.activeElement;
    let focused: HTMLElement | null = null;
    let stopped = false;

    const stop = () => {
      if (stopped) return;
      stopped = true;
      observer.disconnect();
      clearTimeout(timer);
      document.removeEventListener('focusin', onFocusIn, true);
      document.removeEventListener('keydown', onKeyDown, true);
      document.removeEventListener('pointerdown', stop, true);
    };

    const attempt = () => {
      if (stopped) return;
      const active = document.activeElement;
      if (isTextEntry(active) || modalIsOpen()) {
        stop();
        return;
      }
      const heading = pageHeading();
      if (!heading || active === heading) return;
      const unclaimed =
        active === null ||
        active === document.body ||
        active.tagName === 'MAIN' ||
        active === startedFrom ||
        (focused !== null && !focused.isConnected);
      if (!unclaimed) {
        stop();
        return;
      }
      if (focusPageHeading()) focused = heading;
    };

    // Focus that goes anywhere but the heading is the person's (or a dialog's): leave it there.
    const onFocusIn = (event: FocusEvent) => {
      if (event.target !== pageHeading() && event.target !== startedFrom) stop();
    };
    // Keys a person presses on the page end the watch; the browser's own shortcuts do not matter.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Shift') stop();
    };
    const observer = new MutationObserver(attempt);
    const timer = setTimeout(stop, WATCH_MS);
    document.addEventListener('focusin', onFocusIn, true);
    document.addEventListener('keydown', onKeyDown, true);
    document.addEventListener('pointerdown', stop, true);
    observer.observe(document.body, { childList: true, subtree: true });
    attempt();
    return stop;
  }, [pathname]);
};

/** Renders nothing: moves focus to each new page's heading (see useRouteFocus). */
export const RouteFocus = () => {
  useRouteFocus();
  return null;
};
