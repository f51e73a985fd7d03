import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router-dom';
import { cx } from '@/lib/cx';
import styles from './button.module.css';
import { Spinner } from './spinner';

type ButtonVariant = 'primary' | 'secondary' | 'ghost';
export type ButtonSize = 'medium' | 'small';

type ButtonLookProps = {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  icon?: ReactNode;
};

const buttonClassName = (
  { variant = 'primary', size = 'medium', fullWidth = false }: ButtonLookProps,
  className?: string,
) =>
  cx(
    styles.button,
    styles[variant],
    size === 'small' && styles.small,
    fullWidth && styles.fullWidth,
    className,
  );

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> &
  ButtonLookProps & {
    /** Shows a spinner, disables the button and marks it busy. */
    loading?: boolean;
  };

export const Button = ({
  variant,
  size,
  fullWidth,
  icon,
  loading = false,
  disabled,
  className,
  children,
  type = 'button',
  ...props
}: ButtonProps) => (
  <button
    {...props}
    type={type}
    className={buttonClassName({ variant, size, fullWidth }, className)}
    disabled={disabled || loading}
    aria-busy={loading || undefined}
  >
    {loading ? <Spinner size="small" /> : icon}
    {children}
  </button>
);

type ButtonLinkProps = LinkProps & ButtonLookProps;

/** A link that looks like a button (navigation, not an action). */
export const ButtonLink = ({
  variant,
  size,
  fullWidth,
  icon,
  className,
  children,
  ...props
}: ButtonLinkProps) => (
  <Link
    {...props}
    className={buttonClassName(
      { variant, size, fullWidth },
      typeof className === 'string' ? className : undefined,
    )}
  >
    {icon}
    {children}
  </Link>
);
