import { prepareBlogBody } from './body';

function render(html: string): HTMLElement {
  const container = document.createElement('div');
  container.append(prepareBlogBody(html));
  return container;
}

describe('prepareBlogBody', () => {
  it('drops a heading that opens the body (the page shows the title) and its emptied wrapper', () => {
    const container = render('<header><h1>Title</h1></header><p>First paragraph.</p>');
    expect(container.querySelector('h1')).toBeNull();
    expect(container.querySelector('header')).toBeNull();
    expect(container.textContent).toBe('First paragraph.');
  });

  it('keeps a first h1 that comes after text, demoted to h2 with its attributes', () => {
    const container = render('<p>Intro.</p><h1 id="later" class="x">Later <em>heading</em></h1>');
    const heading = container.querySelector('h2#later.x');
    expect(heading?.innerHTML).toBe('Later <em>heading</em>');
    expect(container.querySelector('h1')).toBeNull();
  });

  it('keeps a heading that follows an image', () => {
    const container = render('<img src="/a.png" alt="a"><h1>After image</h1>');
    expect(container.querySelector('h2')?.textContent).toBe('After image');
  });

  it('demotes every remaining h1 and leaves the rest of the document alone', () => {
    const container = render('<article><h1>Lead</h1><p>Text</p><aside><h1>Related</h1></aside></article>');
    expect(Array.from(container.querySelectorAll('h2')).map((h) => h.textContent)).toEqual(['Related']);
    expect(container.querySelector('article > p')?.textContent).toBe('Text');
  });

  it('wraps each table in a scrolling container', () => {
    const container = render('<p>x</p><table><tr><td>1</td></tr></table>');
    expect(container.querySelector('div.blog-table-scroll > table td')?.textContent).toBe('1');
  });

  it('still sanitizes: no scripts or handlers survive', () => {
    const container = render(
      '<h1 onclick="alert(1)">T</h1><p onmouseover="alert(1)">x<script>alert(1)</script></p>',
    );
    expect(container.innerHTML).toBe('<p>x</p>');
  });
});
