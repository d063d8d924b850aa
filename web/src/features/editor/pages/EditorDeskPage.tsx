import '../editor.css';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { EditorAction } from '@bargains/model/editor';
import { Alert } from '@/components/Alert';
import { PageSpinner } from '@/components/Spinner';
import { Page } from '@/components/layout/Page';
import { errorText } from '@/lib/error-text';
import { fetchQueue, QUEUE_VIEW_LABELS, type QueueItem, type QueueView, runAction } from '../api/editor-api';
import { QueueCard } from '../components/QueueCard';

type QueueState =
  { status: 'loading' } | { status: 'ready'; items: QueueItem[] } | { status: 'failed'; message: string };

/** /editor: the editor's desk (docs/editor.md). Rendered only for editors (app/EditorRoute.tsx). */
export default function EditorDeskPage() {
  const [view, setView] = useState<QueueView>('all');
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [revision, setRevision] = useState(0);
  const [queue, setQueue] = useState<QueueState>({ status: 'loading' });
  const [busy, setBusy] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    fetchQueue(view, q, controller.signal).then(
      (items) => setQueue({ status: 'ready', items }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('editor.queue_failed', error);
        setQueue({ status: 'failed', message: errorText(error) });
      },
    );
    return () => controller.abort();
  }, [view, q, revision]);

  const act = useCallback(async (action: EditorAction) => {
    setBusy(true);
    setActionError(null);
    try {
      await runAction(action);
      setRevision((value) => value + 1);
    } catch (error) {
      console.warn('editor.action_failed', error);
      setActionError(errorText(error));
    } finally {
      setBusy(false);
    }
  }, []);

  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    setQ(search.trim());
  };

  return (
    <Page
      title="Editor's desk"
      lead="New, changed and reported deals. Every action is recorded in the deal's history and can be undone."
    >
      <div className="editor-toolbar">
        <div className="editor-views" role="group" aria-label="Show">
          {(Object.keys(QUEUE_VIEW_LABELS) as QueueView[]).map((value) => (
            <button
              key={value}
              type="button"
              className={`editor-views__chip${value === view ? ' editor-views__chip--on' : ''}`}
              aria-pressed={value === view}
              onClick={() => setView(value)}
            >
              {QUEUE_VIEW_LABELS[value]}
            </button>
          ))}
        </div>
        <form className="editor-search" role="search" onSubmit={submitSearch}>
          <input
            className="editor-search__input"
            type="search"
            aria-label="Search the queue"
            placeholder="Search title, shop or id"
            value={search}
            maxLength={100}
            onChange={(event) => setSearch(event.target.value)}
          />
        </form>
      </div>
      {actionError && <Alert>{actionError}</Alert>}
      {queue.status === 'loading' && <PageSpinner label="Loading the queue" />}
      {queue.status === 'failed' && <Alert>{queue.message}</Alert>}
      {queue.status === 'ready' && queue.items.length === 0 && (
        <p className="editor-empty">Nothing here{q ? ` for “${q}”` : ''}.</p>
      )}
      {queue.status === 'ready' && queue.items.length > 0 && (
        <>
          <p className="editor-count" role="status">
            {queue.items.length} {queue.items.length === 1 ? 'deal' : 'deals'}
          </p>
          <div className="editor-queue">
            {queue.items.map((item) => (
              <QueueCard key={item.id} item={item} act={act} busy={busy} revision={revision} />
            ))}
          </div>
        </>
      )}
    </Page>
  );
}
