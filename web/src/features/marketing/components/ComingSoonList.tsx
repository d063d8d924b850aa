import { COMING_SOON_FEATURES, type PlannedFeature } from '@/config/product';

/** Planned features (docs/reference.md#product), each marked as coming soon or, once built, as available now. */
export function ComingSoonList({
  features = COMING_SOON_FEATURES,
  available = false,
}: {
  features?: readonly PlannedFeature[];
  available?: boolean;
}) {
  return (
    <ul className="coming-soon-list">
      {features.map((feature) => (
        <li
          key={feature.title}
          className={`coming-soon-list__item${available ? ' coming-soon-list__item--available' : ''}`}
        >
          <span className={`badge ${available ? 'badge--savings' : 'badge--soon'}`}>
            {available ? 'Available now' : 'Coming soon'}
          </span>
          <h3>{feature.title}</h3>
          <p>{feature.description}</p>
        </li>
      ))}
    </ul>
  );
}
