import { render } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { DocumentTitleSink, useDocumentTitle } from './Page';

function Titled({ title }: { title: string }) {
  useDocumentTitle(title);
  return <p>{title}</p>;
}

beforeEach(() => {
  document.title = 'before';
});

describe('useDocumentTitle', () => {
  it('sets the tab title, suffixed with the site name unless it is the site name', () => {
    const { rerender } = render(<Titled title="Pricing" />);
    expect(document.title).toBe('Pricing · Bargains');
    rerender(<Titled title="Bargains" />);
    expect(document.title).toBe('Bargains');
  });

  it('reports the full title to a DocumentTitleSink during a server render, where effects do not run', () => {
    const sink = jest.fn<undefined, [string]>();
    const html = renderToString(
      <DocumentTitleSink.Provider value={sink}>
        <Titled title="How It Works" />
      </DocumentTitleSink.Provider>,
    );
    expect(html).toContain('How It Works');
    expect(sink).toHaveBeenLastCalledWith('How It Works · Bargains');
    expect(document.title).toBe('before');
  });

  it('reports the bare site name for the landing page', () => {
    const sink = jest.fn<undefined, [string]>();
    renderToString(
      <DocumentTitleSink.Provider value={sink}>
        <Titled title="Bargains" />
      </DocumentTitleSink.Provider>,
    );
    expect(sink).toHaveBeenLastCalledWith('Bargains');
  });
});
