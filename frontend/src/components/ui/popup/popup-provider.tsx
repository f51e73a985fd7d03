import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { Popup, type PopupContent } from './popup';
import { PopupContext, type PopupContextValue } from './popup-context';

type PopupProviderProps = { children: ReactNode };

type QueuedPopup = PopupContent & { id: number };

/** The app's one popup: screens call `usePopup().show(...)`. */
export const PopupProvider = ({ children }: PopupProviderProps) => {
  const [queue, setQueue] = useState<readonly QueuedPopup[]>([]);
  const nextId = useRef(0);
  const show = useCallback((popup: PopupContent) => {
    nextId.current += 1;
    const id = nextId.current;
    setQueue((current) => [...current, { ...popup, id }]);
  }, []);
  const close = useCallback(() => setQueue((current) => current.slice(1)), []);
  const value = useMemo<PopupContextValue>(() => ({ show }), [show]);
  const current = queue[0];

  return (
    <PopupContext.Provider value={value}>
      {children}
      {current ? (
        <Popup
          key={current.id}
          variant={current.variant}
          title={current.title}
          message={current.message}
          onClose={close}
        />
      ) : null}
    </PopupContext.Provider>
  );
};
