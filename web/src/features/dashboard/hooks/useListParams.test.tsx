import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router-dom';
import { useListParams } from './useListParams';

function renderListParams(url: string) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
  );
  return renderHook(() => ({ ...useListParams(), location: useLocation(), navigate: useNavigate() }), {
    wrapper,
  });
}

describe('useListParams', () => {
  it('keeps a change that has not rendered yet when another control changes the list', () => {
    const { result } = renderListParams('/dashboard?q=wireless');
    // Both controls were rendered with the same params: the second change comes before the first has rendered.
    const { params, setParams } = result.current;
    act(() => {
      setParams({ ...params, shop: 'bluebird-electronics' });
      setParams({ ...params, filter: 'all' });
      setParams({ ...params, q: 'save on' }, { replace: true });
    });
    expect(result.current.params).toEqual({
      ...params,
      q: 'save on',
      shop: 'bluebird-electronics',
      filter: 'all',
    });
    expect(result.current.location.search).toBe('?q=save+on&shop=bluebird-electronics&verified=all');
  });

  it('keeps a rendered change when a control calls the setter it was rendered with before that change', () => {
    const { result } = renderListParams('/dashboard?q=wireless');
    // The search box's debounce timer holds the callback of an earlier render.
    const { params, setParams } = result.current;
    act(() => result.current.setParams({ ...result.current.params, shop: 'bluebird-electronics' }));
    act(() => result.current.setParams({ ...result.current.params, filter: 'all' }));
    expect(result.current.location.search).toBe('?q=wireless&shop=bluebird-electronics&verified=all');
    act(() => setParams({ ...params, q: 'save on' }, { replace: true }));
    expect(result.current.location.search).toBe('?q=save+on&shop=bluebird-electronics&verified=all');
  });

  it('builds on the rendered params again once the change has rendered', () => {
    const { result } = renderListParams('/dashboard');
    act(() => result.current.setParams({ ...result.current.params, sort: 'popular' }));
    act(() => result.current.setParams({ ...result.current.params, sort: 'newest' }));
    expect(result.current.location.search).toBe('');
  });

  it('follows a navigation of its own (Back) instead of a change asked for before it', () => {
    const { result } = renderListParams('/dashboard?shop=bluebird-electronics');
    act(() => result.current.setParams({ ...result.current.params, category: 'electronics' }));
    act(() => result.current.navigate(-1));
    expect(result.current.location.search).toBe('?shop=bluebird-electronics');
    act(() => result.current.setParams({ ...result.current.params, sort: 'popular' }));
    expect(result.current.location.search).toBe('?shop=bluebird-electronics&sort=popular');
  });

  it('asks for nothing when the change leaves the list as it is', () => {
    const { result } = renderListParams('/dashboard?sort=popular');
    const { key } = result.current.location;
    act(() => result.current.setParams({ ...result.current.params }));
    expect(result.current.location.key).toBe(key);
  });
});
