export { Popup, type PopupContent, type PopupProps, type PopupVariant } from './popup';
export { PopupProvider, type PopupProviderProps } from './popup-provider';
export { usePopup, type PopupContextValue } from './popup-context';
