import { BRAND_COLORS, BRAND_MARK_PNG_PATH } from '@bargains/model/brand';
import { createEmailRenderer, escapeHtml, renderEmail } from './render';

const deal = {
  title: '50% off <script>alert(1)</script> headphones',
  savings: '50% off',
  shop_name: 'Bluebird & Co',
  code: 'SAVE50',
  end_date: new Date('2026-11-30T04:00:00Z'),
  url_home: 'https://bluebird.example/deals?a=1&b=2',
  category: 'electronics' as const,
};
const content = {
  list: 'digest' as const,
  frequency: 'weekly' as const,
  deals: [deal, { ...deal, title: 'Free shipping', savings: 'Free shipping', code: null }],
  timeZone: 'America/Los_Angeles',
  unsubscribeUrl: 'https://app.example/unsubscribe?token=t',
  preferencesUrl: 'https://app.example/account#email-preferences',
  siteOrigin: 'https://app.example',
};

describe('renderEmail', () => {
  it('renders a reminder: the deal in the subject, its end with the time in the user’s zone, its own footer', async () => {
    const email = await renderEmail({ ...content, list: 'reminders', deals: [deal] });
    expect(email.subject).toBe(`Ends soon: ${deal.title}`);
    // 04:00Z on the 30th: 8:00 PM on the 29th in Los Angeles.
    expect(email.text).toContain(
      'A deal you saved ends Nov 29, 2026, 8:00 PM PST. You asked to be reminded.',
    );
    expect(email.text).toContain('Unsubscribe from these reminders: https://app.example/unsubscribe?token=t');
    expect(email.text).toContain('Manage your reminders: https://app.example/account#email-preferences');
    expect(email.html).toContain('You get this reminder because you set it on a deal you saved on Bargains.');
    expect(email.html).not.toContain('<script>alert(1)</script>');
  });

  it("uses the site's palette and logo: every colour is a site token, the buttons are its teal", async () => {
    for (const list of ['digest', 'alerts', 'reminders'] as const) {
      const { html } = await renderEmail({ ...content, list });
      const site = new Set<string>([...Object.values(BRAND_COLORS), '#fff', '#ffffff']);
      const colours = new Set(
        (html.match(/#[0-9a-f]{6}\b|#[0-9a-f]{3}\b/gi) ?? []).map((c) => c.toLowerCase()),
      );
      expect([...colours].filter((colour) => !site.has(colour))).toEqual([]);
      expect(html).toMatch(
        new RegExp(`href="https://bluebird\\.example[^"]*" style="[^"]*background:${BRAND_COLORS.primary};`),
      );
      expect(html).toContain(`<img src="https://app.example${BRAND_MARK_PNG_PATH}"`);
    }
  });

  it('renders each deal with savings, shop, code, end date and link, in HTML and plain text', async () => {
    const email = await renderEmail(content);
    expect(email.subject).toBe('Your weekly Bargains digest: 2 deals');
    for (const body of [email.html, email.text]) {
      expect(body).toContain('SAVE50');
      expect(body).toContain('No code needed');
      // End dates in the user's zone: 04:00Z on the 30th is still the 29th in Los Angeles.
      expect(body).toContain('Ends Nov 29, 2026');
      expect(body).toContain('https://app.example/account#email-preferences');
    }
    expect(email.html).toContain('href="https://bluebird.example/deals?a=1&amp;b=2"');
    expect(email.text).toContain('https://bluebird.example/deals?a=1&b=2');
    expect(email.text).toContain('Unsubscribe from this digest: https://app.example/unsubscribe?token=t');
    expect(email.text).toContain('Bluebird & Co · Electronics');
  });

  it('escapes deal text from the feed', async () => {
    const { html } = await renderEmail(content);
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;');
    expect(escapeHtml(`"'<>&`)).toBe('&quot;&#39;&lt;&gt;&amp;');
  });

  it('names alerts as alerts', async () => {
    const email = await renderEmail({ ...content, list: 'alerts', deals: [deal] });
    expect(email.subject).toBe('Unusually cheap: 1 deal you asked to hear about');
    expect(email.text).toContain('Unsubscribe from these alerts');
  });
});

describe('createEmailRenderer', () => {
  it('gives each user their own unsubscribe link in an email rendered once, identical to a fresh render', async () => {
    const render = createEmailRenderer();
    const first = await render(content);
    const other = { ...content, unsubscribeUrl: 'https://app.example/unsubscribe?token=other&x=1' };
    const second = await render(other);
    expect(first).toEqual(await renderEmail(content));
    expect(second).toEqual(await renderEmail(other));
    expect(second.html).toContain('href="https://app.example/unsubscribe?token=other&amp;x=1"');
    expect(second.html).not.toContain('token=t"');
  });

  it('renders different deals, zones or lists separately', async () => {
    const render = createEmailRenderer(1);
    const weekly = await render(content);
    const alerts = await render({ ...content, list: 'alerts', frequency: undefined });
    const tokyo = await render({ ...content, timeZone: 'Asia/Tokyo' });
    expect(alerts.subject).toMatch(/^Unusually cheap/);
    expect(tokyo.text).toContain('Ends Nov 30, 2026');
    expect(weekly.text).toContain('Ends Nov 29, 2026');
  });
});
