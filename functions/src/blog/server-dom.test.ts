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
