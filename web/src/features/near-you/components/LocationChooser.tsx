import { type FormEvent, useState } from 'react';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { TextField } from '@/components/TextField';
import { errorText } from '@/lib/error-text';
import { resolveDevicePosition, resolveTypedPlace } from '../api/location';
import type { SubscriberLocationState } from '../hooks/useSubscriberLocation';

/** How long the browser may take to answer "Use my location" before we say so. */
const GEOLOCATION_TIMEOUT_MS = 15_000;

const GEOLOCATION_ERRORS: Record<number, string> = {
  1: 'Your browser did not share your location. You can type a city or postal code instead.',
  2: 'Your device could not tell where it is right now. You can type a city or postal code instead.',
  3: 'Finding your location took too long. Try again, or type a city or postal code instead.',
};

function currentPosition(): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) =>
    navigator.geolocation.getCurrentPosition(resolve, reject, {
      enableHighAccuracy: false,
      maximumAge: 10 * 60_000,
      timeout: GEOLOCATION_TIMEOUT_MS,
    }),
  );
}

const isPositionError = (error: unknown): error is GeolocationPositionError =>
  typeof error === 'object' &&
  error !== null &&
  'code' in error &&
  typeof error.code === 'number' &&
  'PERMISSION_DENIED' in error;
/** Where Near you looks now and Remove my location, or, with no location yet, what is stored when one is chosen. */
function LocationSummary({
  location,
  removing,
  onRemove,
}: {
  location: SubscriberLocationState['location'];
  removing: boolean;
  onRemove: () => void;
}) {
  return location ? (
    <div className="location-chooser__current">
      <p>
        Showing deals near <strong>{location.label}</strong>.{' '}
        <span className="location-chooser__note">
          We keep only a point on a 5 km grid and your country, to leave out deals that do not apply there.
        </span>
      </p>
      <Button variant="secondary" loading={removing} onClick={onRemove}>
        {removing ? 'Removing location…' : 'Remove my location'}
      </Button>
    </div>
  ) : (
    <p className="location-chooser__note">
      Type a city or postal code, or let your browser tell us where you are. We store only a point on a 5 km
      grid and your country, never your exact position, and you can remove it any time.
    </p>
  );
}

/**
 * Where Near you looks: a typed city or postal code, or — only after the subscriber chooses "Use my location" —
 * the browser's position. Either way only a point on a 5 km grid and the country are stored, and one click
 * removes them.
 */
export function LocationChooser({ state }: { state: SubscriberLocationState }) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState<'typed' | 'device' | 'remove' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [notFound, setNotFound] = useState<string | undefined>(undefined);

  async function run(kind: 'typed' | 'device' | 'remove', work: () => Promise<void>) {
    setBusy(kind);
    setProblem(null);
    setNotFound(undefined);
    try {
      await work();
    } catch (error) {
      if (isPositionError(error)) {
        setProblem(GEOLOCATION_ERRORS[error.code] ?? GEOLOCATION_ERRORS[2] ?? '');
      } else {
        console.error(`near_you.${kind}_failed`, error);
        setProblem(`That did not work: ${errorText(error)}`);
      }
    } finally {
      setBusy(null);
    }
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const query = text.trim();
    if (query === '') {
      setNotFound('Type a city or a postal code.');
      return;
    }
    void run('typed', async () => {
      const resolved = await resolveTypedPlace(query);
      if (!resolved) {
        setNotFound(`We could not find “${query}”. Try the city's name, “City, ST”, or a postal code.`);
        return;
      }
      await state.choose(resolved, 'typed');
      setText('');
    });
  };

  const useDevice = () =>
    void run('device', async () => {
      const position = await currentPosition();
      const resolved = await resolveDevicePosition({
        lat: position.coords.latitude,
        lng: position.coords.longitude,
      });
      if (!resolved) throw new Error('no place is known near that position');
      await state.choose(resolved, 'device');
    });

  const { location } = state;
  return (
    <section className="card location-chooser" aria-labelledby="location-chooser-title">
      <h2 id="location-chooser-title" className="location-chooser__title">
        {location ? 'Your location' : 'Where should we look?'}
      </h2>
      <LocationSummary
        location={location}
        removing={busy === 'remove'}
        onRemove={() => void run('remove', state.remove)}
      />
      <form className="location-chooser__form" onSubmit={onSubmit} noValidate>
        <TextField
          label={location ? 'Change to a city or postal code' : 'City or postal code'}
          name="place"
          autoComplete="address-level2"
          maxLength={100}
          value={text}
          onChange={(event) => setText(event.target.value)}
          error={notFound}
          placeholder="e.g. Portland or 97201"
        />
        <Button type="submit" loading={busy === 'typed'}>
          {busy === 'typed' ? 'Finding…' : 'Find deals here'}
        </Button>
      </form>
      {typeof navigator !== 'undefined' && 'geolocation' in navigator ? (
        <div className="location-chooser__device">
          <Button variant="secondary" loading={busy === 'device'} onClick={useDevice}>
            {busy === 'device' ? 'Asking your browser…' : 'Use my location'}
          </Button>
          <p className="location-chooser__note">
            Your browser will ask before it shares your position. It is rounded to about 5 km on your device
            before we look up the nearest town.
          </p>
        </div>
      ) : null}
      {problem || state.error ? <Alert>{problem ?? state.error}</Alert> : null}
    </section>
  );
}
