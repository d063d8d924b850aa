import { createContext, useContext, useEffect, type ReactNode } from 'react';

const SITE_NAME = 'Bargains';

/** Receives the page's title while a snapshot renders at build time, where effects do not run. */
export const DocumentTitleSink = createContext<((title: string) => void) | null>(null);

/** Keeps the tab title in step with the page (screen readers announce it on navigation too). */
export function useDocumentTitle(title: string) {
  const fullTitle = title === SITE_NAME ? title : `${title} · ${SITE_NAME}`;
  useContext(DocumentTitleSink)?.(fullTitle);
  useEffect(() => {
    document.title = fullTitle;
  }, [fullTitle]);
}

interface PageProps {
  title: string;
  /** The heading shown on the page when it differs from the tab title. */
  heading?: ReactNode;
  lead?: ReactNode;
  /**
   * 'narrow' for forms and short messages, 'prose' for long-form text, 'default' (the header and footer container
   * width, so the edges line up) for everything else, grids included.
   */
  width?: 'narrow' | 'prose' | 'default';
  /** Centre the header and the content column (short pages: pricing, status messages). */
  centered?: boolean;
  /** Shown above the heading (e.g. a status code). */
  eyebrow?: ReactNode;
  children?: ReactNode;
}

/** Standard page frame: one h1, an optional lead paragraph, then the content. */
export function Page({
  title,
  heading,
  lead,
  width = 'default',
  centered = false,
  eyebrow,
  children,
}: PageProps) {
  useDocumentTitle(title);
  return (
    <div className={['page', `page--${width}`, centered && 'page--centered'].filter(Boolean).join(' ')}>
      <header className="page__header">
        {eyebrow ? <div className="page__eyebrow">{eyebrow}</div> : null}
        <h1 className="page__title">{heading ?? title}</h1>
        {lead ? <p className="page__lead">{lead}</p> : null}
      </header>
      {children}
    </div>
  );
}

/** A titled block inside a page. */
export function Section({ title, children, id }: { title: string; children: ReactNode; id?: string }) {
  return (
    <section className="page-section" id={id} aria-labelledby={id ? `${id}-title` : undefined}>
      <h2 className="page-section__title" id={id ? `${id}-title` : undefined}>
        {title}
      </h2>
      {children}
    </section>
  );
}
