// Renders the dashboard's deal browser as the page wires it (URL state, saved deals) inside a memory router,
// with the current location shown, so component tests can assert what lands in the URL.
import { render } from '@testing-library/react';
import type { Firestore } from 'firebase/firestore/lite';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { DealCountryContext } from '@/lib/deal-country';
import { DealBrowser } from '../components/DealBrowser';
import { useListParams } from '../hooks/useListParams';
import { useSavedDeals } from '../hooks/useSavedDeals';

export const testDb = {} as Firestore;

function Harness({ uid }: { uid: string | null }) {
  const { params, setParams } = useListParams();
  const saved = useSavedDeals(testDb, uid);
  const location = useLocation();
  return (
    <>
      <DealBrowser db={testDb} uid={uid} params={params} onParamsChange={setParams} saved={saved} />
      <output data-testid="location">{location.search}</output>
    </>
  );
}

/** `country`: the subscriber's Near you country, as the dashboard page provides it (null: none set). */
export function renderDealBrowser(
  uid: string | null = 'user-1',
  url = '/dashboard',
  country: string | null = null,
) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <DealCountryContext.Provider value={country}>
        <Routes>
          <Route path="/dashboard" element={<Harness uid={uid} />} />
        </Routes>
      </DealCountryContext.Provider>
    </MemoryRouter>,
  );
}
