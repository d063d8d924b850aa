// Renders the dashboard's deal browser as the page wires it (URL state, saved deals) inside a memory router,
// with the current location shown, so component tests can assert what lands in the URL.
import { render } from '@testing-library/react';
import type { Firestore } from 'firebase/firestore/lite';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
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

export function renderDealBrowser(uid: string | null = 'user-1', url = '/dashboard') {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/dashboard" element={<Harness uid={uid} />} />
      </Routes>
    </MemoryRouter>,
  );
}
