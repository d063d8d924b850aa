// The digest frequency and interest fields that both the first-run prompt and the account's email preferences show.
import type { InputHTMLAttributes } from 'react';
import type { DigestFrequency } from '@bargains/model/email-preferences';
import { DEAL_CATEGORIES, DEAL_CATEGORY_LABELS, type DealCategory } from '@bargains/model/category';

const FREQUENCIES = ['off', 'daily', 'weekly'] as const satisfies readonly DigestFrequency[];
const FREQUENCY_LABELS: Record<DigestFrequency, string> = { off: 'Off', daily: 'Daily', weekly: 'Weekly' };

/** `list` with `value` added, or removed when it is already there. */
export const toggled = <T extends string>(list: readonly T[], value: T): T[] =>
  list.includes(value) ? list.filter((item) => item !== value) : [...list, value];

/** One radio button or checkbox with its label after it. */
function Choice({ label, ...input }: InputHTMLAttributes<HTMLInputElement> & { label: string }) {
  return (
    <label className="choice">
      <input {...input} />
      {label}
    </label>
  );
}

/** Off / Daily / Weekly as one radio group named `name`. */
export function DigestFrequencyChoice({
  name,
  value,
  onChange,
}: {
  name: string;
  value: DigestFrequency;
  onChange: (frequency: DigestFrequency) => void;
}) {
  return (
    <div className="choice-row">
      {FREQUENCIES.map((frequency) => (
        <Choice
          key={frequency}
          label={FREQUENCY_LABELS[frequency]}
          type="radio"
          name={name}
          value={frequency}
          checked={value === frequency}
          onChange={() => onChange(frequency)}
        />
      ))}
    </div>
  );
}

/** A checkbox per deal category; `onChange` gets the new selection. */
export function CategoryChoices({
  selected,
  onChange,
}: {
  selected: readonly DealCategory[];
  onChange: (categories: DealCategory[]) => void;
}) {
  return (
    <div className="choice-grid">
      {DEAL_CATEGORIES.map((category) => (
        <Choice
          key={category}
          label={DEAL_CATEGORY_LABELS[category]}
          type="checkbox"
          checked={selected.includes(category)}
          onChange={() => onChange(toggled(selected, category))}
        />
      ))}
    </div>
  );
}
