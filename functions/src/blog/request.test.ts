import { routeBlogRequest } from './request';

describe('routeBlogRequest', () => {
  it('routes the list, its pages, posts and the feeds', () => {
    expect(routeBlogRequest('/blog')).toEqual({ kind: 'list', after: null });
    expect(routeBlogRequest('/blog/')).toEqual({ kind: 'list', after: null });
    expect(routeBlogRequest('/blog?utm_source=x')).toEqual({ kind: 'list', after: null });
    expect(routeBlogRequest('/blog?after=some-post')).toEqual({ kind: 'list', after: 'some-post' });
    expect(routeBlogRequest('/blog/some-post')).toEqual({ kind: 'post', id: 'some-post' });
    expect(routeBlogRequest('/blog/some-post/')).toEqual({ kind: 'post', id: 'some-post' });
    expect(routeBlogRequest('/blog/rss.xml')).toEqual({ kind: 'feed' });
    expect(routeBlogRequest('/sitemap.xml')).toEqual({ kind: 'sitemap' });
    expect(routeBlogRequest('/robots.txt')).toEqual({ kind: 'robots' });
  });

  it('answers a bad cursor with a bad request, never a read', () => {
    for (const url of [
      '/blog?after=',
      '/blog?after=a&after=b',
      '/blog?after=..',
      '/blog?after=a%2Fb',
      `/blog?after=${'x'.repeat(201)}`,
      '/blog?after=%3Cscript%3E',
      // Reserved by Firestore: reading it throws.
      '/blog?after=__x__',
      '/blog?after=____',
    ]) {
      expect(routeBlogRequest(url)).toMatchObject({ kind: 'bad-request' });
    }
  });

  it('sends paths that can name no post to the not-found page', () => {
    for (const url of [
      '/blog/a/b',
      '/blog/..',
      '/blog/%E0%A4%A',
      '/blog/a%2Fb',
      '/blog/%3Cimg%3E',
      '/blog/__x__',
      '/blog/__name__',
    ]) {
      expect(routeBlogRequest(url)).toEqual({ kind: 'not-found' });
    }
  });
});
