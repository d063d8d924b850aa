// Pure part of the blog publisher (scripts/publish-post.ts): argument validation, target resolution and the
// document that gets written. No Firebase imports here so it is unit-testable without an emulator.
import { z } from 'zod';
import { SITE_IMAGE_RULE } from '../../functions/src/blog/post-document';
import { isImageReference } from '@bargains/model/fields';
import { collapseWhitespace } from '@bargains/model/plain-text';

// The document itself is built where the composer's function builds it: one code path for both writers.
export {
  buildBlogDocument,
  choosePublishedAt,
  foreignResourceUrls,
  MAX_HTML_BYTES,
  SITE_IMAGE_RULE,
} from '../../functions/src/blog/post-document';

export const DEFAULT_EMULATOR_HOST = '127.0.0.1:8080';
export const DEFAULT_EMULATOR_PROJECT = 'demo-bargains';

const imageReference = z
  .string({ error: 'is required' })
  .trim()
  .refine(isImageReference, { message: `${SITE_IMAGE_RULE} (no spaces)` });
/**
 * Author name and bio are shown as plain text on pages and in the feeds: control characters (which would make
 * the RSS feed ill-formed XML) and runs of whitespace become one space, ends trimmed.
 */
const plainTextFlag = (maxLength: number) =>
  z
    .string({ error: 'is required' })
    .transform(collapseWhitespace)
    .pipe(z.string().min(1, 'must not be empty').max(maxLength, `must be at most ${maxLength} characters`));

const publishDate = z.union([z.iso.date(), z.iso.datetime({ offset: true })], {
  error: 'must be a date like 2025-05-01 or an ISO date-time like 2025-05-01T09:30:00Z',
});

export const publishOptionsSchema = z
  .object({
    file: z.string({ error: 'is required (path to the post HTML)' }).trim().min(1, 'must not be empty'),
    id: z
      .string({ error: 'is required' })
      .regex(
        /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
        'must be lowercase letters, digits and single hyphens (it becomes /blog/{id})',
      )
      .max(100, 'must be at most 100 characters'),
    cover: imageReference,
    authorName: plainTextFlag(100),
    authorAvatar: imageReference,
    authorBio: plainTextFlag(1000),
    // Date-only values mean midnight UTC so the stored instant does not depend on the publisher's time zone.
    date: publishDate
      .transform((value) => new Date(value.length === 10 ? `${value}T00:00:00Z` : value))
      .optional(),
    emulator: z.boolean().default(false),
    project: z
      .string()
      .regex(/^[a-z][a-z0-9-]{4,28}[a-z0-9]$/, 'must be a Firebase project id like my-project-123')
      .optional(),
    dryRun: z.boolean().default(false),
  })
  .strict();

export type PublishOptions = z.infer<typeof publishOptionsSchema>;

/** Raw CLI values (from util.parseArgs) mapped onto the schema's camelCase keys. */
export type RawPublishArgs = Record<string, string | boolean | undefined>;

/** `--backfill` takes only where to write and --dry-run (tools/blog/backfill.ts). */
export const backfillOptionsSchema = publishOptionsSchema.pick({
  emulator: true,
  project: true,
  dryRun: true,
});
export type BackfillOptions = z.infer<typeof backfillOptionsSchema>;

const FLAG_TO_OPTION: Record<string, keyof PublishOptions> = {
  file: 'file',
  id: 'id',
  cover: 'cover',
  'author-name': 'authorName',
  'author-avatar': 'authorAvatar',
  'author-bio': 'authorBio',
  date: 'date',
  emulator: 'emulator',
  project: 'project',
  'dry-run': 'dryRun',
};

const OPTION_TO_FLAG = Object.fromEntries(Object.entries(FLAG_TO_OPTION).map(([flag, key]) => [key, flag]));

export type ParseResult<Options = PublishOptions> =
  { ok: true; options: Options } | { ok: false; errors: string[] };

export function parsePublishOptions(raw: RawPublishArgs): ParseResult {
  return parseOptions(publishOptionsSchema, raw);
}

export function parseBackfillOptions(raw: RawPublishArgs): ParseResult<BackfillOptions> {
  const { backfill: _backfill, ...rest } = raw;
  return parseOptions(backfillOptionsSchema, rest);
}

function parseOptions<Options>(schema: z.ZodType<Options>, raw: RawPublishArgs): ParseResult<Options> {
  const input: Record<string, unknown> = {};
  for (const [flag, value] of Object.entries(raw)) {
    const key = FLAG_TO_OPTION[flag];
    if (value !== undefined) input[key ?? flag] = value;
  }
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, options: result.data };
  return {
    ok: false,
    errors: result.error.issues.map((issue) => {
      const key = issue.path[0];
      const flag = typeof key === 'string' ? (OPTION_TO_FLAG[key] ?? key) : undefined;
      return flag ? `--${flag} ${issue.message}` : issue.message;
    }),
  };
}

export type PublishTarget =
  { kind: 'emulator'; host: string; projectId: string } | { kind: 'project'; projectId: string };

/**
 * Where the post goes. The emulator wins whenever FIRESTORE_EMULATOR_HOST is set, because the Admin SDK
 * itself honours that variable: reporting a real project while writing to the emulator would mislead.
 */
export function resolvePublishTarget(
  options: Pick<PublishOptions, 'emulator' | 'project'>,
  env: Record<string, string | undefined>,
): PublishTarget | { error: string } {
  const emulatorHost = env['FIRESTORE_EMULATOR_HOST'];
  if (emulatorHost || options.emulator) {
    return {
      kind: 'emulator',
      host: emulatorHost || DEFAULT_EMULATOR_HOST,
      projectId: options.project ?? DEFAULT_EMULATOR_PROJECT,
    };
  }
  if (options.project) return { kind: 'project', projectId: options.project };
  return {
    error:
      'No target: pass --emulator (or set FIRESTORE_EMULATOR_HOST) for the local emulator, or --project <id> ' +
      'with Application Default Credentials (gcloud auth application-default login) for a real project.',
  };
}
