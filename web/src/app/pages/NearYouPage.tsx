// /near-you (lazy route chunk): in-store deals near the subscriber's location, nearest first, with the distance
// on each card (docs/near-you.md). Subscribers only; everybody else gets the subscribe screen, as on /dashboard.
import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { ErrorBoundary } from '@/components/ErrorBoundary';
import { Page } from '@/components/layout/Page';
import { PageSpinner } from '@/components/Spinner';
import { useSubscription } from '@/subscription/hooks/useSubscription';
import { SubscribeScreen } from '@/features/billing/components/SubscribeScreen';
import { DealCard } from '@/features/dashboard/components/DealCard';
import { DealCardSkeletons } from '@/features/dashboard/components/DealCardSkeleton';
import { fetchNearbyDeals, type NearbyDealCard } from '@/features/near-you/api/nearby';
import { LocationChooser } from '@/features/near-you/components/LocationChooser';
import { useSubscriberLocation } from '@/features/near-you/hooks/useSubscriberLocation';
import { formatDistance } from '@/features/near-you/lib/format-distance';
import { useAuthState } from '@/lib/auth-state';
import { errorText } from '@/lib/error-text';
import { liteDb } from '@/lib/firestore-lite';
import {
  DEFAULT_NEAR_YOU_RADIUS_KM,
  NEAR_YOU_RADII_KM,
  type NearYouRadius,
  type SubscriberLocation,
} from '@bargains/model/near-you';
import '@/features/dashboard/dashboard.css';
import '@/features/near-you/near-you.css';

const isRadius = (value: number): value is NearYouRadius =>
  (NEAR_YOU_RADII_KM as readonly number[]).includes(value);

export default function NearYouPage() {
  return (
    <ErrorBoundary name="near-you">
      <NearYouContent />
    </ErrorBoundary>
  );
}

function NearYouContent() {
  const subscription = useSubscription();
  const { user } = useAuthState();
  if (subscription.status === 'loading') return <PageSpinner label="Checking your subscription" />;
  if (subscription.status === 'error') {
    return (
      <Page title="Near you" width="narrow">
        <Alert>Failed to check your subscription: {subscription.error.message}</Alert>
        <Button onClick={() => window.location.reload()}>Reload Page</Button>
      </Page>
    );
  }
  if (!subscription.active) {
    return (
      <Page
        title="Subscribe"
        heading="Unlock your bargains"
        lead="Subscribe to see every curated coupon, discount and deal."
        width="narrow"
      >
        <SubscribeScreen />
      </Page>
    );
  }
  return <NearYouDeals uid={user?.uid ?? null} />;
}

function NearYouDeals({ uid }: { uid: string | null }) {
  const location = useSubscriberLocation(liteDb, uid);
  const [search, setSearch] = useSearchParams();
  const asked = Number(search.get('radius'));
  const radius: NearYouRadius = isRadius(asked) ? asked : DEFAULT_NEAR_YOU_RADIUS_KM;
  const setRadius = (next: NearYouRadius) =>
    setSearch(next === DEFAULT_NEAR_YOU_RADIUS_KM ? {} : { radius: String(next) }, { replace: true });

  return (
    <Page title="Near you" lead="Deals you can pick up in a store near you, nearest first.">
      <nav className="deal-views" aria-label="Deal lists">
        <Link className="deal-views__tab" to="/dashboard">
          All deals
        </Link>
        <Link className="deal-views__tab" to="/dashboard?view=saved">
          Saved
        </Link>
        <Link className="deal-views__tab" to="/near-you" aria-current="page">
          Near you
        </Link>
      </nav>
      {location.status === 'loading' ? (
        <PageSpinner label="Loading your location" />
      ) : (
        <>
          <LocationChooser state={location} />
          {location.location ? (
            <NearbyList location={location.location} radius={radius} onRadiusChange={setRadius} />
          ) : null}
        </>
      )}
    </Page>
  );
}

interface NearbyListProps {
  location: SubscriberLocation;
  radius: NearYouRadius;
  onRadiusChange: (radius: NearYouRadius) => void;
}

type NearbyState =
  | { status: 'loading' }
  | { status: 'ready'; cards: NearbyDealCard[]; listedAt: Date }
  | { status: 'error'; message: string };

/** The answer to one request (`key`: the location, radius and reload it was for). */
type KeyedState = { key: string } & NearbyState;

function NearbyList({ location, radius, onRadiusChange }: NearbyListProps) {
  const [answer, setAnswer] = useState<KeyedState | null>(null);
  const [reloads, setReloads] = useState(0);
  const { lat, lng, country } = location;
  const center = useMemo(() => ({ lat, lng }), [lat, lng]);
  const key = `${lat},${lng},${country},${radius},${reloads}`;
  // Until the answer for the current location and radius arrives, the list is loading.
  const state: NearbyState = answer?.key === key ? answer : { status: 'loading' };

  useEffect(() => {
    let current = true;
    const listedAt = new Date();
    fetchNearbyDeals(liteDb, center, radius, country, listedAt).then(
      ({ cards }) => current && setAnswer({ key, status: 'ready', cards, listedAt }),
      (error: unknown) => {
        console.error('near_you.list_failed', error);
        if (current)
          setAnswer({
            key,
            status: 'error',
            message: `Deals near you could not be loaded: ${errorText(error)}`,
          });
      },
    );
    return () => {
      current = false;
    };
  }, [center, radius, country, key]);

  return (
    <div className="deal-list near-you" data-state={state.status}>
      <div className="near-you__controls">
        <label>
          Within
          <select
            value={radius}
            onChange={(event) => onRadiusChange(Number(event.target.value) as NearYouRadius)}
          >
            {NEAR_YOU_RADII_KM.map((km) => (
              <option key={km} value={km}>
                {formatDistance(km)}
              </option>
            ))}
          </select>
        </label>
        {state.status === 'ready' && state.cards.length > 0 ? (
          <p className="deal-results" role="status">
            {state.cards.length === 1 ? '1 store deal' : `${state.cards.length} store deals`} within{' '}
            {formatDistance(radius)}
          </p>
        ) : null}
      </div>
      {state.status === 'loading' ? (
        <div className="deal-grid" aria-busy="true" aria-label="Loading deals near you">
          <DealCardSkeletons count={3} />
        </div>
      ) : state.status === 'error' ? (
        <div className="deal-list-error">
          <Alert>{state.message}</Alert>
          <Button variant="secondary" onClick={() => setReloads((n) => n + 1)}>
            Try Again
          </Button>
        </div>
      ) : state.cards.length === 0 ? (
        <div className="deal-empty">
          <h2 className="deal-empty__title">No store deals within {formatDistance(radius)}</h2>
          <p>Try a wider distance, or another city.</p>
        </div>
      ) : (
        <ol className="deal-grid near-you__list" aria-label="Deals near you, nearest first">
          {state.cards.map((card) => (
            <li key={card.dealId} className="near-you__item" data-distance-km={card.distanceKm.toFixed(3)}>
              <p className="near-you__distance">
                <strong>{formatDistance(card.distanceKm)} away</strong>
                <span>{card.storeLabel}</span>
              </p>
              <DealCard deal={card.deal} now={state.listedAt} />
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
