export type { PopupContent, PopupVariant } from './popup';
export { PopupProvider } from './popup-provider';
export { usePopup } from './popup-context';
