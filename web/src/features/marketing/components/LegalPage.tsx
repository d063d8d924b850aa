import type { ReactNode } from 'react';
import { Page } from '@/components/layout/Page';

interface LegalPageProps {
  title: string;
  /** Shown as "Last updated"; `dateTime` is the ISO form for machines. */
  updated?: { label: string; dateTime: string };
  summary: ReactNode;
  children: ReactNode;
}

/** Long-form legal text: a readable measure, a short summary box, then the numbered sections. */
export function LegalPage({ title, updated, summary, children }: LegalPageProps) {
  return (
    <Page
      title={title}
      width="prose"
      lead={
        updated ? (
          <>
            Last updated: <time dateTime={updated.dateTime}>{updated.label}</time>
          </>
        ) : undefined
      }
    >
      <aside className="legal-summary" aria-label="Summary">
        {summary}
      </aside>
      <div className="prose">{children}</div>
    </Page>
  );
}
