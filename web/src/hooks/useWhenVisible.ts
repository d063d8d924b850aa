import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Calls `onVisible` when the element given to the returned ref comes within `rootMargin` of the viewport
 * (IntersectionObserver). The observer is recreated each time `enabled` turns true, and a fresh observer
 * reports the current state at once: if the element is still on screen after a page arrives, the next page
 * is requested without waiting for another scroll.
 */
export function useWhenVisible(onVisible: () => void, enabled: boolean, rootMargin = '200px 0px') {
  const [element, setElement] = useState<Element | null>(null);
  const latestOnVisible = useRef(onVisible);
  useEffect(() => {
    latestOnVisible.current = onVisible;
  }, [onVisible]);

  useEffect(() => {
    if (!element || !enabled) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latestOnVisible.current();
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, enabled, rootMargin]);

  return useCallback((node: Element | null) => setElement(node), []);
}
