// The digest frequency and interest fields that both the first-run prompt and the account's email preferences show.
import type { DigestFrequency } from '@model/alert-preferences';
import { DEAL_CATEGORIES, DEAL_CATEGORY_LABELS, type DealCategory } from '@model/category';

const FREQUENCIES = ['off', 'daily', 'weekly'] as const satisfies readonly DigestFrequency[];
const FREQUENCY_LABELS: Record<DigestFrequency, string> = { off: 'Off', daily: 'Daily', weekly: 'Weekly' };

/** `list` with `value` added, or removed when it is already there. */
export const toggled = <T extends string>(list: readonly T[], value: T): T[] =>
  list.includes(value) ? list.filter((item) => item !== value) : [...list, value];

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
        <label key={frequency} className="choice">
          <input
            type="radio"
            name={name}
            value={frequency}
            checked={value === frequency}
            onChange={() => onChange(frequency)}
          />
          {FREQUENCY_LABELS[frequency]}
        </label>
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
        <label key={category} className="choice">
          <input
            type="checkbox"
            checked={selected.includes(category)}
            onChange={() => onChange(toggled(selected, category))}
          />
          {DEAL_CATEGORY_LABELS[category]}
        </label>
      ))}
    </div>
  );
}
