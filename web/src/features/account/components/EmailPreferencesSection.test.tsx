import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defaultEmailPreferences } from '@bargains/model/email-preferences';
import { fetchStoreSummary } from '@/lib/fetch-store-summary';
import { loadEmailPreferences, saveEmailPreferences } from '../api/email-preferences';
import { EmailPreferencesSection } from './EmailPreferencesSection';

jest.mock('@/lib/firestore', () => ({ db: { name: 'test-db' } }));
jest.mock('@/lib/fetch-store-summary', () => ({ fetchStoreSummary: jest.fn() }));
jest.mock('../api/email-preferences', () => ({
  loadEmailPreferences: jest.fn(),
  saveEmailPreferences: jest.fn(),
}));
const mockLoad = jest.mocked(loadEmailPreferences);
const mockSave = jest.mocked(saveEmailPreferences);

beforeEach(() => {
  jest.mocked(fetchStoreSummary).mockResolvedValue({
    updated_at: new Date(),
    shops: [
      { id: 'acme', name: 'Acme', url: null, live: 3 },
      { id: 'bluebird', name: 'Bluebird Electronics', url: null, live: 5 },
    ],
    categories: { electronics: 5, fashion: 0, home: 3, beauty: 0, travel: 0, food: 0, other: 0 },
  });
  mockLoad.mockResolvedValue({ preferences: defaultEmailPreferences('Europe/Berlin'), saved: false });
  mockSave.mockResolvedValue();
});

describe('EmailPreferencesSection', () => {
  it('starts with nothing sent and saves a weekly digest with interests and alerts', async () => {
    const user = userEvent.setup();
    render(<EmailPreferencesSection uid="user-1" />);
    const weekly = await screen.findByRole('radio', { name: 'Weekly' });
    expect(screen.getByRole('radio', { name: 'Off' })).toBeChecked();
    expect(screen.queryByLabelText('Day')).not.toBeInTheDocument();

    await user.click(weekly);
    await user.selectOptions(screen.getByLabelText('Day'), 'Friday');
    await user.selectOptions(screen.getByLabelText('Time'), '6 PM');
    expect(screen.getByLabelText('Time zone')).toHaveValue('Europe/Berlin');
    await user.click(screen.getByRole('checkbox', { name: /unusually cheap|95%/ }));
    await user.selectOptions(screen.getByLabelText('Also alert me at'), '40% off or more');
    await user.click(screen.getByRole('checkbox', { name: 'Electronics' }));
    await user.click(screen.getByText(/Stores/));
    await user.click(screen.getByRole('checkbox', { name: 'Bluebird Electronics' }));
    await user.click(screen.getByRole('button', { name: 'Save Preferences' }));

    await waitFor(() => expect(mockSave).toHaveBeenCalledTimes(1));
    expect(mockSave).toHaveBeenCalledWith(expect.anything(), 'user-1', {
      digest: 'weekly',
      digest_weekday: 5,
      digest_hour: 18,
      time_zone: 'Europe/Berlin',
      instant_alerts: true,
      interest_categories: ['electronics'],
      interest_stores: ['bluebird'],
      alert_threshold: 40,
    });
    expect(await screen.findByText('Email preferences saved.')).toBeInTheDocument();
  });

  it('shows a refused save as an error and keeps the choices', async () => {
    const user = userEvent.setup();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockSave.mockRejectedValue(new Error('permission-denied'));
    render(<EmailPreferencesSection uid="user-1" />);
    await user.click(await screen.findByRole('radio', { name: 'Daily' }));
    await user.click(screen.getByRole('button', { name: 'Save Preferences' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't save your email preferences");
    expect(screen.getByRole('radio', { name: 'Daily' })).toBeChecked();
  });

  it('says so when the preferences cannot be loaded', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockLoad.mockRejectedValue(new Error('offline'));
    render(<EmailPreferencesSection uid="user-1" />);
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't load your email preferences");
  });
});
