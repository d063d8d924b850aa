import { type CSSProperties, type ReactNode, type Ref, useState } from 'react';
import type { Deal } from '@bargains/model/deal';
import { EDITORS_PICK_LABEL } from '@bargains/model/editor-role';
import { isImageReference } from '@bargains/model/fields';
import { DEAL_SOURCE_ID } from '@bargains/model/paths';
import { formatCalendarDate } from '@/lib/format-date';
import {
  addedAgo,
  descriptionWithoutCode,
  monogramHue,
  monogramOf,
  titleWithoutSavings,
  urgencyOf,
} from '../lib/card-text';
import { useRecordDealOpen } from '../hooks/useDealOpens';
import { CodeVote } from './CodeVote';
import { CopyCodeButton } from './CopyCodeButton';
import { SaveToggle } from './SaveToggle';

const NEW_TAB = { target: '_blank', rel: 'noopener noreferrer' } as const;

/** The code chip is shown only for the 'wired' source (docs/reference.md#deals), and only when the deal has a code. */
function couponCodeOf(deal: Pick<Deal, 'source_id' | 'code'>): string | null {
  return deal.source_id === DEAL_SOURCE_ID ? deal.code : null;
}

export interface SaveControl {
  saved: boolean;
  onToggle: () => void;
}

interface DealCardProps {
  deal: Deal;
  /** The instant "ends in" and "added … ago" are relative to (the listing's start). */
  now: Date;
  /** Absent where saving is not offered. */
  save?: SaveControl;
  /** The list observes its last card to load the next page. */
  ref?: Ref<HTMLElement>;
  /** What a list adds at the card's foot (the Saved view: the reminder control). */
  extra?: ReactNode;
}

function ShopMark({ deal }: { deal: Deal }) {
  // A feed's logo on another host is never loaded (no third-party requests; the CSP would block it): monogram.
  if (deal.shop_logo_url && isImageReference(deal.shop_logo_url)) {
    return (
      <img
        className="deal-card__logo"
        src={deal.shop_logo_url}
        alt=""
        width="36"
        height="36"
        loading="lazy"
      />
    );
  }
  const style = { '--monogram-hue': monogramHue(deal.shop_id || deal.shop_name) } as CSSProperties;
  return (
    <span className="deal-card__monogram" style={style} aria-hidden="true">
      {monogramOf(deal.shop_name)}
    </span>
  );
}

export function DealCard({ deal, now, save, ref, extra }: DealCardProps) {
  const titleId = `deal-${deal.id}-title`;
  const title = titleWithoutSavings(deal.title, deal.savings) || 'Untitled deal';
  const description = descriptionWithoutCode(deal.description, couponCodeOf(deal));
  const urgency = urgencyOf(deal.end_date, now);
  const expired = urgency.level === 'expired';
  // An ended deal's code no longer works: the card says it has ended instead.
  const code = expired ? null : couponCodeOf(deal);
  // Copying the code or opening the deal is when "Did this code work?" becomes a fair question.
  const [used, setUsed] = useState(false);
  const markUsed = () => setUsed(true);
  // A View Deal open counts towards "Most popular" (model/popularity.ts), recorded server-side as first-party data.
  const recordOpen = useRecordDealOpen();
  const opened = () => {
    markUsed();
    recordOpen?.(deal.id);
  };
  return (
    <article
      className={`card deal-card${expired ? ' deal-card--expired' : ''}`}
      aria-labelledby={titleId}
      data-deal-id={deal.id}
      ref={ref}
    >
      <header className="deal-card__header">
        <ShopMark deal={deal} />
        <div className="deal-card__heading">
          <span className="deal-card__shop">
            {deal.shop_url ? (
              <a href={deal.shop_url} {...NEW_TAB}>
                {deal.shop_name}
              </a>
            ) : (
              deal.shop_name
            )}
          </span>
          <h2 className="deal-card__title" id={titleId}>
            {title}
          </h2>
        </div>
        {save && <SaveToggle saved={save.saved} title={title} onToggle={save.onToggle} />}
      </header>
      <div className="deal-card__badges">
        {deal.editor_pick && <span className="badge deal-card__pick">{EDITORS_PICK_LABEL}</span>}
        {deal.savings && <p className="badge badge--savings deal-card__savings">{deal.savings}</p>}
        {deal.is_verified && (
          <span className="badge deal-card__verified" title="Verified deal">
            <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
              <path d="M6.5 11.2 3.3 8l1.1-1.1 2.1 2.1 5.1-5.1L12.7 5z" fill="currentColor" />
            </svg>
            Verified
          </span>
        )}
        <span className={`deal-card__urgency deal-card__urgency--${urgency.level}`}>{urgency.label}</span>
      </div>
      {description && <p className="deal-card__description">{description}</p>}
      <p className="deal-card__meta">
        <time dateTime={deal.start_date.toISOString()}>{formatCalendarDate(deal.start_date)}</time>
        {' – '}
        <time dateTime={deal.end_date.toISOString()}>{formatCalendarDate(deal.end_date)}</time>
        {deal.scraped_at && (
          <>
            <span aria-hidden="true"> · </span>
            <span className="deal-card__added">{addedAgo(deal.scraped_at, now)}</span>
          </>
        )}
      </p>
      <footer className="deal-card__footer">
        {code && (
          <div className="deal-card__code">
            <span className="deal-card__code-label">Code:</span>
            <code className="chip deal-card__code-value">{code}</code>
            <CopyCodeButton code={code} onCopied={markUsed} />
          </div>
        )}
        {expired ? (
          <span className="deal-card__ended">This deal has ended</span>
        ) : (
          <a
            className="btn btn--primary deal-card__view"
            href={deal.url_home}
            {...NEW_TAB}
            onClick={opened}
            onAuxClick={opened}
          >
            View Deal<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        )}
      </footer>
      {code && <CodeVote deal={{ ...deal, code }} now={now} offered={used} />}
      {extra}
    </article>
  );
}
