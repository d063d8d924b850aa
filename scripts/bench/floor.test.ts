import { floorFile, stripScripts } from './floor';

describe('stripScripts', () => {
  it('removes every script element and script preload, and keeps the rest of the page as it was', () => {
    const html = [
      '<!doctype html><html><head>',
      '<link rel="modulepreload" crossorigin href="/assets/auth.js">',
      '<link rel="preload" as="script" href="/assets/a.js">',
      "<link rel=preload as=worker href='/assets/w.js'>",
      '<link rel="stylesheet" crossorigin href="/assets/index.css">',
      '<link rel="preload" as="image" href="/cover.webp" fetchpriority="high">',
      '<script type="module" crossorigin src="/assets/boot.js"></script>',
      '<SCRIPT async src="/assets/prefetch.js"></SCRIPT >',
      '</head><body><div id="root"><h1>Deals</h1></div>',
      '<script type="application/json" id="island">{"a":"</div>"}</script>',
      '<script>\nwindow.x = 1;\n</script></body></html>',
    ].join('');
    expect(stripScripts(html)).toBe(
      [
        '<!doctype html><html><head>',
        '<link rel="stylesheet" crossorigin href="/assets/index.css">',
        '<link rel="preload" as="image" href="/cover.webp" fetchpriority="high">',
        '</head><body><div id="root"><h1>Deals</h1></div>',
        '</body></html>',
      ].join(''),
    );
  });

  it('leaves a page without scripts unchanged', () => {
    const html = '<html><head><link rel="icon" href="/favicon.svg"></head><body><p>Hi</p></body></html>';
    expect(stripScripts(html)).toBe(html);
  });
});

describe('floorFile', () => {
  it('names one file per route under /__floor, served at its clean URL', () => {
    expect(floorFile('/')).toEqual({ file: '__floor/home.html', path: '/__floor/home' });
    expect(floorFile('/blog/{post}')).toEqual({ file: '__floor/blog_post.html', path: '/__floor/blog_post' });
    expect(floorFile('/dashboard')).toEqual({ file: '__floor/dashboard.html', path: '/__floor/dashboard' });
  });
});
