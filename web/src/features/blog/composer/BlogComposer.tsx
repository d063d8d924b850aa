import { useRef, useState, type ChangeEvent, type FormEvent, type RefObject } from 'react';
import { Link } from 'react-router-dom';
import type { BlogPost } from '@bargains/model/blog';
import { blogDraftSchema } from '@bargains/model/blog-draft';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { TextField } from '@/components/TextField';
import { errorText } from '@/lib/error-text';
import { previewBlogPost, publishBlogPost, unpublishBlogPost } from '../api/composer-api';
import { BlogArticle } from '../components/BlogArticle';
import {
  draftInput,
  insertSnippet,
  inlineImageTag,
  SNIPPETS,
  slugFromTitle,
  uploadProblem,
  UPLOAD_IMAGE_TYPES,
  type DraftForm,
} from './draft';

export const COMPOSER_TAB_TITLE = 'Blog composer';

type Outcome =
  | { kind: 'idle' }
  | { kind: 'busy'; action: 'preview' | 'publish' | 'unpublish' }
  | { kind: 'problems'; messages: string[] }
  | { kind: 'published'; path: string; updated: boolean }
  | { kind: 'unpublished'; id: string };

interface BlogComposerProps {
  initial: DraftForm;
  /** True when editing a published post: its id is fixed and it can be unpublished. */
  existing: boolean;
}

const TOOLBAR: Array<{ label: string; snippet: keyof typeof SNIPPETS }> = [
  { label: 'Heading', snippet: 'heading' },
  { label: 'Subheading', snippet: 'subheading' },
  { label: 'Paragraph', snippet: 'paragraph' },
  { label: 'Bold', snippet: 'bold' },
  { label: 'Link', snippet: 'link' },
  { label: 'List', snippet: 'list' },
  { label: 'Site image', snippet: 'image' },
];

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('unreadable'));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(file);
  });
}
type FieldChange = (
  key: keyof DraftForm,
) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
type SetState<T> = (value: T) => void;

/** Preview, Publish and Unpublish: each checks the draft with the shared schema first and reports its outcome. */
function useComposerActions({
  form,
  setOutcome,
  setPreview,
  setIdEdited,
  setPublished,
  previewRegion,
}: {
  form: DraftForm;
  setOutcome: SetState<Outcome>;
  setPreview: SetState<BlogPost | null>;
  setIdEdited: SetState<boolean>;
  setPublished: SetState<boolean>;
  previewRegion: RefObject<HTMLElement | null>;
}) {
  /** The shared schema first, so a mistake is named at once, without a round trip. */
  const checkedDraft = () => {
    const input = draftInput(form);
    const result = blogDraftSchema.safeParse(input);
    if (result.success) return input;
    setOutcome({
      kind: 'problems',
      messages: result.error.issues.map((issue) => `${fieldName(issue.path)}${issue.message}`),
    });
    return null;
  };

  const run = async (action: 'preview' | 'publish', work: () => Promise<void>) => {
    setOutcome({ kind: 'busy', action });
    try {
      await work();
    } catch (error) {
      setOutcome({ kind: 'problems', messages: [errorText(error)] });
    }
  };

  const onPreview = () => {
    const input = checkedDraft();
    if (!input) return;
    void run('preview', async () => {
      setPreview(await previewBlogPost(input));
      setOutcome({ kind: 'idle' });
      // Focus moves to the preview (and the browser scrolls it into view), where a screen reader reads on.
      requestAnimationFrame(() => previewRegion.current?.focus());
    });
  };

  const onPublish = (event: FormEvent) => {
    event.preventDefault();
    const input = checkedDraft();
    if (!input) return;
    void run('publish', async () => {
      const answer = await publishBlogPost(input);
      setIdEdited(true);
      setPublished(true);
      setOutcome({ kind: 'published', path: answer.path, updated: answer.status === 'updated' });
    });
  };

  const onUnpublish = async () => {
    if (!window.confirm(`Unpublish /blog/${form.id}? Readers get "not found" once the blog's cache expires.`))
      return;
    setOutcome({ kind: 'busy', action: 'unpublish' });
    try {
      await unpublishBlogPost(form.id);
      setPreview(null);
      setPublished(false);
      setOutcome({ kind: 'unpublished', id: form.id });
    } catch (error) {
      setOutcome({ kind: 'problems', messages: [errorText(error)] });
    }
  };

  return { onPreview, onPublish, onUnpublish };
}

/** The body's HTML with its toolbar of snippets and the image upload. */
function BodyField({
  form,
  body,
  insert,
  onUpload,
  field,
}: {
  form: DraftForm;
  body: RefObject<HTMLTextAreaElement | null>;
  insert: (snippet: keyof typeof SNIPPETS) => void;
  onUpload: (event: ChangeEvent<HTMLInputElement>) => Promise<void>;
  field: FieldChange;
}) {
  return (
    <div className="field composer__body">
      <label className="field__label" htmlFor="composer-body">
        Body (HTML)
      </label>
      <div className="composer__toolbar" role="toolbar" aria-label="Insert into the body">
        {TOOLBAR.map(({ label, snippet }) => (
          <button key={snippet} type="button" className="composer__tool" onClick={() => insert(snippet)}>
            {label}
          </button>
        ))}
        <label className="composer__tool composer__upload">
          Upload image
          <input
            type="file"
            accept={UPLOAD_IMAGE_TYPES.join(',')}
            onChange={(event) => void onUpload(event)}
            aria-describedby="composer-body-hint"
          />
        </label>
      </div>
      <textarea
        id="composer-body"
        ref={body}
        className="field__input composer__textarea"
        value={form.html}
        onChange={field('html')}
        aria-describedby="composer-body-hint"
        spellCheck
        rows={16}
      />
      <p className="field__hint" id="composer-body-hint">
        Headings, paragraphs, links, lists, tables and images. Scripts, frames, forms, inline styles and event
        handlers are removed. Images: a site path (/blog/images/…) or an uploaded PNG, JPEG, GIF or WebP of up
        to 300 KB.
      </p>
    </div>
  );
}

/** Cover image, tags and the author's name, avatar and bio. */
function DetailsFields({ form, field }: { form: DraftForm; field: FieldChange }) {
  return (
    <>
      <div className="composer__columns">
        <TextField
          label="Cover image"
          value={form.coverImage}
          onChange={field('coverImage')}
          placeholder="/blog/covers/energy-bills.svg"
          hint="A site path; shown at 16:9"
        />
        <TextField label="Tags" value={form.tags} onChange={field('tags')} hint="Comma-separated, up to 8" />
      </div>
      <fieldset className="composer__author">
        <legend className="field__label">Author</legend>
        <div className="composer__columns">
          <TextField label="Name" value={form.authorName} onChange={field('authorName')} />
          <TextField
            label="Avatar"
            value={form.authorAvatar}
            onChange={field('authorAvatar')}
            placeholder="/blog/avatars/maya-chen.svg"
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor="composer-bio">
            Bio
          </label>
          <textarea
            id="composer-bio"
            className="field__input"
            value={form.authorBio}
            onChange={field('authorBio')}
            rows={2}
          />
        </div>
      </fieldset>
    </>
  );
}

/** Preview, Publish (Update post once published) and, for a published post, Unpublish. */
function ComposerActions({
  busy,
  published,
  onPreview,
  onUnpublish,
}: {
  busy: 'preview' | 'publish' | 'unpublish' | null;
  published: boolean;
  onPreview: () => void;
  onUnpublish: () => Promise<void>;
}) {
  return (
    <div className="composer__actions">
      <Button variant="secondary" onClick={onPreview} loading={busy === 'preview'} disabled={busy !== null}>
        {busy === 'preview' ? 'Preparing preview…' : 'Preview'}
      </Button>
      <Button type="submit" loading={busy === 'publish'} disabled={busy !== null}>
        {busy === 'publish' ? 'Publishing…' : published ? 'Update post' : 'Publish'}
      </Button>
      {published ? (
        <Button
          variant="danger"
          onClick={() => void onUnpublish()}
          loading={busy === 'unpublish'}
          disabled={busy !== null}
        >
          {busy === 'unpublish' ? 'Unpublishing…' : 'Unpublish'}
        </Button>
      ) : null}
    </div>
  );
}

/** The blog composer (docs/blog-composer.md): write, preview as readers will see it, publish, unpublish. */
export function BlogComposer({ initial, existing }: BlogComposerProps) {
  const [form, setForm] = useState<DraftForm>(initial);
  const [idEdited, setIdEdited] = useState(existing);
  /** The post is live at /blog/{id}: its address is fixed, it can be updated and unpublished. */
  const [published, setPublished] = useState(existing);
  const [preview, setPreview] = useState<BlogPost | null>(null);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  const body = useRef<HTMLTextAreaElement>(null);
  const previewRegion = useRef<HTMLElement>(null);

  const update = (changes: Partial<DraftForm>) => {
    setForm((current) => ({ ...current, ...changes }));
    setPreview(null);
    if (outcome.kind !== 'busy') setOutcome({ kind: 'idle' });
  };
  const field = (key: keyof DraftForm) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    update({ [key]: event.target.value });

  const onTitle = (event: ChangeEvent<HTMLInputElement>) => {
    const title = event.target.value;
    update(idEdited ? { title } : { title, id: slugFromTitle(title) });
  };

  const replaceBody = (next: { value: string; selectionStart: number; selectionEnd: number }) => {
    update({ html: next.value });
    requestAnimationFrame(() => {
      body.current?.focus();
      body.current?.setSelectionRange(next.selectionStart, next.selectionEnd);
    });
  };

  const insert = (snippet: keyof typeof SNIPPETS) => {
    const textarea = body.current;
    const edit = {
      value: form.html,
      selectionStart: textarea?.selectionStart ?? form.html.length,
      selectionEnd: textarea?.selectionEnd ?? form.html.length,
    };
    replaceBody(insertSnippet(edit, SNIPPETS[snippet]));
  };

  const onUpload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = uploadProblem(file);
    if (problem) {
      setOutcome({ kind: 'problems', messages: [problem] });
      return;
    }
    try {
      const tag = inlineImageTag(await readAsDataUrl(file), file.name);
      const at = body.current?.selectionEnd ?? form.html.length;
      replaceBody({
        value: `${form.html.slice(0, at)}${tag}${form.html.slice(at)}`,
        selectionStart: at + tag.length,
        selectionEnd: at + tag.length,
      });
    } catch (error) {
      console.error('blog_composer.image_unreadable', { name: file.name, error });
      setOutcome({ kind: 'problems', messages: [`${file.name} could not be read. Choose the file again.`] });
    }
  };
  const { onPreview, onPublish, onUnpublish } = useComposerActions({
    form,
    setOutcome,
    setPreview,
    setIdEdited,
    setPublished,
    previewRegion,
  });

  const busy = outcome.kind === 'busy' ? outcome.action : null;

  return (
    <div className="composer">
      <form className="composer__form form" onSubmit={onPublish} noValidate aria-label="Post">
        <TextField label="Title" value={form.title} onChange={onTitle} required maxLength={200} />
        <TextField
          label="Address"
          value={form.id}
          onChange={(event) => {
            setIdEdited(true);
            field('id')(event);
          }}
          readOnly={published}
          hint={`The post is served at /blog/${form.id || '…'}${published ? ' (fixed once published)' : ''}`}
          spellCheck={false}
          autoCapitalize="off"
        />
        <BodyField form={form} body={body} insert={insert} onUpload={onUpload} field={field} />
        <DetailsFields form={form} field={field} />

        <Outcome outcome={outcome} />

        <ComposerActions busy={busy} published={published} onPreview={onPreview} onUnpublish={onUnpublish} />
      </form>

      {preview ? (
        <section className="composer__preview" ref={previewRegion} aria-label="Preview" tabIndex={-1}>
          <p className="composer__preview-label">Preview: the post as readers will see it</p>
          <div className="composer__preview-frame">
            <BlogArticle post={preview} tabTitle={COMPOSER_TAB_TITLE} />
          </div>
        </section>
      ) : null}
    </div>
  );
}

const FIELD_NAMES: Record<string, string> = {
  id: 'Address: ',
  html: 'Body: ',
  coverImage: 'Cover image: ',
  tags: 'Tags: ',
  'author.avatar': 'Author avatar: ',
};

function fieldName(path: readonly PropertyKey[]): string {
  return FIELD_NAMES[path.map(String).join('.')] ?? FIELD_NAMES[String(path[0])] ?? '';
}

function Outcome({ outcome }: { outcome: Outcome }) {
  switch (outcome.kind) {
    case 'problems':
      return (
        <Alert tone="error">
          {outcome.messages.length === 1 ? (
            outcome.messages[0]
          ) : (
            <ul className="composer__problems">
              {outcome.messages.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          )}
        </Alert>
      );
    case 'published':
      return (
        <Alert tone="success">
          {outcome.updated ? 'Updated' : 'Published'}: <Link to={outcome.path}>{outcome.path}</Link>. The blog
          list, sitemap and RSS feed show it within 5 minutes.
        </Alert>
      );
    case 'unpublished':
      return (
        <Alert tone="success">
          Unpublished /blog/{outcome.id}. Readers get &ldquo;not found&rdquo; there once the blog&rsquo;s
          cache expires (within 16 minutes).
        </Alert>
      );
    default:
      return null;
  }
}
