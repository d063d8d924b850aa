import { useCallback, useEffect, useRef, useState } from 'react';
import { createCheckoutSession } from '@/subscription/api/billing-api';
import { errorText } from '@/lib/error-text';
import { leaveAppFor } from '@/lib/leave-app';

export type CheckoutState = 'idle' | 'starting' | 'redirecting';

/**
 * Subscribe Now: requests a Checkout Session and sends the browser to it. A click while a request is running
 * or the page is already leaving does nothing, so one click never opens two sessions.
 */
export function useCheckout() {
  const [state, setState] = useState<CheckoutState>('idle');
  const [error, setError] = useState<string | null>(null);
  const busy = useRef(false);

  // Coming back with the browser's Back button may restore this page from the back/forward cache as it was
  // left (button busy); make it usable again.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      busy.current = false;
      setState('idle');
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const startCheckout = useCallback(async () => {
    if (busy.current) return;
    busy.current = true;
    setState('starting');
    setError(null);
    try {
      const url = await createCheckoutSession();
      setState('redirecting');
      leaveAppFor(url);
    } catch (caught) {
      console.error('Failed to create checkout session', caught);
      busy.current = false;
      setState('idle');
      setError(`Could not start the checkout: ${errorText(caught)}`);
    }
  }, []);

  return { state, busy: state !== 'idle', error, startCheckout };
}
