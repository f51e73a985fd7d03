import { createContext, useContext } from 'react';
import type { PopupContent } from './popup';

export type PopupContextValue = {
  /** Opens the popup; a popup shown while another is open waits for its 'Got it'. */
  show: (popup: PopupContent) => void;
};

export const PopupContext = createContext<PopupContextValue | null>(null);

export const usePopup = (): PopupContextValue => {
  const value = useContext(PopupContext);
  if (!value) throw new Error('usePopup must be used inside <PopupProvider>');
  return value;
};
