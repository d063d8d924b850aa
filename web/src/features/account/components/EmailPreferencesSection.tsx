import { useEffect, useState } from 'react';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { Section } from '@/components/layout/Page';
import { Spinner } from '@/components/Spinner';
import { authErrorCode } from '@/lib/error-code';
import { fetchStoreSummary } from '@/lib/fetch-store-summary';
import { db } from '@/lib/firestore';
import {
  EMAIL_PREFERENCE_LIMITS,
  emailPreferencesInputSchema,
  type EmailPreferencesInput,
  isValidTimeZone,
} from '@bargains/model/email-preferences';
import type { StoreSummaryEntry } from '@bargains/model/store-summary';
import { loadEmailPreferences, saveEmailPreferences } from '../api/email-preferences';
import { CategoryChoices, DigestFrequencyChoice, toggled } from './EmailChoiceFields';

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
/** Alert thresholds offered, in savings_value units (dollars off a $100 order = % off). */
const THRESHOLDS = [20, 30, 40, 50, 60, 70] as const;

const hourLabel = (hour: number) =>
  new Intl.DateTimeFormat('en-US', { hour: 'numeric', timeZone: 'UTC' }).format(Date.UTC(2026, 0, 1, hour));

type Message = { tone: 'success' | 'error'; text: string } | null;
/** The store list: loading, the stores, or failed (reported; interests are then categories alone). */
type StoreChoices = StoreSummaryEntry[] | 'failed';

type Update = (change: Partial<EmailPreferencesInput>) => void;

/** Loads the preferences and the store list for the form; a failed store list is reported, not fatal. */
function useEmailPreferencesData(uid: string) {
  const [preferences, setPreferences] = useState<EmailPreferencesInput | null>(null);
  const [shops, setShops] = useState<StoreChoices>([]);
  const [loadFailed, setLoadFailed] = useState(false);

  useEffect(() => {
    let active = true;
    loadEmailPreferences(db, uid)
      .then(({ preferences: loaded }) => active && setPreferences(loaded))
      .catch((error: unknown) => {
        console.error('account.email_preferences_load_failed', error);
        if (active) setLoadFailed(true);
      });
    // Stores come from the deal data, which the rules open to subscribers only: anyone else chooses categories
    // alone, which is no failure.
    fetchStoreSummary()
      .then((summary) => active && setShops(summary?.shops ?? []))
      .catch((error: unknown) => {
        if (authErrorCode(error) === 'permission-denied') return;
        console.error('account.shop_summary_load_failed', error);
        if (active) setShops('failed');
      });
    return () => {
      active = false;
    };
  }, [uid]);

  return { preferences, setPreferences, shops, loadFailed };
}

/** The digest's frequency, and when it is on, its day (weekly), hour and time zone. */
function DigestFields({ preferences, update }: { preferences: EmailPreferencesInput; update: Update }) {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const zoneChoices = zones.includes(preferences.time_zone) ? zones : [preferences.time_zone, ...zones];
  return (
    <fieldset>
      <legend>Deal digest</legend>
      <DigestFrequencyChoice
        name="digest"
        value={preferences.digest}
        onChange={(digest) => update({ digest })}
      />
      {preferences.digest !== 'off' ? (
        <div className="field-row">
          {preferences.digest === 'weekly' ? (
            <label className="field">
              <span className="field__label">Day</span>
              <select
                className="field__input"
                value={preferences.digest_weekday}
                onChange={(event) =>
                  update({
                    digest_weekday: Number(event.target.value) as EmailPreferencesInput['digest_weekday'],
                  })
                }
              >
                {WEEKDAYS.map((day, index) => (
                  <option key={day} value={index + 1}>
                    {day}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          <label className="field">
            <span className="field__label">Time</span>
            <select
              className="field__input"
              value={preferences.digest_hour}
              onChange={(event) => update({ digest_hour: Number(event.target.value) })}
            >
              {HOURS.map((hour) => (
                <option key={hour} value={hour}>
                  {hourLabel(hour)}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span className="field__label">Time zone</span>
            <select
              className="field__input"
              value={preferences.time_zone}
              onChange={(event) =>
                isValidTimeZone(event.target.value) && update({ time_zone: event.target.value })
              }
            >
              {zoneChoices.map((zone) => (
                <option key={zone} value={zone}>
                  {zone.replace(/_/g, ' ')}
                </option>
              ))}
            </select>
          </label>
        </div>
      ) : null}
    </fieldset>
  );
}

/** Instant alerts for unusually cheap deals, and the optional fixed threshold. */
function AlertFields({ preferences, update }: { preferences: EmailPreferencesInput; update: Update }) {
  return (
    <fieldset>
      <legend>Alerts for unusually cheap deals</legend>
      <label className="choice">
        <input
          type="checkbox"
          checked={preferences.instant_alerts}
          onChange={(event) => update({ instant_alerts: event.target.checked })}
        />
        Email me when a deal saves more than 95% of its category's deals this month (at most one email an
        hour)
      </label>
      <label className="field">
        <span className="field__label">Also alert me at</span>
        <select
          className="field__input"
          value={preferences.alert_threshold ?? ''}
          onChange={(event) =>
            update({ alert_threshold: event.target.value === '' ? null : Number(event.target.value) })
          }
        >
          <option value="">Only unusually cheap deals</option>
          {THRESHOLDS.map((threshold) => (
            <option key={threshold} value={threshold}>
              {threshold}% off or more
            </option>
          ))}
        </select>
      </label>
    </fieldset>
  );
}

/** The categories and (when the store list loaded) the stores a subscriber hears about. */
function InterestFields({
  preferences,
  update,
  shops,
}: {
  preferences: EmailPreferencesInput;
  update: Update;
  shops: StoreChoices;
}) {
  const tooManyStores = preferences.interest_stores.length >= EMAIL_PREFERENCE_LIMITS.stores;
  return (
    <fieldset>
      <legend>Interests</legend>
      <p className="muted">Digests and alerts include only these. Choose none to hear about everything.</p>
      <CategoryChoices
        selected={preferences.interest_categories}
        onChange={(interest_categories) => update({ interest_categories })}
      />
      {shops === 'failed' ? (
        <p className="muted">
          We couldn't load the list of stores. Categories still work; reload the page to choose stores.
        </p>
      ) : shops.length > 0 ? (
        <details className="store-choices">
          <summary>Stores ({preferences.interest_stores.length} chosen)</summary>
          <div className="choice-grid">
            {shops.map((shop) => {
              const checked = preferences.interest_stores.includes(shop.id);
              return (
                <label key={shop.id} className="choice">
                  <input
                    type="checkbox"
                    checked={checked}
                    disabled={!checked && tooManyStores}
                    onChange={() =>
                      update({ interest_stores: toggled(preferences.interest_stores, shop.id) })
                    }
                  />
                  {shop.name}
                </label>
              );
            })}
          </div>
        </details>
      ) : null}
    </fieldset>
  );
}

/** Email preferences: digest, instant alerts, interests and threshold (users/{uid}/preferences/alerts). */
export function EmailPreferencesSection({ uid }: { uid: string }) {
  const { preferences, setPreferences, shops, loadFailed } = useEmailPreferencesData(uid);
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<Message>(null);

  if (loadFailed)
    return (
      <Section title="Email Preferences" id="email-preferences">
        <Alert>We couldn't load your email preferences. Please reload the page.</Alert>
      </Section>
    );
  if (!preferences)
    return (
      <Section title="Email Preferences" id="email-preferences">
        <Spinner label="Loading email preferences" />
      </Section>
    );

  const update = (change: Partial<EmailPreferencesInput>) => {
    setMessage(null);
    setPreferences({ ...preferences, ...change });
  };

  const save = async () => {
    const parsed = emailPreferencesInputSchema.safeParse(preferences);
    if (!parsed.success) {
      setMessage({
        tone: 'error',
        text: 'Some choices are not valid. Check the time zone and the number of stores.',
      });
      return;
    }
    setSaving(true);
    try {
      await saveEmailPreferences(db, uid, parsed.data);
      setMessage({ tone: 'success', text: 'Email preferences saved.' });
    } catch (error) {
      console.error('account.email_preferences_save_failed', error);
      setMessage({ tone: 'error', text: "We couldn't save your email preferences. Please try again." });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Section title="Email Preferences" id="email-preferences">
      <form
        className="email-preferences"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <DigestFields preferences={preferences} update={update} />

        <AlertFields preferences={preferences} update={update} />

        <InterestFields preferences={preferences} update={update} shops={shops} />

        {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
        <div className="button-row">
          <Button type="submit" loading={saving}>
            {saving ? 'Saving...' : 'Save Preferences'}
          </Button>
        </div>
      </form>
    </Section>
  );
}
