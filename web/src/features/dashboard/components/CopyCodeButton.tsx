import { useEffect, useRef, useState } from 'react';

type CopyState = 'idle' | 'copied' | 'failed';

const FEEDBACK_MS = 2000;

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

  const label = copyState === 'copied' ? 'Copied!' : copyState === 'failed' ? 'Copy failed' : 'Copy';
  return (
    <>
      <button
        type="button"
        className={`deal-card__copy deal-card__copy--${copyState}`}
        onClick={() => void copy()}
        aria-label={copyState === 'idle' ? `Copy code ${code}` : label}
      >
        {label}
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
