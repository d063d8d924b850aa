import type { Ref } from 'react';
import type { Deal } from '@model/deal';
import { DEAL_SOURCE_ID } from '@model/paths';
import { formatCalendarDate } from '@/lib/format-date';
import { CopyCodeButton } from './CopyCodeButton';

const NEW_TAB = { target: '_blank', rel: 'noopener noreferrer' } as const;

/** The code chip is shown only for the 'wired' source (spec §2), and only when the deal has a code. */
function couponCodeOf(deal: Pick<Deal, 'source_id' | 'code'>): string | null {
  return deal.source_id === DEAL_SOURCE_ID ? deal.code : null;
}

interface DealCardProps {
  deal: Deal;
  /** The list observes its last card to load the next page. */
  ref?: Ref<HTMLElement>;
}

export function DealCard({ deal, ref }: DealCardProps) {
  const code = couponCodeOf(deal);
  const titleId = `deal-${deal.id}-title`;
  return (
    <article className="card deal-card" aria-labelledby={titleId} data-deal-id={deal.id} ref={ref}>
      <header className="deal-card__header">
        <h2 className="deal-card__title" id={titleId}>
          {deal.title || 'Untitled deal'}
        </h2>
        {deal.is_verified && (
          <span className="badge deal-card__verified" title="Verified deal">
            <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
              <path d="M6.5 11.2 3.3 8l1.1-1.1 2.1 2.1 5.1-5.1L12.7 5z" fill="currentColor" />
            </svg>
            Verified
          </span>
        )}
      </header>
      {deal.savings && <p className="badge badge--savings deal-card__savings">{deal.savings}</p>}
      {deal.description && <p className="deal-card__description">{deal.description}</p>}
      <dl className="deal-card__dates">
        <div>
          <dt>Starts</dt>
          <dd>
            <time dateTime={deal.start_date.toISOString()}>{formatCalendarDate(deal.start_date)}</time>
          </dd>
        </div>
        <div>
          <dt>Ends</dt>
          <dd>
            <time dateTime={deal.end_date.toISOString()}>{formatCalendarDate(deal.end_date)}</time>
          </dd>
        </div>
      </dl>
      {code && (
        <div className="deal-card__code">
          <span className="deal-card__code-label">Code:</span>
          <code className="chip deal-card__code-value">{code}</code>
          <CopyCodeButton code={code} />
        </div>
      )}
      <footer className="deal-card__footer">
        <span className="deal-card__shop">
          {deal.shop_url ? (
            <a href={deal.shop_url} {...NEW_TAB}>
              {deal.shop_name}
            </a>
          ) : (
            deal.shop_name
          )}
        </span>
        <a className="btn btn--primary deal-card__view" href={deal.url_home} {...NEW_TAB}>
          View Deal<span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </footer>
    </article>
  );
}
