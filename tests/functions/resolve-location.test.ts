// resolve_location over HTTP (the emulated function): a signed-in user's typed place or coarse device position
// → the coarse location and its country; anything else a client can send is a clear 4xx and changes nothing.
import { closeAdmin } from './support/admin';
import { callFunction, errorOf } from './support/http';
import { createTestUser, type TestUser } from './support/users';

let user: TestUser;

beforeAll(async () => {
  user = await createTestUser('near-you');
});

afterAll(closeAdmin);

const resolve = (body: unknown) => callFunction('resolve_location', { token: user.idToken, body });

describe('resolve_location', () => {
  it('resolves a typed city and a postal code to the 5 km grid and the country', async () => {
    expect(await resolve({ query: 'Portland' })).toMatchObject({
      status: 200,
      body: {
        location: { label: 'Portland, OR, US', country: 'US', lat: 45.5, lng: -122.7, geohash: 'c20dz' },
      },
    });
    expect((await resolve({ query: '97201' })).body).toMatchObject({ location: { country: 'US' } });
    expect(await resolve({ query: 'Qwxzzy' })).toMatchObject({ status: 200, body: { location: null } });
  });

  it('names the nearest place of a device position', async () => {
    expect((await resolve({ lat: 51.5, lng: -0.1 })).body).toMatchObject({
      // Central London's nearest GeoNames place is one of its boroughs.
      location: { label: expect.stringMatching(/^Near .+, GB$/), country: 'GB', lat: 51.5, lng: -0.1 },
    });
  });

  it.each([
    ['no body', undefined],
    ['an empty query', { query: '   ' }],
    ['an overlong query', { query: 'x'.repeat(101) }],
    ['a latitude off the globe', { lat: 91, lng: 0 }],
    ['coordinates as text', { lat: '45.5', lng: '-122.7' }],
    ['both a query and a point', { query: 'Portland', lat: 45.5, lng: -122.7 }],
    ['an extra field', { query: 'Portland', uid: 'someone-else' }],
  ])('answers 400 for %s', async (_name, body) => {
    const result = await resolve(body);
    expect(result.status).toBe(400);
    expect(errorOf(result)).toEqual(expect.stringMatching(/^Invalid request body/));
  });

  it('answers 401 without a signed-in user', async () => {
    expect((await callFunction('resolve_location', { body: { query: 'Portland' } })).status).toBe(401);
  });
});
