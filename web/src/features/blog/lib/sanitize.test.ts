import { executableMarkupIn } from '../../../../../tests/support/executable-markup';
import { sanitizeBlogFragment } from './sanitize';

/** Inserts the sanitized nodes the way the page does, so assertions see the DOM a reader gets. */
function render(html: string): HTMLElement {
  const container = document.createElement('div');
  container.append(sanitizeBlogFragment(html));
  return container;
}

const XSS_VECTORS: Array<[string, string]> = [
  ['script tag', '<p>hi</p><script>window.__xss = 1</script>'],
  ['uppercase external script', '<SCRIPT SRC=//evil.example/x.js></SCRIPT>'],
  ['img onerror', '<img src=x onerror="window.__xss = 1">'],
  ['uppercase event handler', '<IMG SRC="x" ONERROR="window.__xss = 1">'],
  ['handler on a kept element', '<a href="#" onclick="window.__xss = 1" onmouseover=alert(1)>link</a>'],
  ['details ontoggle', '<details open ontoggle="window.__xss = 1"><summary>s</summary></details>'],
  ['body onload', '<body onload="window.__xss = 1"><p>x</p></body>'],
  ['javascript: link', '<a href="javascript:window.__xss = 1">x</a>'],
  ['mixed-case javascript:', '<a href="JaVaScRiPt:alert(1)">x</a>'],
  ['entity-encoded javascript:', '<a href="&#106;&#97;vascript:alert(1)">x</a>'],
  ['tab inside javascript:', '<a href="java&#x09;script:alert(1)">x</a>'],
  ['leading space javascript:', '<a href="  javascript:alert(1)">x</a>'],
  ['vbscript: link', '<a href="vbscript:msgbox(1)">x</a>'],
  ['data:text/html link', '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>'],
  ['data: SVG image', '<img src="data:image/svg+xml,&lt;svg onload=alert(1)&gt;">'],
  ['data: on video poster', '<video poster="data:text/html,x" src="/v.mp4"></video>'],
  ['iframe javascript:', '<iframe src="javascript:alert(1)"></iframe>'],
  ['iframe srcdoc', '<iframe srcdoc="<script>alert(1)</script>"></iframe>'],
  ['object', '<object data="javascript:alert(1)"></object>'],
  ['embed', '<embed src="javascript:alert(1)">'],
  ['form with action', '<form action="javascript:alert(1)"><input name="q"><button>Go</button></form>'],
  ['button formaction', '<button formaction="javascript:alert(1)">x</button>'],
  ['autofocus onfocus', '<input autofocus onfocus="alert(1)">'],
  ['svg onload', '<svg onload="alert(1)"><circle r="5"/></svg>'],
  ['svg script', '<svg><script>alert(1)</script></svg>'],
  [
    'svg animate href',
    '<svg><a><animate attributeName="href" values="javascript:alert(1)"/><text>x</text></a></svg>',
  ],
  ['svg use data:', '<svg><use href="data:image/svg+xml,<svg id=x onload=alert(1)>#x"/></svg>'],
  ['mathml href', '<math><mtext><a href="javascript:alert(1)">x</a></mtext></math>'],
  [
    'mathml mglyph mXSS',
    '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table>',
  ],
  ['noscript mXSS', '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>'],
  ['style tag', '<style>@import "javascript:alert(1)"; body{display:none}</style><p>x</p>'],
  ['inline style', '<div style="position:fixed;inset:0;background:url(javascript:alert(1))">overlay</div>'],
  ['meta refresh', '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">'],
  ['base href', '<base href="javascript:alert(1)//"><a href="x">x</a>'],
  ['template', '<template><script>alert(1)</script></template>'],
  ['malformed nesting', '<p>unclosed <b><i>nest</p></b><img src=x onerror=alert(1)//<p>'],
  ['broken attribute quoting', '<img """><script>alert(1)</script>">'],
  ['comment breakout', '<!--<img src="--><img src=x onerror=alert(1)//">'],
  ['title rawtext breakout', '<title><img src=x onerror=alert(1)></title>'],
  ['nested script split', '<scr<script>ipt>alert(1)</scr</script>ipt>'],
];

describe('sanitizeBlogFragment: XSS vectors', () => {
  it.each(XSS_VECTORS)('neutralises %s', (_name, vector) => {
    expect(executableMarkupIn(render(vector))).toEqual([]);
  });

  it('the check itself flags every vector when nothing is sanitized', () => {
    // Guards the guard: if executableMarkupIn missed these, the test above would pass vacuously.
    const unsanitized = document.createElement('div');
    // Inert when a browser parses them as a <div>'s content; they target naive filters or whole-document parsing.
    const inertAsFragment = new Set(['title rawtext breakout', 'body onload', 'nested script split']);
    const vectorsWithMarkupDanger = XSS_VECTORS.filter(([name]) => !inertAsFragment.has(name));
    for (const [name, vector] of vectorsWithMarkupDanger) {
      unsanitized.innerHTML = vector;
      expect([name, executableMarkupIn(unsanitized).length > 0]).toEqual([name, true]);
    }
  });

  it('keeps the readable text around removed elements', () => {
    expect(render('<p>Before<script>alert(1)</script> after</p>').textContent).toBe('Before after');
  });
});

describe('sanitizeBlogFragment: content that must survive', () => {
  const article = `
    <h2 id="s1">Section</h2><h3>Sub</h3>
    <p>Text with <strong>bold</strong>, <em>italic</em>, <code>inline code</code> and <a href="/blog/other">a link</a>.</p>
    <ul><li>one</li></ul><ol><li>two</li></ol>
    <blockquote cite="https://example.com/q"><p>A quote</p></blockquote>
    <pre><code class="language-js">const saved = price * 0.2;</code></pre>
    <table><caption>Prices</caption><thead><tr><th scope="col">Store</th></tr></thead><tbody><tr><td colspan="1">A</td></tr></tbody></table>
    <figure><img src="/blog/images/cart.svg" alt="A cart" width="640" height="360"><figcaption>Cart</figcaption></figure>`;

  it('keeps headings, paragraphs, inline markup, lists, quotes, code, tables and figures', () => {
    const container = render(article);
    for (const selector of [
      'h2#s1',
      'h3',
      'p strong',
      'p em',
      'p code',
      'a[href="/blog/other"]',
      'ul li',
      'ol li',
      'blockquote[cite="https://example.com/q"] p',
      'pre code.language-js',
      'table caption',
      'th[scope="col"]',
      'td[colspan="1"]',
      'figure figcaption',
      'img[src="/blog/images/cart.svg"][alt="A cart"][width="640"][height="360"]',
    ])
      // prettier-ignore
      expect([selector, container.querySelector(selector) !== null]).toEqual([selector, true]);
    expect(container.querySelector('pre code')?.textContent).toBe('const saved = price * 0.2;');
  });

  it('opens external links in a new tab without an opener or referrer', () => {
    const link = render('<a href="https://shop.example.com/deal">deal</a>').querySelector('a');
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link?.getAttribute('target')).toBe('_blank');
  });

  it('treats protocol-relative links as external and replaces an author-supplied rel', () => {
    const link = render('<a href="//evil.example/x" rel="opener" target="_self">x</a>').querySelector('a');
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link?.getAttribute('target')).toBe('_blank');
  });

  it('leaves same-site links in the same tab', () => {
    const container = render(
      `<a href="/pricing" target="_blank">p</a><a href="${window.location.origin}/blog">b</a><a href="#s1">s</a>`,
    );
    for (const link of container.querySelectorAll('a')) {
      expect(link.hasAttribute('target')).toBe(false);
      expect(link.hasAttribute('rel')).toBe(false);
    }
  });

  it('keeps mailto links and raster data: images, lazy-loads images', () => {
    const png =
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
    const container = render(`<a href="mailto:deals@example.com">mail</a><img src="${png}" alt="dot">`);
    expect(container.querySelector('a')?.getAttribute('href')).toBe('mailto:deals@example.com');
    const image = container.querySelector('img');
    expect(image?.getAttribute('src')).toBe(png);
    expect(image?.getAttribute('loading')).toBe('lazy');
    expect(image?.getAttribute('decoding')).toBe('async');
  });
});
