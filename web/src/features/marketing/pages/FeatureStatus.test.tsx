// Pricing and How It Works say exactly what exists: the digest, alerts, interest matching by email, interests on
// the dashboard (For you) and location matching (Near you). Nothing announced is still coming.
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import HowItWorksPage from './HowItWorksPage';
import PricingPage from './PricingPage';

const texts = (elements: HTMLElement[]) => elements.map((element) => element.textContent?.trim());

describe('feature status on the marketing pages', () => {
  it('pricing includes the alerts, the digest and location matching', () => {
    render(
      <MemoryRouter>
        <PricingPage />
      </MemoryRouter>,
    );
    const lists = screen.getAllByRole('list');
    expect(texts(within(lists[0] as HTMLElement).getAllByRole('listitem'))).toEqual([
      'Curated deals, discounts and coupons',
      'Alerts for unusually cheap products',
      'Daily or weekly email digest',
      'Interest matching for your digest and alerts',
      'Interest matching on your dashboard',
      'Location matching: store deals near you',
      '24/7 access',
    ]);
    expect(screen.queryByRole('heading', { name: 'Coming soon' })).toBeNull();
    expect(screen.getByText('Cancel anytime. No hidden fees.')).toBeInTheDocument();
  });

  it('how it works badges every part of the personalized experience available now', () => {
    render(
      <MemoryRouter>
        <HowItWorksPage />
      </MemoryRouter>,
    );
    const step = screen
      .getByRole('heading', { name: 'Personalized Experience' })
      .closest('li') as HTMLElement;
    const items = texts(within(step).getAllByRole('listitem'));
    expect(items.filter((item) => item?.startsWith('Available now'))).toHaveLength(5);
    expect(items).toContain('Available now Your interests first on the dashboard');
    expect(items).toContain('Available now Location matching: store deals near you first, in Near you');
    expect(items.filter((item) => item?.startsWith('Coming soon'))).toEqual([]);
  });
});
