/** A placeholder with a card's shape, so the grid keeps its layout while a page loads. */
export function DealCardSkeleton() {
  return (
    <div className="card deal-card deal-card--skeleton" aria-hidden="true">
      <span className="skeleton skeleton--title" />
      <span className="skeleton skeleton--badge" />
      <span className="skeleton skeleton--line" />
      <span className="skeleton skeleton--line skeleton--short" />
      <span className="skeleton skeleton--dates" />
      <span className="skeleton skeleton--button" />
    </div>
  );
}

export function DealCardSkeletons({ count }: { count: number }) {
  return Array.from({ length: count }, (_, index) => <DealCardSkeleton key={index} />);
}
