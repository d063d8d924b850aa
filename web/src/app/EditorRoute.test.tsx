import { render, screen } from '@testing-library/react';
import type { User } from 'firebase/auth';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AuthStateContext, type AuthState } from '@/lib/auth-state';
import EditorRoute from './EditorRoute';

function userWithClaims(claims: Record<string, unknown>): { user: User; refreshes: jest.Mock } {
  const refreshes = jest.fn((forceRefresh?: boolean) => Promise.resolve({ claims, forceRefresh }));
  return { user: { uid: 'u1', getIdTokenResult: refreshes } as unknown as User, refreshes };
}

function renderDesk(auth: AuthState) {
  render(
    <AuthStateContext.Provider value={auth}>
      <MemoryRouter initialEntries={['/editor']}>
        <Routes>
          <Route path="/editor" element={<EditorRoute />}>
            <Route index element={<p>the desk</p>} />
          </Route>
        </Routes>
      </MemoryRouter>
    </AuthStateContext.Provider>,
  );
}

describe('EditorRoute', () => {
  it('shows the desk to an editor, reading the claim from a refreshed ID token', async () => {
    const { user, refreshes } = userWithClaims({ editor: true });
    renderDesk({ view: 'signed-in', user });
    expect(await screen.findByText('the desk')).toBeInTheDocument();
    // Forced: a role granted while signed in arrives without a sign-out.
    expect(refreshes).toHaveBeenCalledWith(true);
  });

  it.each([
    ['a user without the claim', { sub: 'u1' }],
    ['a claim that is not exactly true', { editor: 'true' }],
  ])("shows the product's 404 to %s", async (_case, claims) => {
    renderDesk({ view: 'signed-in', user: userWithClaims(claims).user });
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.queryByText('the desk')).not.toBeInTheDocument();
  });

  it("shows the product's 404 to a signed-out visitor", () => {
    renderDesk({ view: 'signed-out', user: null });
    expect(screen.getByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
  });

  it('says so when the token cannot be refreshed', async () => {
    const user = {
      uid: 'u1',
      getIdTokenResult: () => Promise.reject(new Error('auth/network-request-failed')),
    } as unknown as User;
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderDesk({ view: 'signed-in', user });
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not check your editor access');
  });
});
