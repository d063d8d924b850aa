// Illustration for the hero: a stack of sample deal cards in the style of the dashboard. Decorative only.
const SAMPLE_DEALS = [
  { shop: 'Outdoor Supply Co.', title: 'Trail running shoes', savings: '40% off', code: 'TRAIL40' },
  { shop: 'HomeBrew Kitchen', title: 'Pour-over coffee set', savings: '$15 off', code: null },
  { shop: 'Pixel Audio', title: 'Wireless earbuds', savings: '25% off', code: 'PIXEL25' },
] as const;

export function HeroPreview() {
  return (
    <div className="hero-preview" aria-hidden="true">
      {SAMPLE_DEALS.map((deal, index) => (
        <div key={deal.title} className={`hero-preview__card hero-preview__card--${index + 1}`}>
          <div className="hero-preview__row">
            <span className="hero-preview__shop">{deal.shop}</span>
            <span className="badge badge--savings">{deal.savings}</span>
          </div>
          <p className="hero-preview__title">{deal.title}</p>
          <div className="hero-preview__row">
            {deal.code ? (
              <span className="chip">Code: {deal.code}</span>
            ) : (
              <span className="chip chip--muted">Verified</span>
            )}
            <span className="hero-preview__cta">View Deal</span>
          </div>
        </div>
      ))}
    </div>
  );
}
