import type { ReactNode } from 'react';

export interface Step {
  title: string;
  text: string;
}

/** Numbered steps (the landing page's three, the how-it-works page's four), each with optional extra content. */
export function StepList<S extends Step>({
  steps,
  Heading,
  vertical = false,
  extra,
}: {
  steps: readonly S[];
  /** The steps' heading level under the page's own headings. */
  Heading: 'h2' | 'h3';
  vertical?: boolean;
  extra?: (step: S) => ReactNode;
}) {
  return (
    <ol className={vertical ? 'steps steps--vertical' : 'steps'}>
      {steps.map((step, index) => (
        <li key={step.title} className="steps__item">
          <span className="steps__number" aria-hidden="true">
            {index + 1}
          </span>
          <Heading>{step.title}</Heading>
          <p>{step.text}</p>
          {extra?.(step)}
        </li>
      ))}
    </ol>
  );
}
