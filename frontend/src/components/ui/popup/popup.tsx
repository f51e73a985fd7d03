import { texts } from '@campus/contracts';
import { useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { cx } from '@/lib/cx';
import { useFocusTrap } from '@/lib/use-focus-trap';
import { CheckCircleIcon, ErrorIcon, InfoIcon, WarningIcon } from '../icons';
import styles from './popup.module.css';

export type PopupVariant = 'success' | 'warning' | 'error' | 'info';

export type PopupContent = {
  variant: PopupVariant;
  title: string;
  message: ReactNode;
};

type PopupProps = PopupContent & { onClose: () => void };

const icons = {
  success: CheckCircleIcon,
  warning: WarningIcon,
  error: ErrorIcon,
  info: InfoIcon,
} as const satisfies Record<PopupVariant, unknown>;

/** A modal message with one 'Got it' button, which gets focus; Escape closes it too. */
export const Popup = ({ variant, title, message, onClose }: PopupProps) => {
  const titleId = useId();
  const messageId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const onKeyDown = useFocusTrap(panelRef, { initialFocusRef: buttonRef, onEscape: onClose });
  const Icon = icons[variant];

  return createPortal(
    <div className={styles.overlay}>
      <div
        ref={panelRef}
        className={cx(styles.panel, styles[variant])}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={messageId}
        data-variant={variant}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <span className={styles.iconBadge}>
          <Icon size={28} />
        </span>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        <div id={messageId} className={styles.message}>
          {message}
        </div>
        <button ref={buttonRef} type="button" className={styles.button} onClick={onClose}>
          {texts.popup.gotIt}
        </button>
      </div>
    </div>,
    document.body,
  );
};
