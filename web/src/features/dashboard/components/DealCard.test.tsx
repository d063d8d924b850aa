import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DealOpensContext } from '../hooks/useDealOpens';
import { makeDeal } from '../test/deal-fixture';
import { DealCard } from './DealCard';

const NOW = new Date('2025-01-20T12:00:00.000Z');

describe('DealCard', () => {
  it('shows the title, savings badge, description and verified badge', () => {
    render(<DealCard now={NOW} deal={makeDeal({ title: '20% off noise-cancelling headphones' })} />);
    const card = screen.getByRole('article', { name: 'Noise-cancelling headphones' });
    expect(within(card).getByText('20% off')).toBeInTheDocument();
    expect(within(card).getByText('Noise-cancelling headphones at a discount.')).toBeInTheDocument();
    expect(within(card).getByText('Verified')).toBeInTheDocument();
  });

  it('has no verified badge for an unverified deal', () => {
    render(<DealCard now={NOW} deal={makeDeal({ is_verified: false })} />);
    expect(screen.queryByText('Verified')).not.toBeInTheDocument();
  });

  it('shows the savings text once: on the badge, not again at the start of the title', () => {
    render(<DealCard now={NOW} deal={makeDeal({ title: '20% off headphones', savings: '20% off' })} />);
    expect(screen.getByRole('heading', { name: 'Headphones' })).toBeInTheDocument();
    expect(screen.getAllByText(/20% off/)).toHaveLength(1);
  });

  it('drops the sentence repeating the code from the description (the chip shows it)', () => {
    render(
      <DealCard
        now={NOW}
        deal={makeDeal({
          code: 'SAVE20',
          description: 'Save on audio. Use code SAVE20 at checkout. Online only.',
        })}
      />,
    );
    expect(screen.getByText('Save on audio. Online only.')).toBeInTheDocument();
    expect(screen.getAllByText(/SAVE20/)).toHaveLength(1);
  });

  it('shows urgency and age: "Ends in N days", "Added N h ago"', () => {
    render(
      <DealCard
        now={NOW}
        deal={makeDeal({
          end_date: new Date('2025-01-25T12:00:00.000Z'),
          scraped_at: new Date('2025-01-20T10:00:00.000Z'),
        })}
      />,
    );
    expect(screen.getByText('Ends in 5 days')).toBeInTheDocument();
    expect(screen.getByText('Added 2 h ago')).toBeInTheDocument();
  });

  it('marks an expired deal as ended instead of offering View Deal', () => {
    render(<DealCard now={NOW} deal={makeDeal({ end_date: new Date('2025-01-19T12:00:00.000Z') })} />);
    expect(screen.getByText('Expired')).toBeInTheDocument();
    expect(screen.getByText('This deal has ended')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /View Deal/ })).not.toBeInTheDocument();
  });

  it('shows a monogram without a logo, and the logo when the site serves it', () => {
    const { container, rerender } = render(
      <DealCard now={NOW} deal={makeDeal({ shop_name: 'Cedar & Pine' })} />,
    );
    expect(container.querySelector('.deal-card__monogram')).toHaveTextContent('CP');
    rerender(<DealCard now={NOW} deal={makeDeal({ shop_logo_url: '/shops/sound.png' })} />);
    expect(container.querySelector('img.deal-card__logo')).toHaveAttribute('src', '/shops/sound.png');
    expect(container.querySelector('.deal-card__monogram')).toBeNull();
  });

  it('never loads a logo from another host (the CSP allows images from the site only): monogram', () => {
    const { container } = render(
      <DealCard
        now={NOW}
        deal={makeDeal({ shop_name: 'Sound Co', shop_logo_url: 'https://sound.example.com/logo.png' })}
      />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('.deal-card__monogram')).toHaveTextContent('SC');
  });

  it('has a save toggle button that reports its state and calls back', async () => {
    const user = userEvent.setup();
    const onToggle = jest.fn();
    const { rerender } = render(
      <DealCard now={NOW} deal={makeDeal({ title: 'Headphones' })} save={{ saved: false, onToggle }} />,
    );
    const toggle = screen.getByRole('button', { name: 'Save Headphones' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    expect(onToggle).toHaveBeenCalledTimes(1);
    rerender(
      <DealCard now={NOW} deal={makeDeal({ title: 'Headphones' })} save={{ saved: true, onToggle }} />,
    );
    expect(screen.getByRole('button', { name: 'Save Headphones' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('formats the start and end dates like "Jan 5, 2025"', () => {
    render(<DealCard now={NOW} deal={makeDeal()} />);
    expect(screen.getByText('Jan 5, 2025')).toHaveAttribute('datetime', '2025-01-05T12:00:00.000Z');
    expect(screen.getByText('Feb 10, 2025')).toHaveAttribute('datetime', '2025-02-10T12:00:00.000Z');
  });

  it("shows the 'Code:' chip for a wired deal with a code", () => {
    render(<DealCard now={NOW} deal={makeDeal({ source_id: 'wired', code: 'SAVE20' })} />);
    expect(screen.getByText('Code:')).toBeInTheDocument();
    expect(screen.getByText('SAVE20')).toBeInTheDocument();
  });

  it('hides the code chip for any other source, even when the deal has a code', () => {
    render(<DealCard now={NOW} deal={makeDeal({ source_id: 'other-source', code: 'SAVE20' })} />);
    expect(screen.queryByText('Code:')).not.toBeInTheDocument();
    expect(screen.queryByText('SAVE20')).not.toBeInTheDocument();
  });

  it('hides the code chip when the deal needs no code', () => {
    render(<DealCard now={NOW} deal={makeDeal({ code: null })} />);
    expect(screen.queryByText('Code:')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /copy/i })).not.toBeInTheDocument();
  });

  it('copies the code to the clipboard and says so', async () => {
    const user = userEvent.setup();
    render(<DealCard now={NOW} deal={makeDeal({ code: 'SAVE20' })} />);
    await user.click(screen.getByRole('button', { name: 'Copy code SAVE20' }));
    await expect(navigator.clipboard.readText()).resolves.toBe('SAVE20');
    const copied = screen.getByRole('button', { name: 'Copied!' });
    expect(screen.getByText('Code SAVE20 copied to clipboard')).toBeInTheDocument();
    // Every label stays in the button (they size it, so it never changes width); only the current one shows.
    const labels = Array.from(copied.querySelectorAll('.deal-card__copy-label'), (label) => ({
      text: label.textContent,
      shown: label.getAttribute('data-shown'),
    }));
    expect(labels).toEqual([
      { text: 'Copy', shown: 'false' },
      { text: 'Copied!', shown: 'true' },
      { text: 'Failed', shown: 'false' },
    ]);
  });

  it('says when copying fails', async () => {
    const user = userEvent.setup();
    render(<DealCard now={NOW} deal={makeDeal({ code: 'SAVE20' })} />);
    jest.spyOn(navigator.clipboard, 'writeText').mockRejectedValueOnce(new Error('denied'));
    await user.click(screen.getByRole('button', { name: 'Copy code SAVE20' }));
    const failed = screen.getByRole('button', { name: 'Copy failed' });
    expect(failed.querySelector('[data-shown="true"]')?.textContent).toBe('Failed');
  });

  it('links the shop name to shop_url in a new tab', () => {
    render(
      <DealCard
        now={NOW}
        deal={makeDeal({ shop_name: 'Sound Shop', shop_url: 'https://sound.example.com' })}
      />,
    );
    const shop = screen.getByRole('link', { name: 'Sound Shop' });
    expect(shop).toHaveAttribute('href', 'https://sound.example.com');
    expect(shop).toHaveAttribute('target', '_blank');
    expect(shop).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('shows the shop name as plain text without shop_url', () => {
    render(<DealCard now={NOW} deal={makeDeal({ shop_name: 'Sound Shop', shop_url: null })} />);
    expect(screen.getByText('Sound Shop')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sound Shop' })).not.toBeInTheDocument();
  });

  it("opens url_home in a new tab from 'View Deal' without leaking the opener", () => {
    render(<DealCard now={NOW} deal={makeDeal({ url_home: 'https://sound.example.com/deals/1' })} />);
    const view = screen.getByRole('link', { name: /View Deal/ });
    expect(view).toHaveAttribute('href', 'https://sound.example.com/deals/1');
    expect(view).toHaveAttribute('target', '_blank');
    expect(view).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('records a View Deal open for Most popular (a subscriber’s own, server-side record)', async () => {
    const recordOpen = jest.fn();
    render(
      <DealOpensContext.Provider value={recordOpen}>
        <DealCard now={NOW} deal={makeDeal({ id: 'deal-42' })} />
      </DealOpensContext.Provider>,
    );
    const view = screen.getByRole('link', { name: /View Deal/ });
    view.addEventListener('click', (event) => event.preventDefault());
    await userEvent.click(view);
    expect(recordOpen).toHaveBeenCalledWith('deal-42');
  });
});
