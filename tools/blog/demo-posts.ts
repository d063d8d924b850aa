// Demo blog posts for local development and tests. The HTML is deliberately shaped like real-world exports
// (CMS pages with JSON-LD in several forms, bare fragments, meta-only pages) so derivation is exercised on
// each path. Images are local files under web/public/blog so everything works offline. Dates are fixed.
import type { BlogAuthor, BlogPost } from '../../functions/src/model/blog';

/** A post as written: the derived fields (title, description, tags, read time) are added when it is stored. */
export type DemoBlogPost = Pick<BlogPost, 'id' | 'html_content' | 'coverImage' | 'author' | 'publishedAt'>;

/** The post whose body is a catalogue of XSS vectors; e2e tests open it and assert nothing runs. */
export const HOSTILE_POST_ID = 'hostile-html-test';

const AUTHORS = {
  maya: {
    name: 'Maya Chen',
    avatar: '/blog/avatars/maya-chen.svg',
    bio: 'Maya has tracked grocery and household prices for a decade and writes about the small habits that add up to real savings.',
  },
  daniel: {
    name: 'Daniel Okafor',
    avatar: '/blog/avatars/daniel-okafor.svg',
    bio: 'Daniel is a former retail buyer who now explains how pricing, promotions and loyalty schemes work from the inside.',
  },
  priya: {
    name: 'Priya Raman',
    avatar: '/blog/avatars/priya-raman.svg',
    bio: 'Priya writes about personal finance for students and young families, with a soft spot for spreadsheets.',
  },
  sam: {
    name: 'Sam Lindqvist',
    avatar: '/blog/avatars/sam-lindqvist.svg',
    bio: 'Sam covers travel and energy deals and tests every tip on his own bills before recommending it.',
  },
} satisfies Record<string, BlogAuthor>;

const cover = (name: string) => `/blog/covers/${name}.svg`;
const jsonLd = (value: unknown) =>
  `<script type="application/ld+json">${JSON.stringify(value, null, 2)}</script>`;
const page = (head: string, body: string) =>
  `<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n${head}\n</head>\n<body>\n${body}\n</body>\n</html>\n`;
const tags = (...labels: string[]) =>
  `<ul class="tags">${labels.map((label) => `<li class="tag">${label}</li>`).join('')}</ul>`;

export function demoBlogPosts(): DemoBlogPost[] {
  return [
    {
      id: 'the-30-day-rule',
      coverImage: cover('waiting-rule'),
      author: AUTHORS.maya,
      publishedAt: new Date('2025-06-12T09:00:00Z'),
      // JSON-LD: a single BlogPosting object.
      html_content: page(
        `<title>The 30-Day Rule | Bargains Blog</title>
${jsonLd({
  '@context': 'https://schema.org',
  '@type': 'BlogPosting',
  headline: 'The 30-Day Rule: How Waiting a Month Saves Hundreds',
  description:
    'Impulse purchases are the quiet budget killer. A simple waiting period turns most of them into savings.',
  datePublished: '2025-06-12',
  author: { '@type': 'Person', name: 'Maya Chen' },
})}`,
        `<article>
<h1>The 30-day rule</h1>
<p>Most of the money that leaks out of a household budget does not go on rent or groceries. It goes on things we wanted for about
fifteen minutes. The 30-day rule is the simplest defence we know: when you want something that is not a need, write it down
with today's date and the price, and wait thirty days before buying it.</p>
<h2>Why waiting works</h2>
<p>Wanting something is a feeling, and feelings fade. After a month, roughly half of the items on a typical list no longer seem
worth it. For the ones that survive, the wait gives you time to compare prices and catch a sale.</p>
<ul>
  <li>Keep the list somewhere you look every day: a phone note works.</li>
  <li>Write down the price <em>and</em> the store, so you can compare later.</li>
  <li>Set a price alert while you wait; a third of our list dropped in price within a month.</li>
</ul>
<blockquote><p>The best discount is the purchase you decide not to make.</p></blockquote>
<h2>What to do when the month is up</h2>
<p>If you still want it, buy it without guilt, ideally from the cheapest seller you found. If you do not, cross it off and move the
money into savings the same day. Seeing the balance grow is what makes the habit stick.</p>
<h2>Making the rule fit your budget</h2>
<p>Thirty days is a starting point, not a law. For small purchases under $20, a 48-hour pause catches most impulse buys. For
anything over $500, some readers wait ninety days and use the time to research second-hand and refurbished options as well.
Pick thresholds that feel slightly uncomfortable; if the rule never stops you buying anything, the thresholds are too high.</p>
<p>Couples and housemates can share one list. A shared list turns &ldquo;I want this&rdquo; into a conversation, and it avoids
two people buying the same gadget for the same kitchen. It also shows patterns: if the list is full of clothes every spring,
that is the season to look for an outlet sale rather than paying full price.</p>
<h2>What our readers saved</h2>
<p>We asked forty readers to keep a 30-day list for three months and report back. On average they wrote down 23 items worth a
total of $1,140. After the waiting period they bought 11 of them, and because they had time to compare prices, they paid
on average 12 percent less for the ones they did buy. The combined saving was a little over $650 per person, without giving up
anything they still wanted a month later.</p>
<p>The most common comment was not about money at all. Several readers said the list made shopping calmer: there was no need to
decide on the spot, because every want had a place to wait.</p>
</article>
${tags('Budgeting', 'Habits')}`,
      ),
    },
    {
      id: 'stacking-coupons-like-a-pro',
      coverImage: cover('coupon-stacking'),
      author: AUTHORS.daniel,
      publishedAt: new Date('2025-06-03T14:30:00Z'),
      // JSON-LD: a Yoast-style @graph with site-level nodes before the article.
      html_content: page(
        `<title>Stacking Coupons Like a Pro - Bargains</title>
<meta name="description" content="Not used: the JSON-LD description wins.">
${jsonLd({
  '@context': 'https://schema.org',
  '@graph': [
    {
      '@type': 'WebSite',
      '@id': 'https://bargains.example/#website',
      name: 'Bargains',
      description: 'Deals, coupons and savings',
    },
    { '@type': 'Organization', '@id': 'https://bargains.example/#org', name: 'Bargains' },
    {
      '@type': 'WebPage',
      '@id': 'https://bargains.example/blog/stacking-coupons-like-a-pro',
      name: 'Stacking coupons',
    },
    {
      '@type': 'Article',
      headline: 'Stacking Coupons Like a Pro: Manufacturer + Store + Cashback',
      description:
        'Three discounts can apply to the same purchase. Here is the order that gets you all of them.',
      isPartOf: { '@id': 'https://bargains.example/#website' },
    },
  ],
})}`,
        `<h1>Stacking coupons like a pro</h1>
<p>Most shoppers use one discount per purchase. Many stores allow three: a manufacturer coupon, a store coupon and a cashback
offer from a card or portal. Each comes out of a different budget, so using one does not cancel the others.</p>
<h2>An example basket</h2>
<table>
  <caption>Laundry detergent, 2.5 L, regular price $14.99</caption>
  <thead><tr><th scope="col">Discount</th><th scope="col">Source</th><th scope="col">Saving</th><th scope="col">Price after</th></tr></thead>
  <tbody>
    <tr><td>Manufacturer coupon</td><td>Brand website</td><td>$2.00</td><td>$12.99</td></tr>
    <tr><td>Store coupon</td><td>Store app</td><td>$1.50</td><td>$11.49</td></tr>
    <tr><td>Cashback</td><td>Card offer, 10%</td><td>$1.15</td><td>$10.34</td></tr>
  </tbody>
</table>
<p>That is a 31% saving on an item that was never &ldquo;on sale&rdquo;.</p>
<h2>The order matters</h2>
<ol>
  <li>Clip the store coupon in the app before you shop.</li>
  <li>Present the manufacturer coupon at the till; it is applied to the already reduced price.</li>
  <li>Pay with the card or through the portal that carries the cashback offer.</li>
</ol>
<p>Read the store's coupon policy once. A few stores limit stacking to one coupon per item, and it is better to know before you
reach the checkout.</p>
<p class="tags"><span class="tag">Coupons</span> <span class="tag">Cashback</span> <span class="tag">Groceries</span></p>`,
      ),
    },
    {
      id: 'unit-prices-explained',
      coverImage: cover('unit-prices'),
      author: AUTHORS.maya,
      publishedAt: new Date('2025-05-27T08:15:00Z'),
      // Meta description, no JSON-LD.
      html_content: page(
        `<title>Grocery unit prices</title>
<meta name="description" content="The small number on the shelf label tells you which pack is really cheaper. Here is how to read it.">`,
        `<main>
<h1>Grocery Unit Prices: The Number on the Shelf Label Nobody Reads</h1>
<p>Bigger packs are not always cheaper per kilogram, and &ldquo;2 for $5&rdquo; is not always a deal. The unit price on the shelf
label answers the question directly: how much you pay per 100 g, per litre or per item.</p>
<figure>
  <img src="/blog/images/shelf-label.svg" alt="A shelf label with the unit price printed in the corner" width="800" height="360">
  <figcaption>The unit price is usually the smaller figure in a corner of the label.</figcaption>
</figure>
<h2>Three checks in the aisle</h2>
<ul>
  <li>Compare the same unit: some labels use per 100 g, others per kg.</li>
  <li>Check the multi-buy price per unit, not the headline price.</li>
  <li>Look at the bottom shelf; store brands are often placed there.</li>
</ul>
<p>In our test basket of twenty staples, choosing by unit price instead of by pack price cut the bill by 14 percent without
changing a single product category.</p>
${tags('Groceries', 'Shopping tips')}
</main>`,
      ),
    },
    {
      id: 'price-tracking-alerts',
      coverImage: cover('price-alerts'),
      author: AUTHORS.daniel,
      publishedAt: new Date('2025-05-19T17:45:00Z'),
      // JSON-LD: a top-level array (BreadcrumbList first).
      html_content: page(
        `<title>Price-tracking alerts</title>
${jsonLd([
  {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: [
      { '@type': 'ListItem', position: 1, name: 'Blog', item: 'https://bargains.example/blog' },
    ],
  },
  {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: 'Price-Tracking Alerts: Set Them Once, Save All Year',
    description:
      'Prices of the same product can swing by 30% in a month. Alerts let you buy at the bottom without watching.',
  },
])}`,
        `<h1>Price-tracking alerts</h1>
<p>Online prices change constantly. The same blender can cost $89 on Monday and $64 on Thursday. Instead of checking every day,
let a tracker watch for you and notify you when the price crosses a threshold you choose.</p>
<figure>
  <img src="/blog/images/price-history-chart.svg" alt="A line chart of a product price falling over several weeks" width="800" height="400">
  <figcaption>A typical price history: the dip arrived six weeks after the first alert was set.</figcaption>
</figure>
<h2>Choosing the threshold</h2>
<p>Set the alert at the lowest price seen in the last three months, not at an arbitrary round number. If the tracker shows a
history, the rule of thumb is:</p>
<pre><code>alert_price = min(last_90_days) * 1.02  // within 2% of the recent low</code></pre>
<p>That catches genuine lows without firing on every small wobble.</p>
<h2>What to track</h2>
<ul>
  <li>Planned purchases over $50: appliances, electronics, furniture.</li>
  <li>Consumables you buy in bulk: coffee beans, detergent, pet food.</li>
  <li>Gifts, months in advance.</li>
</ul>
${tags('Price alerts', 'Electronics')}`,
      ),
    },
    {
      id: 'black-friday-myths',
      coverImage: cover('black-friday'),
      author: AUTHORS.sam,
      publishedAt: new Date('2025-05-08T10:00:00Z'),
      // Meta description; quotes and lists.
      html_content: page(
        `<title>Black Friday myths</title>
<meta name="description" content="Black Friday prices are often matched, or beaten, at other times of the year. What the price data shows.">`,
        `<h1>Black Friday Is Not Always the Cheapest Day</h1>
<p>We followed 120 popular products for a full year. Only 41 of them hit their lowest price of the year on Black Friday weekend.
The rest were as cheap, or cheaper, at some other point: spring clearances, back-to-school promotions, or simply random dips.</p>
<blockquote>
  <p>&ldquo;Doorbuster&rdquo; prices are real, but they apply to a short list of items in small quantities.</p>
  <footer>Daniel Okafor, former retail buyer</footer>
</blockquote>
<h2>When other days win</h2>
<ul>
  <li><strong>TVs:</strong> the weeks before major sporting events.</li>
  <li><strong>Laptops:</strong> back-to-school season, July and August.</li>
  <li><strong>Garden furniture:</strong> end of summer clearances.</li>
  <li><strong>Winter coats:</strong> January.</li>
</ul>
<p>Black Friday is still worth watching for a few categories, especially smart-home devices and gift sets. Just check the price
history before believing the &ldquo;was&rdquo; price.</p>
<div class="tag-list"><a class="tag" href="/blog?tag=seasonal">Seasonal</a><a class="tag" href="/blog?tag=electronics">Electronics</a></div>`,
      ),
    },
    {
      id: 'subscription-audit',
      coverImage: cover('subscription-audit'),
      author: AUTHORS.priya,
      publishedAt: new Date('2025-04-29T12:00:00Z'),
      // A bare fragment: only an h1 and paragraphs (description comes from the first paragraph).
      html_content: `<h1>Subscription Audit: Find the $40 a Month You Forgot About</h1>
<p>The average household we surveyed paid for 4.7 subscriptions and could name only 3.1 of them. Forgotten trials, an old cloud
storage plan, a streaming service nobody has opened since spring: each costs little, together they cost a lot.</p>
<p>Set aside twenty minutes. Open your last three bank and card statements and list every recurring charge, however small. For
each one, write down the last time you actually used it.</p>
<p>Anything unused for a month goes. Anything used rarely is a candidate for a cheaper tier or for sharing with family, where the
terms allow it. Annual plans are cheaper per month, but only for services you are certain to keep.</p>
<p>Finally, put a reminder in your calendar for the same time next quarter. Subscriptions creep back; a regular audit keeps the
savings.</p>`,
    },
    {
      id: 'refurbished-vs-new',
      coverImage: cover('refurbished'),
      author: AUTHORS.sam,
      publishedAt: new Date('2025-04-17T15:20:00Z'),
      // Several h1 elements (the article's, then one in a related-posts aside) and entity-encoded text.
      html_content: page(
        `<title>Refurbished vs new</title>`,
        `<article>
<h1>Refurbished vs New: Where the Real Discount Is</h1>
<p>Manufacturer-refurbished electronics typically cost 15&ndash;30% less than new and come with the same warranty. Third-party
&ldquo;renewed&rdquo; listings can be cheaper still, but the grading varies from seller to seller.</p>
<h2>What the grades mean</h2>
<table>
  <thead><tr><th>Grade</th><th>Condition</th><th>Typical discount</th></tr></thead>
  <tbody>
    <tr><td>Certified / Grade A</td><td>No visible wear, new battery or tested &gt; 85% capacity</td><td>15&ndash;20%</td></tr>
    <tr><td>Grade B</td><td>Light scratches</td><td>20&ndash;30%</td></tr>
    <tr><td>Grade C</td><td>Visible wear, fully working</td><td>30&ndash;45%</td></tr>
  </tbody>
</table>
<p>For phones and laptops, the battery is the part that matters most. Ask for its health figure &amp; the return window before
you pay.</p>
</article>
<aside><h1>Related&nbsp;reading</h1><p><a href="/blog/price-tracking-alerts">Price-tracking alerts</a></p></aside>
<footer>${tags('Electronics', 'Refurbished')}</footer>`,
      ),
    },
    {
      id: 'cashback-portals-explained',
      coverImage: cover('cashback-portals'),
      author: AUTHORS.daniel,
      publishedAt: new Date('2025-04-02T09:30:00Z'),
      // JSON-LD with entity-encoded strings (seen in the wild from CMS templates) plus a meta description.
      html_content: page(
        `<title>Cashback portals explained</title>
<meta name="description" content="How cashback portals earn money, and how to get your share.">
<script type="application/ld+json">{"@context":"https://schema.org","@type":"BlogPosting","headline":"Cashback Portals Explained: Who Pays You &amp; Why","description":"Retailers pay portals a commission for each sale; portals pass part of it on to you. Here&#39;s how to collect it."}</script>`,
        `<h1>Cashback portals explained</h1>
<p>A cashback portal is an affiliate website that shares its commission with you. When you click through to a retailer and buy,
the retailer pays the portal a percentage; the portal pays part of it back to your account.</p>
<h2>Getting paid reliably</h2>
<ol>
  <li>Start every purchase from the portal, in a fresh browser tab.</li>
  <li>Do not use a coupon code the portal did not list; unlisted codes often void the cashback.</li>
  <li>Screenshot the order confirmation. Missing cashback claims need it.</li>
</ol>
<p>Payouts usually take 30 to 90 days, because retailers wait for the return window to close.</p>
${tags('Cashback', 'Online shopping')}`,
      ),
    },
    {
      id: 'meal-planning-on-a-budget',
      coverImage: cover('meal-planning'),
      author: AUTHORS.priya,
      publishedAt: new Date('2025-03-21T11:00:00Z'),
      html_content: page(
        `<title>Meal planning on $50 a week</title>
<meta name="description" content="A repeatable weekly plan that feeds two people on fifty dollars, with a shopping list.">`,
        `<h1>Meal Planning on $50 a Week</h1>
<p>Food waste is the biggest hidden grocery cost. Planning meals around a short list of ingredients that appear in several
dishes means less goes in the bin and more stays in your pocket.</p>
<figure>
  <img src="/blog/images/shopping-basket.svg" alt="A shopping basket with fruit" width="800" height="450">
</figure>
<h2>The core list</h2>
<ul>
  <li>Rice, pasta and oats</li>
  <li>Dried lentils and canned beans</li>
  <li>Eggs, yogurt and a block of cheese</li>
  <li>Onions, carrots, cabbage and seasonal fruit</li>
  <li>One family pack of chicken thighs, portioned and frozen</li>
</ul>
<h2>A sample week</h2>
<ol>
  <li>Monday: lentil soup with bread</li>
  <li>Tuesday: chicken and vegetable rice</li>
  <li>Wednesday: pasta with tomato and beans</li>
  <li>Thursday: omelette and cabbage slaw</li>
  <li>Friday: leftovers night</li>
</ol>
<p>Cook double portions twice a week and freeze the extra. After a month you will have a freezer of ready meals that cost less
than any takeaway.</p>
<h2>Shopping the list</h2>
<p>Shop once a week, with the list, after a meal. Hungry shoppers buy more snacks and ready meals, and every extra trip to the
shop is another chance to pick up something that was not planned. If a staple is on a deep discount, buy enough for a month
and adjust the next week's plan to use it.</p>
<p>Check the reduced-price shelf first. Bread, vegetables and meat near their date are often marked down by half in the
evening; most of them freeze well. Plan one flexible &ldquo;whatever was reduced&rdquo; meal into every week so those bargains
have somewhere to go.</p>
<h2>Keeping it interesting</h2>
<p>The same five dinners every week gets old quickly. Rotate spices and sauces rather than ingredients: the chicken and rice
can be a curry one week, a stir fry the next and a lemon and herb tray bake after that. A jar of curry paste, a bottle of soy
sauce and a tin of smoked paprika cost little and last for months.</p>
<p>Keep a simple record of what you spent each week. After a month you will know which meals give the most for the money, and
you can build the next plan around those.</p>
${tags('Groceries', 'Meal planning', 'Budgeting')}`,
      ),
    },
    {
      id: 'reading-was-now-prices',
      coverImage: cover('was-now'),
      author: AUTHORS.maya,
      publishedAt: new Date('2025-03-07T16:10:00Z'),
      // Broken JSON-LD (a trailing comma): derivation must fall back to the first h1 and the meta description.
      html_content: page(
        `<title>Was/now prices</title>
<meta name="description" content="A &quot;was&quot; price is only meaningful if the item really sold at it. How to tell.">
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Article","headline":"Broken JSON-LD never wins",}</script>`,
        `<h1>How to Read a &ldquo;Was/Now&rdquo; Price Tag</h1>
<p>Reference prices are regulated in many places, but the rules are loose. A product may only need to have been offered at the
&ldquo;was&rdquo; price for a few weeks, in a few stores, for the comparison to be legal.</p>
<h2>Questions to ask</h2>
<ul>
  <li>When was the item last sold at the higher price?</li>
  <li>Is the &ldquo;now&rdquo; price lower than at other retailers today?</li>
  <li>Has the &ldquo;sale&rdquo; been running for months?</li>
</ul>
<p>A price-history tool answers all three in seconds. If the &ldquo;now&rdquo; price is the usual price, the discount is marketing,
not a saving.</p>
<p><span class="tag">Shopping tips</span> <span class="tag">Consumer rights</span></p>`,
      ),
    },
    {
      id: 'student-discounts',
      coverImage: cover('student-discounts'),
      author: AUTHORS.priya,
      publishedAt: new Date('2025-02-20T13:00:00Z'),
      // Only an h1, paragraphs and a table; no metadata.
      html_content: `<h1>Student Discounts You Are Probably Not Using</h1>
<p>Student discounts go well beyond software. Verification services have made them easy to offer, and many retailers now give
10 to 20 percent off to anyone with a valid student email address.</p>
<table>
  <thead><tr><th>Category</th><th>Typical discount</th><th>How to verify</th></tr></thead>
  <tbody>
    <tr><td>Software and cloud storage</td><td>50&ndash;100%</td><td>Student email</td></tr>
    <tr><td>Clothing and shoes</td><td>10&ndash;20%</td><td>Verification service</td></tr>
    <tr><td>Rail and coach travel</td><td>25&ndash;33%</td><td>Railcard or student ID</td></tr>
    <tr><td>Music streaming</td><td>About 50%</td><td>Verification service</td></tr>
  </tbody>
</table>
<p>Always ask in person as well: many independent shops, cinemas and museums have a student price they do not advertise.</p>
<p>Graduating soon? Some verification services keep you eligible for a year after your course ends.</p>`,
    },
    {
      id: 'flexible-dates-travel',
      coverImage: cover('flexible-travel'),
      author: AUTHORS.sam,
      publishedAt: new Date('2025-02-06T07:40:00Z'),
      // JSON-LD: WebPage whose mainEntity is the article (nested node).
      html_content: page(
        `<title>Flexible dates beat promo codes</title>
${jsonLd({
  '@context': 'https://schema.org',
  '@type': 'WebPage',
  name: 'Flexible dates',
  description: 'Travel guide page',
  mainEntity: {
    '@type': 'BlogPosting',
    headline: 'Travel Deals: Flexible Dates Beat Promo Codes',
    description:
      'Moving a trip by two days often saves more than any voucher. How to search for the cheap days.',
  },
})}`,
        `<h1>Flexible dates beat promo codes</h1>
<p>Airline and hotel prices follow demand. A Tuesday-to-Friday trip is often a third cheaper than the same trip over a weekend,
and no promo code comes close to that.</p>
<h2>How to search</h2>
<ul>
  <li>Use the calendar or &ldquo;whole month&rdquo; view that most flight search sites offer.</li>
  <li>Check nearby airports; the saving can pay for the train to get there.</li>
  <li>Book hotels with free cancellation, then re-check the price a week before.</li>
</ul>
<p>Compare the total price, including bags and seat selection: the fee for a checked bag is often
<code>$35&ndash;$60</code> each way on budget airlines.</p>
${tags('Travel', 'Flights')}`,
      ),
    },
    {
      id: 'energy-bill-savings',
      coverImage: cover('energy-bills'),
      author: AUTHORS.sam,
      publishedAt: new Date('2025-01-24T10:25:00Z'),
      html_content: page(
        `<title>Energy bills</title>
<meta name="description" content="Which small changes measurably lower an energy bill, with the numbers from a year of meter readings.">`,
        `<h1>Energy Bills: Small Changes, Measurable Savings</h1>
<p>We read our meter every evening for a year while changing one habit at a time. Some popular tips made no measurable
difference. These did.</p>
<table>
  <caption>Estimated yearly saving, two-person flat</caption>
  <thead><tr><th>Change</th><th>kWh saved</th><th>Saving at $0.25/kWh</th></tr></thead>
  <tbody>
    <tr><td>Washing at 30&nbsp;&deg;C instead of 40&nbsp;&deg;C</td><td>90</td><td>$22.50</td></tr>
    <tr><td>Switching standby devices off at the wall</td><td>140</td><td>$35.00</td></tr>
    <tr><td>Lowering the thermostat by 1&nbsp;&deg;C</td><td>600</td><td>$150.00</td></tr>
    <tr><td>LED bulbs in the five most-used lights</td><td>120</td><td>$30.00</td></tr>
  </tbody>
</table>
<blockquote><p>Measure first. The changes worth making are the ones your own meter can see.</p></blockquote>
<p>Also compare tariffs once a year; staying on a default tariff is often the most expensive choice of all.</p>
<h2>Tips that made no difference</h2>
<p>Not every popular tip showed up on the meter. Unplugging phone chargers without a phone attached saved so little that it was
lost in the day-to-day noise. Boiling only the water you need in the kettle helped a little, but much less than the
thermostat change. Running the dishwasher at night only saves money if your tariff has cheaper night-time rates.</p>
<p>The lesson is to start with heating and hot water, which are by far the largest part of most bills, and to treat small
electrical habits as a bonus rather than the main plan.</p>
${tags('Energy', 'Home')}`,
      ),
    },
    {
      id: 'loyalty-points-worth-it',
      coverImage: cover('loyalty-points'),
      author: AUTHORS.daniel,
      publishedAt: new Date('2025-01-10T18:00:00Z'),
      html_content: page(
        `<title>Loyalty points</title>
${jsonLd({
  '@context': 'https://schema.org',
  '@type': 'BlogPosting',
  headline: 'Loyalty Programs: When Points Are Actually Worth It',
  description:
    'Points are a discount paid later, sometimes much later. How to value them and when to walk away.',
})}`,
        `<h1>Loyalty programs</h1>
<p>A loyalty point is a discount you receive later, in a currency the store controls. To compare programs, convert points to
cents: divide the cash value of a reward by the points it costs.</p>
<pre><code>value_per_point = reward_cash_value / points_required
effective_discount = points_per_dollar * value_per_point</code></pre>
<p>A program that gives 2 points per dollar, where 500 points buy a $5 voucher, is worth 1 cent per point, or a 2% discount.
That is good, but only if the store's prices are competitive to begin with.</p>
<blockquote><p>Never pay more to earn points. A 2% reward does not rescue a 10% higher price.</p></blockquote>
<h2>Signs a program is worth joining</h2>
<ul>
  <li>Points do not expire, or expire only after long inactivity.</li>
  <li>Personalised offers on things you already buy.</li>
  <li>Members-only prices that you can see before joining.</li>
</ul>
${tags('Loyalty programs', 'Cashback')}`,
      ),
    },
    {
      id: HOSTILE_POST_ID,
      coverImage: cover('hostile-html'),
      author: AUTHORS.maya,
      // Oldest post: it sits at the end of the list.
      publishedAt: new Date('2024-12-01T12:00:00Z'),
      html_content: hostileHtml(),
    },
  ];
}

/**
 * A post whose body is hostile on purpose. Each vector would set window.__blogXss or open a dialog if it ran;
 * e2e tests render it in Chromium and assert neither happens. The readable text proves the safe parts remain.
 */
function hostileHtml(): string {
  return page(
    `<title>Hostile HTML</title>
<meta name="description" content="A post whose HTML tries every common XSS trick. It should render as plain, harmless content.">
<meta http-equiv="refresh" content="0;url=javascript:alert('meta-refresh')">
<script>window.__blogXss = 'head script'; alert('head script');</script>`,
    `<h1>Hostile HTML test post</h1>
<p id="hostile-intro">This post is written to test the sanitizer. Everything below tries to run code; none of it should.</p>
<script>window.__blogXss = 'script tag'; alert('script tag');</script>
<SCRIPT SRC="https://evil.example/x.js"></SCRIPT>
<img src="/blog/images/does-not-exist.png" onerror="window.__blogXss = 'img onerror'; alert('img onerror')" alt="broken image" width="10" height="10">
<img src=x ONERROR=alert('uppercase-onerror') width="10" height="10">
<svg onload="window.__blogXss = 'svg onload'; alert('svg onload')"><circle r="5"></circle></svg>
<svg><script>alert('svg script')</script></svg>
<math><mtext><table><mglyph><style><img src=x onerror="alert('mathml mxss')"></style></mglyph></table></mtext></math>
<noscript><p title="</noscript><img src=x onerror=alert('noscript-mxss')>"></p></noscript>
<p><a id="hostile-js-link" href="javascript:window.__blogXss = 'javascript link'; alert('javascript link')">A javascript: link</a></p>
<p><a id="hostile-entity-link" href="&#106;avascript:alert('entity link')">An entity-encoded javascript: link</a></p>
<p><a id="hostile-data-link" href="data:text/html;base64,PHNjcmlwdD5hbGVydCgnZGF0YScpPC9zY3JpcHQ+">A data: link</a></p>
<p><a id="hostile-handler-link" href="#" onclick="alert('onclick')" onmouseover="alert('onmouseover')">A link with handlers</a></p>
<iframe src="javascript:alert('iframe')"></iframe>
<iframe srcdoc="<script>parent.alert('srcdoc')</script>"></iframe>
<object data="javascript:alert('object')"></object>
<embed src="javascript:alert('embed')">
<form action="javascript:alert('form')"><input autofocus onfocus="alert('autofocus')"><button formaction="javascript:alert('formaction')">Submit</button></form>
<details open ontoggle="alert('ontoggle')"><summary>Details with ontoggle</summary><p>Inside details.</p></details>
<div style="position:fixed;inset:0;z-index:9999;background:red">Overlay attempt</div>
<style>body { display: none !important; }</style>
<base href="javascript:alert('base')//">
<p>Malformed <b><i>nesting</p></b><img src=x onerror=alert('malformed')//<p>
<p id="hostile-outro">If you can read this sentence, the safe content survived.</p>
${tags('Security', 'Test')}`,
  );
}
