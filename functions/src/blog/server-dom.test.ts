import { JSDOM } from 'jsdom';
import { demoBlogPosts, HOSTILE_POST_ID } from '../../../tools/blog/demo-posts';
import { executableMarkupIn } from '../../../tests/support/executable-markup';
import { serverBlogHtml } from './server-dom';

const ORIGIN = 'https://bargains.example';

const VECTORS = [
  '<img src=x onerror=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<math><mi><mglyph><style><img src=x onerror=alert(1)></style></mglyph></mi></math>',
  '<a href="jav&#x09;ascript:alert(1)">x</a>',
  '<a href=" javascript:alert(1)">x</a>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<form action="javascript:alert(1)"><button>x</button></form>',
  '<p style="position:fixed;inset:0">overlay</p>',
  '<img src="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=">',
  '<a href="data:text/html,<script>alert(1)</script>">x</a>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '<template><script>alert(1)</script></template>',
  '<object data="javascript:alert(1)"></object><embed src="javascript:alert(1)">',
  '<base href="javascript:alert(1)//"><meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '</div><script>alert(1)</script>',
  '<div onmouseover="alert(1)" data-x="1">hover</div>',
];

/** Parses the server's markup the way a browser parses the page. */
function parsed(markup: string): HTMLElement {
  const { document } = new JSDOM(`<!doctype html><body><div id="body">${markup}</div>`).window;
  const body = document.getElementById('body');
  if (!body) throw new Error('body lost: the markup closed its container');
  return body;
}

describe('serverBlogHtml', () => {
  it.each(VECTORS)('leaves nothing executable of %s', async (vector) => {
    const server = await serverBlogHtml(ORIGIN);
    expect(executableMarkupIn(parsed(server.prepareBody(`<p>before</p>${vector}<p>after</p>`)))).toEqual([]);
    expect(executableMarkupIn(parsed(server.sanitize(vector)))).toEqual([]);
  });

  it('leaves nothing executable of the hostile demo post and keeps its text', async () => {
    const server = await serverBlogHtml(ORIGIN);
    const hostile = demoBlogPosts().find((post) => post.id === HOSTILE_POST_ID);
    if (!hostile) throw new Error('hostile demo post missing');
    const body = parsed(server.prepareBody(hostile.html_content));
    expect(executableMarkupIn(body)).toEqual([]);
    expect((body.textContent ?? '').trim().length).toBeGreaterThan(20);
  });

  it('keeps images and media from the site only: the CSP allows no other host, and no reader is tracked', async () => {
    const server = await serverBlogHtml(ORIGIN);
    const body = parsed(
      server.sanitize(
        [
          '<img id="site" src="/blog/images/a.svg" srcset="/blog/images/a.svg 1x, /blog/images/a2.svg 2x">',
          `<img id="absolute-site" src="${ORIGIN}/blog/images/b.svg">`,
          '<img id="relative" src="c.svg">',
          '<img id="data" src="data:image/png;base64,AAAA">',
          '<img id="https" alt="A chart" src="https://cdn.example/a.png">',
          '<img id="protocol-relative" src="//cdn.example/a.png">',
          '<img id="backslash" src="/\\cdn.example/a.png">',
          '<img id="mixed-srcset" src="/ok.svg" srcset="/ok.svg 1x, https://cdn.example/a.png 2x">',
          '<video id="poster" poster="https://cdn.example/p.jpg" src="https://cdn.example/v.mp4"></video>',
          '<a id="link" href="https://elsewhere.example/">a link loads nothing</a>',
        ].join(''),
      ),
    );
    const attribute = (id: string, name: string) => body.querySelector(`#${id}`)?.getAttribute(name) ?? null;
    expect(attribute('site', 'src')).toBe('/blog/images/a.svg');
    expect(attribute('site', 'srcset')).toBe('/blog/images/a.svg 1x, /blog/images/a2.svg 2x');
    expect(attribute('absolute-site', 'src')).toBe(`${ORIGIN}/blog/images/b.svg`);
    expect(attribute('relative', 'src')).toBe('c.svg');
    expect(attribute('data', 'src')).toBe('data:image/png;base64,AAAA');
    for (const id of ['https', 'protocol-relative', 'backslash'])
      expect([id, attribute(id, 'src')]).toEqual([id, null]);
    expect(attribute('https', 'alt')).toBe('A chart');
    expect(attribute('mixed-srcset', 'src')).toBe('/ok.svg');
    expect(attribute('mixed-srcset', 'srcset')).toBeNull();
    expect(attribute('poster', 'poster')).toBeNull();
    expect(attribute('poster', 'src')).toBeNull();
    expect(attribute('link', 'href')).toBe('https://elsewhere.example/');
  });

  it('tidies like the app: no leading h1, other h1s demoted, tables wrapped, external links hardened', async () => {
    const server = await serverBlogHtml(ORIGIN);
    const body = parsed(
      server.prepareBody(
        '<h1>Title</h1><p>Text <a href="https://elsewhere.example/x" target="_self">out</a> <a href="/pricing" target="_blank">in</a></p><h1>Later</h1><table><tr><td>1</td></tr></table>',
      ),
    );
    expect(body.querySelector('h1')).toBeNull();
    expect(body.querySelector('h2')?.textContent).toBe('Later');
    expect(body.querySelector('.blog-table-scroll > table')).not.toBeNull();
    const [external, internal] = Array.from(body.querySelectorAll('a'));
    expect(external?.getAttribute('target')).toBe('_blank');
    expect(external?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(internal?.hasAttribute('target')).toBe(false);
  });
});
