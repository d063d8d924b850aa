import { useEffect, useRef, useState } from 'react';

type CopyState = 'idle' | 'copied' | 'failed';

const FEEDBACK_MS = 2000;
/**
 * What the button shows in each state: short words of about the same width, so keeping the widest does not push
 * View Deal off the code's line (the failure is spelled out to screen readers by its name and the status below).
 */
const LABELS: Record<CopyState, string> = { idle: 'Copy', copied: 'Copied!', failed: 'Failed' };
const STATES = Object.keys(LABELS) as CopyState[];

/** Copies a coupon code; the result is announced and shown on the button for a moment. */
export function CopyCodeButton({ code, onCopied }: { code: string; onCopied?: () => void }) {
  const [copyState, setCopyState] = useState<CopyState>('idle');
  const resetTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(resetTimer.current), []);

  const copy = async () => {
    clearTimeout(resetTimer.current);
    try {
      // The Clipboard API is missing on insecure origins and in some embedded browsers.
      if (!navigator.clipboard) throw new Error('Clipboard unavailable');
      await navigator.clipboard.writeText(code);
      setCopyState('copied');
      onCopied?.();
    } catch {
      setCopyState('failed');
    }
    resetTimer.current = setTimeout(() => setCopyState('idle'), FEEDBACK_MS);
  };

  // The button's name: the visible word, with the code when idle and the whole failure when it failed.
  const name =
    copyState === 'idle' ? `Copy code ${code}` : copyState === 'failed' ? 'Copy failed' : 'Copied!';
  return (
    <>
      <button
        type="button"
        className={`deal-card__copy deal-card__copy--${copyState}`}
        onClick={() => void copy()}
        aria-label={name}
      >
        {/* Every label in one grid cell, only the current one visible: the button is as wide as the widest in
            every state, so "Copied!" never pushes View Deal onto a new line and the card never jumps. */}
        {STATES.map((state) => (
          <span
            key={state}
            className="deal-card__copy-label"
            data-shown={state === copyState}
            aria-hidden={state !== copyState}
          >
            {LABELS[state]}
          </span>
        ))}
      </button>
      <span className="visually-hidden" role="status">
        {copyState === 'copied'
          ? `Code ${code} copied to clipboard`
          : copyState === 'failed'
            ? 'Could not copy the code; select it and copy it by hand'
            : ''}
      </span>
    </>
  );
}
