// The first-run prompt after subscribing: once a checkout brings a subscriber back to the dashboard, it asks
// for the digest, the alerts and the interests, until they answer or dismiss it. Either way their choice is
// saved as their preferences document (dismissing saves "nothing by email"), so it is never asked again, on
// any device; the account page's Email Preferences edit it afterwards.
import { useEffect, useState } from 'react';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { db } from '@/lib/firestore';
import { type EmailPreferencesInput, defaultEmailPreferences } from '@bargains/model/email-preferences';
import { browserTimeZone, loadEmailPreferences, saveEmailPreferences } from '../api/email-preferences';
import { readPending, writePending } from '../lib/email-prompt-state';
import { CategoryChoices, DigestFrequencyChoice } from './EmailChoiceFields';
import '../account.css';

type Phase = 'checking' | 'asking' | 'saving' | 'done';
/** The prompt's short form: the digest's frequency, instant alerts and the categories of interest. */
function FirstRunChoiceFields({
  choice,
  setChoice,
}: {
  choice: EmailPreferencesInput;
  setChoice: (choice: EmailPreferencesInput) => void;
}) {
  return (
    <>
      <fieldset>
        <legend>Deal digest</legend>
        <DigestFrequencyChoice
          name="first-run-digest"
          value={choice.digest}
          onChange={(digest) => setChoice({ ...choice, digest })}
        />
        {choice.digest !== 'off' ? (
          <p className="muted">
            {choice.digest === 'weekly' ? 'Mondays' : 'Every day'} at 8 AM your time; pick another day or time
            in Account Settings.
          </p>
        ) : null}
      </fieldset>
      <fieldset>
        <legend>Alerts</legend>
        <label className="choice">
          <input
            type="checkbox"
            checked={choice.instant_alerts}
            onChange={(event) => setChoice({ ...choice, instant_alerts: event.target.checked })}
          />
          Alert me when a deal is unusually cheap (at most one email an hour)
        </label>
      </fieldset>
      <fieldset>
        <legend>Interests</legend>
        <p className="muted">Choose none to hear about everything.</p>
        <CategoryChoices
          selected={choice.interest_categories}
          onChange={(interest_categories) => setChoice({ ...choice, interest_categories })}
        />
      </fieldset>
    </>
  );
}

export function FirstRunEmailPrompt({ uid, checkoutReturn }: { uid: string; checkoutReturn: boolean }) {
  // Asked only after a checkout, or while a checkout's reminder is pending (read once, when it mounts).
  const [phase, setPhase] = useState<Phase>(() => (checkoutReturn || readPending(uid) ? 'checking' : 'done'));
  const [choice, setChoice] = useState<EmailPreferencesInput>(() =>
    defaultEmailPreferences(browserTimeZone()),
  );
  const [failed, setFailed] = useState(false);
  const wanted = phase !== 'done';

  useEffect(() => {
    if (!wanted) return;
    if (checkoutReturn) writePending(uid, true);
    let active = true;
    loadEmailPreferences(db, uid)
      .then(({ saved }) => {
        if (!active) return;
        // Already answered (here, on another device, or on the account page): never ask again.
        if (saved) writePending(uid, false);
        setPhase((current) => (current === 'checking' ? (saved ? 'done' : 'asking') : current));
      })
      .catch((error: unknown) => {
        // Unknown whether they answered: ask another time rather than risk asking twice.
        console.error('dashboard.email_prompt_load_failed', error);
        if (active) setPhase('done');
      });
    return () => {
      active = false;
    };
  }, [uid, checkoutReturn, wanted]);

  if (phase === 'checking' || phase === 'done') return null;

  /** Saves the answer; a dismissal goes away even when the save fails (an answer stays to be retried). */
  const finish = async (preferences: EmailPreferencesInput, { dismissing = false } = {}) => {
    setPhase('saving');
    setFailed(false);
    try {
      await saveEmailPreferences(db, uid, preferences);
      writePending(uid, false);
      setPhase('done');
    } catch (error) {
      console.error('dashboard.email_prompt_save_failed', error);
      if (dismissing) {
        writePending(uid, false);
        setPhase('done');
        return;
      }
      setFailed(true);
      setPhase('asking');
    }
  };
  const dismiss = () => void finish(defaultEmailPreferences(browserTimeZone()), { dismissing: true });

  return (
    <section className="card email-prompt" aria-labelledby="email-prompt-title">
      <div className="email-prompt__header">
        <h2 id="email-prompt-title">Get your bargains by email?</h2>
        <button
          type="button"
          className="email-prompt__close"
          aria-label="Dismiss"
          onClick={dismiss}
          disabled={phase === 'saving'}
        >
          ×
        </button>
      </div>
      <p className="muted">
        A digest of new deals, and a note when something is unusually cheap. You can change this any time in
        Account Settings.
      </p>
      <form
        className="email-preferences"
        onSubmit={(event) => {
          event.preventDefault();
          void finish(choice);
        }}
      >
        <FirstRunChoiceFields choice={choice} setChoice={setChoice} />
        {failed ? <Alert>We couldn't save your choice. Please try again.</Alert> : null}
        <div className="button-row">
          <Button type="submit" loading={phase === 'saving'}>
            {phase === 'saving' ? 'Saving...' : 'Save my choice'}
          </Button>
          <Button type="button" variant="secondary" onClick={dismiss} disabled={phase === 'saving'}>
            No thanks
          </Button>
        </div>
      </form>
    </section>
  );
}
