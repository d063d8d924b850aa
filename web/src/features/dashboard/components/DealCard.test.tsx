import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeDeal } from '../test/deal-fixture';
import { DealCard } from './DealCard';

describe('DealCard', () => {
  it('shows the title, savings badge, description and verified badge', () => {
    render(<DealCard deal={makeDeal()} />);
    const card = screen.getByRole('article', { name: '20% off headphones' });
    expect(within(card).getByText('20% off')).toBeInTheDocument();
    expect(within(card).getByText('Noise-cancelling headphones at a discount.')).toBeInTheDocument();
    expect(within(card).getByText('Verified')).toBeInTheDocument();
  });

  it('has no verified badge for an unverified deal', () => {
    render(<DealCard deal={makeDeal({ is_verified: false })} />);
    expect(screen.queryByText('Verified')).not.toBeInTheDocument();
  });

  it('formats the start and end dates like "Jan 5, 2025"', () => {
    render(<DealCard deal={makeDeal()} />);
    expect(screen.getByText('Jan 5, 2025')).toHaveAttribute('datetime', '2025-01-05T12:00:00.000Z');
    expect(screen.getByText('Feb 10, 2025')).toHaveAttribute('datetime', '2025-02-10T12:00:00.000Z');
  });

  it("shows the 'Code:' chip for a wired deal with a code", () => {
    render(<DealCard deal={makeDeal({ source_id: 'wired', code: 'SAVE20' })} />);
    expect(screen.getByText('Code:')).toBeInTheDocument();
    expect(screen.getByText('SAVE20')).toBeInTheDocument();
  });

  it('hides the code chip for any other source, even when the deal has a code', () => {
    render(<DealCard deal={makeDeal({ source_id: 'other-source', code: 'SAVE20' })} />);
    expect(screen.queryByText('Code:')).not.toBeInTheDocument();
    expect(screen.queryByText('SAVE20')).not.toBeInTheDocument();
  });

  it('hides the code chip when the deal needs no code', () => {
    render(<DealCard deal={makeDeal({ code: null })} />);
    expect(screen.queryByText('Code:')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /copy/i })).not.toBeInTheDocument();
  });

  it('copies the code to the clipboard and says so', async () => {
    const user = userEvent.setup();
    render(<DealCard deal={makeDeal({ code: 'SAVE20' })} />);
    await user.click(screen.getByRole('button', { name: 'Copy code SAVE20' }));
    await expect(navigator.clipboard.readText()).resolves.toBe('SAVE20');
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    expect(screen.getByText('Code SAVE20 copied to clipboard')).toBeInTheDocument();
  });

  it('says when copying fails', async () => {
    const user = userEvent.setup();
    render(<DealCard deal={makeDeal({ code: 'SAVE20' })} />);
    jest.spyOn(navigator.clipboard, 'writeText').mockRejectedValueOnce(new Error('denied'));
    await user.click(screen.getByRole('button', { name: 'Copy code SAVE20' }));
    expect(screen.getByRole('button', { name: 'Copy failed' })).toBeInTheDocument();
  });

  it('links the shop name to shop_url in a new tab', () => {
    render(<DealCard deal={makeDeal({ shop_name: 'Sound Shop', shop_url: 'https://sound.example.com' })} />);
    const shop = screen.getByRole('link', { name: 'Sound Shop' });
    expect(shop).toHaveAttribute('href', 'https://sound.example.com');
    expect(shop).toHaveAttribute('target', '_blank');
    expect(shop).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('shows the shop name as plain text without shop_url', () => {
    render(<DealCard deal={makeDeal({ shop_name: 'Sound Shop', shop_url: null })} />);
    expect(screen.getByText('Sound Shop')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sound Shop' })).not.toBeInTheDocument();
  });

  it("opens url_home in a new tab from 'View Deal' without leaking the opener", () => {
    render(<DealCard deal={makeDeal({ url_home: 'https://sound.example.com/deals/1' })} />);
    const view = screen.getByRole('link', { name: /View Deal/ });
    expect(view).toHaveAttribute('href', 'https://sound.example.com/deals/1');
    expect(view).toHaveAttribute('target', '_blank');
    expect(view).toHaveAttribute('rel', 'noopener noreferrer');
  });
});
