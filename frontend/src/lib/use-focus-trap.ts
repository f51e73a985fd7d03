import { useCallback, useEffect, type KeyboardEvent, type RefObject } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** How long a closed modal waits for its opener to be enabled again before giving up. */
const RESTORE_FOCUS_WAIT_MS = 5_000;

const insideModal = (element: Element) => element.closest('[aria-modal="true"]') !== null;

/**
 * The last element on the page (outside any modal) that had focus. A button that disables itself
 * while its action runs may lose focus to the body before the action's popup opens: the popup
 * still knows whom to give focus back to.
 */
let lastFocusedOnPage: HTMLElement | null = null;
if (typeof document !== 'undefined') {
  document.addEventListener(
    'focusin',
    (event) => {
      if (event.target instanceof HTMLElement && !insideModal(event.target)) {
        lastFocusedOnPage = event.target;
      }
    },
    true,
  );
}

/** Focus is nowhere in particular (it fell to the body when its element went away). */
const focusIsLost = () =>
  document.activeElement === null || document.activeElement === document.body;

/** Who opened a modal: what has focus now, or what had it last if focus has fallen to the body. */
const openerOf = (container: HTMLElement | null): HTMLElement | null => {
  const active = document.activeElement;
  if (active instanceof HTMLElement && active !== document.body) return active;
  const last = lastFocusedOnPage;
  return last?.isConnected && !container?.contains(last) ? last : null;
};

const isDisabled = (element: HTMLElement) => element.matches(':disabled');

/**
 * Gives focus back to a closed modal's opener when it is still on the page. An opener that is
 * disabled for the moment (its action still finishing) gets focus as soon as it is enabled again,
 * unless focus has gone somewhere else by then: focus never stays lost on the body for that.
 */
const restoreFocus = (opener: HTMLElement | null) => {
  if (!opener?.isConnected) return;
  if (!isDisabled(opener)) {
    opener.focus();
    return;
  }
  const deadline = Date.now() + RESTORE_FOCUS_WAIT_MS;
  const nextFrame = (step: () => void) =>
    typeof requestAnimationFrame === 'function'
      ? requestAnimationFrame(step)
      : setTimeout(step, 16);
  const retry = () => {
    if (!opener.isConnected || !focusIsLost()) return;
    if (!isDisabled(opener)) {
      opener.focus();
      return;
    }
    if (Date.now() < deadline) nextFrame(retry);
  };
  nextFrame(retry);
};

type FocusTrapOptions = {
  /** Focused on mount instead of the first focusable element. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Called on Escape. */
  onEscape?: () => void;
};

/**
 * For a modal surface rendered only while open: focus moves in on mount, Tab and Shift+Tab cycle
 * inside, Escape calls `onEscape`, and focus returns to the opener on unmount (once it is enabled
 * again, if it is disabled at that moment: see restoreFocus). Spread the returned
 * handler as the container's `onKeyDown`.
 */
export const useFocusTrap = (
  containerRef: RefObject<HTMLElement | null>,
  { initialFocusRef, onEscape }: FocusTrapOptions = {},
) => {
  useEffect(() => {
    const container = containerRef.current;
    const opener = openerOf(container);
    const target =
      initialFocusRef?.current ?? container?.querySelector<HTMLElement>(FOCUSABLE) ?? container;
    target?.focus();
    return () => restoreFocus(opener);
    // Runs once per opening: the refs are stable and the opener is whoever had focus then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      if (event.key === 'Escape' && onEscape) {
        event.stopPropagation();
        onEscape();
        return;
      }
      const container = containerRef.current;
      if (event.key !== 'Tab' || !container) return;
      const focusable = Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE));
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) {
        event.preventDefault();
        return;
      }
      const active = document.activeElement;
      if (event.shiftKey && (active === first || active === container)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && active === last) {
        event.preventDefault();
        first.focus();
      }
    },
    [containerRef, onEscape],
  );
};
