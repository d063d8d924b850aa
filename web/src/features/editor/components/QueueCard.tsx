import { useEffect, useState, type FormEvent } from 'react';
import { DEAL_CATEGORIES, DEAL_CATEGORY_LABELS, type DealCategory } from '@bargains/model/category';
import type { EditorAction } from '@bargains/model/editor';
import { EDITORS_PICK_LABEL } from '@bargains/model/editor-role';
import { Button } from '@/components/Button';
import { TextField } from '@/components/TextField';
import { formatCalendarDate } from '@/lib/format-date';
import { fetchHistory, type HistoryEntry, type QueueItem } from '../api/editor-api';
import { describeEntry } from '../lib/history-text';

type Panel = 'none' | 'hide' | 'edit' | 'history';

interface QueueCardProps {
  item: QueueItem;
  /** Runs one action; resolves when the desk has reloaded. Rejections are shown by the desk. */
  act: (action: EditorAction) => Promise<void>;
  busy: boolean;
  /** Bumped after every action on the desk: an open history reloads. */
  revision: number;
}
/** The deal's state on the desk: Editor's pick, savings, hidden, reported, changed at the source, edited, verified. */
function QueueBadges({ item }: { item: QueueItem }) {
  const { deal, flags, overrides } = item;
  return (
    <div className="editor-card__badges">
      {flags.pinned && <span className="badge editor-badge editor-badge--pick">{EDITORS_PICK_LABEL}</span>}
      {deal.savings && <span className="badge badge--savings">{deal.savings}</span>}
      {flags.hidden && <span className="badge editor-badge editor-badge--hidden">Hidden</span>}
      {flags.reported && (
        <span className="badge editor-badge editor-badge--reported">Reported not working</span>
      )}
      {flags.source_changed && (
        <span className="badge editor-badge editor-badge--changed">Source changed since your edit</span>
      )}
      {flags.new && <span className="badge editor-badge">New or changed</span>}
      {flags.edited && <span className="badge editor-badge">Edited</span>}
      <span className="badge editor-badge">
        {deal.is_verified ? 'Verified' : 'Not verified'}
        {overrides.verified !== null ? ' (editor)' : ''}
      </span>
    </div>
  );
}

export function QueueCard({ item, act, busy, revision }: QueueCardProps) {
  const { id, deal, flags, overrides, source } = item;
  const [panel, setPanel] = useState<Panel>('none');
  const toggle = (next: Panel) => setPanel((open) => (open === next ? 'none' : next));
  const titleId = `queue-${id}-title`;
  return (
    <article className="card editor-card" aria-labelledby={titleId} data-deal-id={id}>
      <header className="editor-card__header">
        <span className="editor-card__shop">{deal.shop_name}</span>
        <h2 className="editor-card__title" id={titleId}>
          {deal.title || 'Untitled deal'}
        </h2>
      </header>
      <QueueBadges item={item} />
      {flags.hidden && overrides.hidden_reason && (
        <p className="editor-card__note">Hidden: {overrides.hidden_reason}</p>
      )}
      {deal.description && <p className="editor-card__description">{deal.description}</p>}
      {flags.edited && (overrides.title !== null || overrides.description !== null) && (
        <p className="editor-card__note">Source title: {source.title || '(none)'}</p>
      )}
      <p className="editor-card__meta">
        {DEAL_CATEGORY_LABELS[deal.category]} · ends {formatCalendarDate(new Date(deal.end_date))}
        {deal.code ? ` · code ${deal.code}` : ''}
      </p>
      <div className="editor-card__actions">
        <Button
          variant="secondary"
          disabled={busy}
          onClick={() => void act({ action: deal.is_verified ? 'unverify' : 'verify', deal_id: id })}
        >
          {deal.is_verified ? 'Unverify' : 'Verify'}
        </Button>
        <Button
          variant="secondary"
          disabled={busy || flags.hidden}
          onClick={() => void act({ action: flags.pinned ? 'unpin' : 'pin', deal_id: id })}
        >
          {flags.pinned ? 'Unpin' : `Pin as ${EDITORS_PICK_LABEL}`}
        </Button>
        {flags.hidden ? (
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() => void act({ action: 'unhide', deal_id: id })}
          >
            Unhide
          </Button>
        ) : (
          <Button
            variant="secondary"
            disabled={busy}
            aria-expanded={panel === 'hide'}
            onClick={() => toggle('hide')}
          >
            Hide…
          </Button>
        )}
        <Button
          variant="ghost"
          disabled={busy}
          aria-expanded={panel === 'edit'}
          onClick={() => toggle('edit')}
        >
          Edit…
        </Button>
        <Button variant="ghost" aria-expanded={panel === 'history'} onClick={() => toggle('history')}>
          History
        </Button>
      </div>
      {panel === 'hide' && (
        <HideForm
          busy={busy}
          onHide={(reason) => act({ action: 'hide', deal_id: id, reason }).then(() => setPanel('none'))}
        />
      )}
      {panel === 'edit' && (
        <EditForm
          item={item}
          busy={busy}
          onSave={(edit) => act({ action: 'edit', deal_id: id, ...edit }).then(() => setPanel('none'))}
        />
      )}
      {panel === 'history' && <History dealId={id} act={act} busy={busy} revision={revision} />}
    </article>
  );
}

function HideForm({ busy, onHide }: { busy: boolean; onHide: (reason: string) => Promise<void> }) {
  const [reason, setReason] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim() !== '') void onHide(reason.trim());
  };
  return (
    <form className="editor-card__form" onSubmit={submit}>
      <TextField
        label="Why hide it? (kept in the history)"
        value={reason}
        maxLength={300}
        required
        onChange={(event) => setReason(event.target.value)}
      />
      <Button type="submit" variant="danger" loading={busy}>
        Hide from every list
      </Button>
    </form>
  );
}

interface Edit {
  title: string | null;
  description: string | null;
  category: DealCategory | null;
}

function EditForm({
  item,
  busy,
  onSave,
}: {
  item: QueueItem;
  busy: boolean;
  onSave: (edit: Edit) => Promise<void>;
}) {
  const { deal, source } = item;
  const [title, setTitle] = useState(deal.title);
  const [description, setDescription] = useState(deal.description);
  const [category, setCategory] = useState<DealCategory>(deal.category);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // A value equal to the source's is no override: the source's own text is kept and followed.
    void onSave({
      title: title.trim() === source.title ? null : title.trim(),
      description: description.trim() === source.description ? null : description.trim(),
      category: category === source.category ? null : category,
    });
  };
  return (
    <form className="editor-card__form" onSubmit={submit}>
      <TextField
        label="Title"
        value={title}
        maxLength={200}
        required
        onChange={(e) => setTitle(e.target.value)}
      />
      <label className="field">
        <span className="field__label">Description</span>
        <textarea
          className="field__input editor-card__textarea"
          value={description}
          maxLength={2000}
          rows={3}
          onChange={(e) => setDescription(e.target.value)}
        />
      </label>
      <label className="field">
        <span className="field__label">Category</span>
        <select
          className="field__input"
          value={category}
          onChange={(e) => setCategory(e.target.value as DealCategory)}
        >
          {DEAL_CATEGORIES.map((value) => (
            <option key={value} value={value}>
              {DEAL_CATEGORY_LABELS[value]}
            </option>
          ))}
        </select>
      </label>
      <Button type="submit" loading={busy}>
        Save the edit
      </Button>
    </form>
  );
}

function History({
  dealId,
  act,
  busy,
  revision,
}: {
  dealId: string;
  act: QueueCardProps['act'];
  busy: boolean;
  revision: number;
}) {
  const [state, setState] = useState<
    { status: 'loading' } | { status: 'ready'; entries: HistoryEntry[] } | { status: 'failed' }
  >({ status: 'loading' });
  useEffect(() => {
    let current = true;
    fetchHistory(dealId).then(
      (entries) => {
        if (current) setState({ status: 'ready', entries });
      },
      (error: unknown) => {
        console.warn('editor.history_failed', error);
        if (current) setState({ status: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [dealId, revision]);
  if (state.status === 'loading') return <p className="editor-card__note">Loading the history…</p>;
  if (state.status === 'failed') return <p className="editor-card__note">The history could not be loaded.</p>;
  if (state.entries.length === 0)
    return <p className="editor-card__note">No editor has changed this deal yet.</p>;
  return (
    <ol className="editor-history" aria-label="History">
      {state.entries.map((entry) => (
        <li key={entry.id} className="editor-history__entry">
          <span>
            <strong>{describeEntry(entry)}</strong>
            <span className="editor-history__who">
              {' '}
              by {entry.by_email ?? entry.by_uid}, {new Date(entry.at).toLocaleString()}
            </span>
          </span>
          <Button
            variant="ghost"
            disabled={busy}
            aria-label={`Undo: ${describeEntry(entry)}`}
            onClick={() => void act({ action: 'undo', deal_id: dealId, entry_id: entry.id })}
          >
            Undo
          </Button>
        </li>
      ))}
    </ol>
  );
}
