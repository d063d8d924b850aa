import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defaultEmailPreferences } from '@bargains/model/email-preferences';
import { loadEmailPreferences, saveEmailPreferences } from '../api/email-preferences';
import { emailPromptKey } from '../lib/email-prompt-state';
import { FirstRunEmailPrompt } from './FirstRunEmailPrompt';

jest.mock('@/lib/firestore', () => ({ db: { name: 'test-db' } }));
jest.mock('../api/email-preferences', () => ({
  browserTimeZone: () => 'Europe/Berlin',
  loadEmailPreferences: jest.fn(),
  saveEmailPreferences: jest.fn(),
}));
const mockLoad = jest.mocked(loadEmailPreferences);
const mockSave = jest.mocked(saveEmailPreferences);
const NOTHING_SAVED = { preferences: defaultEmailPreferences('Europe/Berlin'), saved: false };

beforeEach(() => {
  jest.clearAllMocks();
  window.localStorage.clear();
  mockLoad.mockResolvedValue(NOTHING_SAVED);
  mockSave.mockResolvedValue();
});

const prompt = () => screen.findByRole('region', { name: 'Get your bargains by email?' });

/** The prompt after a checkout, with saves that fail (the first one, or every one) and their logging muted. */
async function promptWhoseSaveFails(failing: 'once' | 'always') {
  const user = userEvent.setup();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  if (failing === 'once') mockSave.mockRejectedValueOnce(new Error('offline'));
  else mockSave.mockRejectedValue(new Error('offline'));
  render(<FirstRunEmailPrompt uid="user-1" checkoutReturn />);
  await prompt();
  return user;
}

describe('FirstRunEmailPrompt', () => {
  it('asks after a checkout and saves the digest, alerts and interests chosen, then never asks again', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<FirstRunEmailPrompt uid="user-1" checkoutReturn />);
    await prompt();
    expect(screen.getByRole('radio', { name: 'Off' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Weekly' }));
    expect(screen.getByText(/Mondays at 8 AM your time/)).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /unusually cheap/ }));
    await user.click(screen.getByRole('checkbox', { name: 'Electronics' }));
    await user.click(screen.getByRole('checkbox', { name: 'Travel' }));
    await user.click(screen.getByRole('button', { name: 'Save my choice' }));

    await waitFor(() => expect(mockSave).toHaveBeenCalledTimes(1));
    expect(mockSave).toHaveBeenCalledWith(expect.anything(), 'user-1', {
      ...defaultEmailPreferences('Europe/Berlin'),
      digest: 'weekly',
      instant_alerts: true,
      interest_categories: ['electronics', 'travel'],
    });
    await waitFor(() => expect(screen.queryByRole('region')).not.toBeInTheDocument());
    expect(window.localStorage.getItem(emailPromptKey('user-1'))).toBeNull();

    // Back on the dashboard later (no checkout return): not asked again, and nothing read.
    unmount();
    mockLoad.mockClear();
    render(<FirstRunEmailPrompt uid="user-1" checkoutReturn={false} />);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(mockLoad).not.toHaveBeenCalled();
  });

  it('dismissing saves "nothing by email" and hides it', async () => {
    const user = userEvent.setup();
    render(<FirstRunEmailPrompt uid="user-1" checkoutReturn />);
    await prompt();
    await user.click(screen.getByRole('checkbox', { name: 'Electronics' }));
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByRole('region')).not.toBeInTheDocument());
    expect(mockSave).toHaveBeenCalledWith(
      expect.anything(),
      'user-1',
      defaultEmailPreferences('Europe/Berlin'),
    );
  });

  it('"No thanks" goes away even when the save fails', async () => {
    const user = await promptWhoseSaveFails('always');
    await user.click(screen.getByRole('button', { name: 'No thanks' }));
    await waitFor(() => expect(screen.queryByRole('region')).not.toBeInTheDocument());
    expect(window.localStorage.getItem(emailPromptKey('user-1'))).toBeNull();
  });

  it('keeps an answer whose save failed on screen, with a message, to try again', async () => {
    const user = await promptWhoseSaveFails('once');
    await user.click(screen.getByRole('radio', { name: 'Daily' }));
    await user.click(screen.getByRole('button', { name: 'Save my choice' }));
    expect(await screen.findByText("We couldn't save your choice. Please try again.")).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Daily' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Save my choice' }));
    await waitFor(() => expect(screen.queryByRole('region')).not.toBeInTheDocument());
  });

  it('survives a reload after the checkout return until answered', async () => {
    render(<FirstRunEmailPrompt uid="user-1" checkoutReturn />);
    await prompt();
    expect(window.localStorage.getItem(emailPromptKey('user-1'))).toBe('pending');
  });

  it('asks nobody who has preferences already, and drops the reminder', async () => {
    window.localStorage.setItem(emailPromptKey('user-1'), 'pending');
    mockLoad.mockResolvedValue({ ...NOTHING_SAVED, saved: true });
    render(<FirstRunEmailPrompt uid="user-1" checkoutReturn={false} />);
    await waitFor(() => expect(window.localStorage.getItem(emailPromptKey('user-1'))).toBeNull());
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it('is not shown to a subscriber who did not come from a checkout', async () => {
    render(<FirstRunEmailPrompt uid="user-1" checkoutReturn={false} />);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(mockLoad).not.toHaveBeenCalled();
  });
});
