import { DASHBOARD_ISLAND_ID } from '@bargains/model/contracts/dashboard-render';
import { makeDeal } from '../test/deal-fixture';
import {
  type DashboardIsland,
  parseDashboardIsland,
  serializeDashboardIsland,
  takeDashboardIsland,
} from './dashboard-island';

const HOSTILE = '</script><script>alert(1)</script><!-- $& \u2028';
const session = { uid: 'user-1', expiresAt: 1_800_000_000_000 };
const island: DashboardIsland = {
  session,
  first: {
    uid: 'user-1',
    search: '?sort=ending_soon',
    now: new Date('2025-01-06T08:00:00.000Z'),
    page: {
      deals: [
        makeDeal({ id: 'a', title: HOSTILE, shop_logo_url: 'https://cdn.example/logo.png' }),
        makeDeal({ id: 'b', code: null, scraped_at: null, is_verified: false }),
      ],
      size: 20,
      cursor: ['2025-02-10T12:00:00.000Z', 'b'],
    },
  },
};

describe('the dashboard island', () => {
  it('carries the page the server drew back to the app unchanged', () => {
    expect(parseDashboardIsland(serializeDashboardIsland(island))).toEqual(island);
    expect(parseDashboardIsland(serializeDashboardIsland({ session: null, first: null }))).toEqual({
      session: null,
      first: null,
    });
  });

  it('cannot be closed early by what a deal says: no "<" in the JSON', () => {
    const json = serializeDashboardIsland(island);
    expect(json).not.toContain('<');
    expect(json).toContain('\\u003c/script>');
  });

  it('is refused whole when it is malformed or a deal in it does not parse', () => {
    expect(parseDashboardIsland('{')).toBeNull();
    expect(parseDashboardIsland(JSON.stringify({ session }))).toBeNull();
    const broken = JSON.parse(serializeDashboardIsland(island)) as { first: { page: { deals: object[] } } };
    broken.first.page.deals[1] = { id: 'c', url_home: 'javascript:alert(1)' };
    expect(parseDashboardIsland(JSON.stringify(broken))).toBeNull();
    const badTime = JSON.parse(serializeDashboardIsland(island)) as { first: { now: string } };
    badTime.first.now = 'yesterday';
    expect(parseDashboardIsland(JSON.stringify(badTime))).toBeNull();
  });

  it('is read from the document once and removed from it', () => {
    document.body.innerHTML = `<div id="root"></div><script type="application/json" id="${DASHBOARD_ISLAND_ID}">${serializeDashboardIsland(island)}</script>`;
    expect(takeDashboardIsland()).toEqual(island);
    expect(document.getElementById(DASHBOARD_ISLAND_ID)).toBeNull();
    document.body.innerHTML = `<script type="application/json" id="${DASHBOARD_ISLAND_ID}">${serializeDashboardIsland(island)}</script>`;
    expect(takeDashboardIsland()).toBeNull();
  });
});
