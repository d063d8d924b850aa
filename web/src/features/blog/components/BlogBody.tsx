import { useLayoutEffect, useRef, type MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { takeServerBody } from '../api/server-body';
import { prepareBlogBody } from '../lib/body';

interface BlogBodyProps {
  html: string;
  /** Server render only: the body already sanitized and tidied (functions/src/blog/server-dom.ts). */
  prepared?: string | undefined;
}

/**
 * The post's HTML, sanitized. In the browser the nodes are inserted before the first paint, so they replace the
 * server's markup without a flash: on the page the server rendered, its own body nodes; otherwise the nodes as
 * they come out of DOMPurify (no innerHTML string round trip). React owns the empty container only.
 */
export function BlogBody({ html, prepared }: BlogBodyProps) {
  const container = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();

  useLayoutEffect(() => {
    const element = container.current;
    if (!element) return;
    element.replaceChildren(...(takeServerBody(html) ?? [prepareBlogBody(html)]));
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

  // The server's markup is sanitized there with the same allow-list (model/contracts/blog-html.ts).
  if (prepared !== undefined)
    return <div className="blog-body" dangerouslySetInnerHTML={{ __html: prepared }} />;
  // The click handler only refines link behaviour; keyboard activation of links still fires click events.
  return <div ref={container} className="blog-body" onClick={handleClick} />;
}
