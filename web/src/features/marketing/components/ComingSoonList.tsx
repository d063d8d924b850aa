import { COMING_SOON_FEATURES } from '@/config/product';

/** The planned features (docs/reference.md#product), each marked as coming soon. */
export function ComingSoonList() {
  return (
    <ul className="coming-soon-list">
      {COMING_SOON_FEATURES.map((feature) => (
        <li key={feature.title} className="coming-soon-list__item">
          <span className="badge badge--soon">Coming soon</span>
          <h3>{feature.title}</h3>
          <p>{feature.description}</p>
        </li>
      ))}
    </ul>
  );
}
