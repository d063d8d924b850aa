interface SaveToggleProps {
  saved: boolean;
  /** The deal's title, so each toggle has a distinct accessible name. */
  title: string;
  onToggle: () => void;
  disabled?: boolean;
}

/** A toggle button (aria-pressed) that saves a deal for later; the change shows at once (optimistic). */
export function SaveToggle({ saved, title, onToggle, disabled = false }: SaveToggleProps) {
  return (
    <button
      type="button"
      className="deal-card__save"
      aria-pressed={saved}
      aria-label={`Save ${title}`}
      title={saved ? 'Saved: click to remove' : 'Save for later'}
      onClick={onToggle}
      disabled={disabled}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path
          d="M6 3h12a1 1 0 0 1 1 1v17l-7-4.5L5 21V4a1 1 0 0 1 1-1z"
          fill={saved ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}
