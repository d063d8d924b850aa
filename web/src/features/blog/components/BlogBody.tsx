import { useLayoutEffect, useRef, type MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { prepareBlogBody } from '../lib/body';

/**
 * The post's HTML, sanitized. The nodes are inserted as they come out of DOMPurify (no innerHTML string round
 * trip); React owns the empty container only.
 */
export function BlogBody({ html }: { html: string }) {
  const container = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();

  useLayoutEffect(() => {
    const element = container.current;
    if (!element) return;
    element.replaceChildren(prepareBlogBody(html));
    return () => element.replaceChildren();
  }, [html]);

  // Links to other pages of this site navigate inside the app instead of reloading it.
  const handleClick = (event: MouseEvent<HTMLDivElement>) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    ) {
      return;
    }
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement) || link.target || link.hasAttribute('download')) return;
    const url = new URL(link.href);
    if (url.origin !== window.location.origin) return;
    if (url.pathname === window.location.pathname && url.hash) return; // in-page anchor: the browser scrolls
    event.preventDefault();
    navigate(`${url.pathname}${url.search}${url.hash}`);
  };

  // The click handler only refines link behaviour; keyboard activation of links still fires click events.
  return <div ref={container} className="blog-body" onClick={handleClick} />;
}
