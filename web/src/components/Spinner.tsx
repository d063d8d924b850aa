interface SpinnerProps {
  /** Announced to screen readers; keep it short ("Loading", "Signing in"). */
  label?: string;
  size?: 'small' | 'medium' | 'large';
  /** Hidden from assistive tech when the surrounding control already says it is busy (aria-busy). */
  decorative?: boolean;
}

export function Spinner({ label = 'Loading', size = 'medium', decorative = false }: SpinnerProps) {
  if (decorative)
    return (
      <span className={`spinner spinner--${size}`} aria-hidden="true">
        <span className="spinner__ring" />
      </span>
    );
  return (
    <span className={`spinner spinner--${size}`} role="status">
      <span className="spinner__ring" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

/** Centred spinner that fills the page area while a route, auth or subscription state loads. */
export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="page-spinner">
      <Spinner label={label} size="large" />
    </div>
  );
}
