import { useCallback, useEffect, useRef } from 'react';

/**
 * Calls `onVisible` when the element given to the returned ref comes within `rootMargin` of the viewport
 * (IntersectionObserver). The observer is recreated each time `enabled` turns true (the ref changes, so React
 * detaches and attaches it again), and a fresh observer reports the current state at once: if the element is still
 * on screen after a page arrives, the next page is requested without waiting for another scroll.
 * The ref observes the element itself (React 19 ref cleanup) instead of keeping it in state: state set while React
 * attaches refs re-renders the whole list synchronously inside the commit, one long task on a phone.
 */
export function useWhenVisible(onVisible: () => void, enabled: boolean, rootMargin = '200px 0px') {
  const latestOnVisible = useRef(onVisible);
  useEffect(() => {
    latestOnVisible.current = onVisible;
  }, [onVisible]);

  return useCallback(
    (element: Element | null) => {
      if (!element || !enabled) return;
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) latestOnVisible.current();
        },
        { rootMargin },
      );
      observer.observe(element);
      return () => observer.disconnect();
    },
    [enabled, rootMargin],
  );
}
