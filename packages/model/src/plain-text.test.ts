import { parse } from 'parse5';
import { collapseWhitespace, htmlToPlainText, visibleText } from './plain-text';

describe('htmlToPlainText', () => {
  it.each([
    ['drops tags and keeps their words', '<b>Big</b> <i>deal</i>', 'Big deal'],
    [
      'decodes named, decimal and hex character references',
      'Caf&eacute; &amp; Bar &#8211; 50&#x25; off',
      'Café & Bar – 50% off',
    ],
    ['turns a line break into a space', 'Fish &amp; chips<br>today', 'Fish & chips today'],
    [
      'separates adjacent blocks',
      '<p>one</p><p>two</p><div>three</div><li>four</li><h2>five</h2>',
      'one two three four five',
    ],
    ['separates table cells', '<table><tr><td>a</td><td>b</td></tr></table>', 'a b'],
    ['does not split a word at inline markup', 'Cash<b>back</b> <a href="/x">deals</a>', 'Cashback deals'],
    [
      'drops scripts, styles, templates and comments',
      'A<script>alert(1)</script><style>b{}</style><template>t</template><!-- x -->B',
      'AB',
    ],
    [
      'drops raw text of noscript, iframe and svg',
      'A<noscript>n</noscript> <iframe>i</iframe> <svg><text>s</text></svg>B',
      'A B',
    ],
    ['drops a title element', '<title>Tab title</title>Body', 'Body'],
    [
      'keeps nothing of an image (alt text is not text content)',
      '<img src=x onerror=alert(1)>Click',
      'Click',
    ],
    [
      'collapses whitespace, control characters and zero-width spaces',
      '  a\t\r\n b\u0000c\u200b  d\ufeff ',
      'a b c d',
    ],
    ['leaves plain text as it is', 'Already plain: 20% off', 'Already plain: 20% off'],
    ['is empty for markup only', '<img src="x"><br>', ''],
  ])('%s', (_name, html, expected) => {
    expect(htmlToPlainText(html)).toBe(expected);
  });

  it('never lets markup through: escaped tags in a meta description come out as words only', () => {
    // The value of <meta name="description" content="…"> after the attribute's own references are decoded.
    const content = 'Save <img src=x onerror=alert(1)><b>big</b> today';
    expect(htmlToPlainText(content)).toBe('Save big today');
    expect(htmlToPlainText('<img src=x>')).toBe('');
  });

  it('walks deeply nested markup without overflowing the stack', () => {
    const depth = 100_000;
    expect(htmlToPlainText(`${'<span>'.repeat(depth)}deep${'</span>'.repeat(depth)}`)).toBe('deep');
  });
});

describe('visibleText', () => {
  it('reads a parsed subtree: the body of a document without its head', () => {
    const document = parse(
      '<!doctype html><html><head><title>T</title><meta name="description" content="D"></head>' +
        '<body><h1>Heading</h1><p>First&nbsp;para.</p><p>Second</p></body></html>',
    );
    expect(visibleText(document)).toBe('Heading First para. Second');
  });
});

describe('collapseWhitespace', () => {
  it('folds every run of whitespace into one space and trims', () => {
    expect(collapseWhitespace('\n a \u00a0\u2003 b\t')).toBe('a b');
  });

  it('removes bidirectional controls, so text displays in the order it is read', () => {
    expect(collapseWhitespace('Free gift \u202etxt.exe')).toBe('Free gift txt.exe');
    const everyControl = '\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069';
    expect(collapseWhitespace(`a${everyControl}b \u2067c\u2069`)).toBe('ab c');
    expect(htmlToPlainText('<b>Free</b> gift &#x202E;txt.exe')).toBe('Free gift txt.exe');
  });
});
