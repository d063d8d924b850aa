import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router-dom';
import { Spinner } from './Spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'medium' | 'large';

interface ButtonStyleProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Stretch to the width of the container (forms, mobile menu). */
  block?: boolean;
}

export function buttonClassName(
  { variant = 'primary', size = 'medium', block = false }: ButtonStyleProps,
  extra?: string,
) {
  return ['btn', `btn--${variant}`, size === 'large' && 'btn--large', block && 'btn--block', extra]
    .filter(Boolean)
    .join(' ');
}

interface ButtonProps extends ButtonStyleProps, ButtonHTMLAttributes<HTMLButtonElement> {
  /** Shows a spinner, disables the button and marks it busy; children should say what is happening. */
  loading?: boolean;
  icon?: ReactNode;
}

export function Button({
  variant,
  size,
  block,
  loading = false,
  icon,
  className,
  children,
  disabled,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClassName({ variant, size, block }, className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? <Spinner size="small" decorative /> : icon}
      <span>{children}</span>
    </button>
  );
}

interface ButtonLinkProps extends ButtonStyleProps, LinkProps {}

/** A router link that looks like a button (calls to action that navigate). */
export function ButtonLink({ variant, size, block, className, ...rest }: ButtonLinkProps) {
  return <Link className={buttonClassName({ variant, size, block }, className)} {...rest} />;
}
