// The country of the subscriber's location (Near you), for the deal lists: a deal that does not apply there
// (model/regions.ts dealAppliesIn) is left out. null: no location set, every deal shows. Provided by the
// dashboard page, which reads the location; the lists only read the context.
import { createContext, useContext } from 'react';

export const DealCountryContext = createContext<string | null>(null);

export const useDealCountry = (): string | null => useContext(DealCountryContext);
