import { useCallback, useEffect, type KeyboardEvent, type RefObject } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export type FocusTrapOptions = {
  /** Focused on mount instead of the first focusable element. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Called on Escape. */
  onEscape?: () => void;
};

/**
 * For a modal surface rendered only while open: focus moves in on mount, Tab and Shift+Tab cycle
 * inside, Escape calls `onEscape`, and focus returns to the opener on unmount. Spread the returned
 * handler as the container's `onKeyDown`.
 */
export const useFocusTrap = (
  containerRef: RefObject<HTMLElement | null>,
  { initialFocusRef, onEscape }: FocusTrapOptions = {},
) => {
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const container = containerRef.current;
    const target =
      initialFocusRef?.current ?? container?.querySelector<HTMLElement>(FOCUSABLE) ?? container;
    target?.focus();
    return () => {
      if (opener?.isConnected) opener.focus();
    };
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
