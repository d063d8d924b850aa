// A controllable IntersectionObserver for jsdom (which has none): tests decide when an element is on screen.
type Callback = (entries: Array<Pick<IntersectionObserverEntry, 'isIntersecting' | 'target'>>) => void;

class FakeIntersectionObserver {
  static instances = new Set<FakeIntersectionObserver>();
  readonly observed = new Set<Element>();
  constructor(private readonly callback: Callback) {
    FakeIntersectionObserver.instances.add(this);
  }
  observe(element: Element) {
    this.observed.add(element);
  }
  unobserve(element: Element) {
    this.observed.delete(element);
  }
  disconnect() {
    this.observed.clear();
    FakeIntersectionObserver.instances.delete(this);
  }
  takeRecords() {
    return [];
  }
  report(element: Element) {
    if (this.observed.has(element)) this.callback([{ isIntersecting: true, target: element }]);
  }
}

export function installFakeIntersectionObserver() {
  FakeIntersectionObserver.instances.clear();
  Object.defineProperty(window, 'IntersectionObserver', {
    configurable: true,
    writable: true,
    value: FakeIntersectionObserver,
  });
}

/** Reports `element` as scrolled into view to every observer watching it; false when nobody watches it. */
export function scrollIntoView(element: Element): boolean {
  const watchers = [...FakeIntersectionObserver.instances].filter((observer) =>
    observer.observed.has(element),
  );
  for (const observer of watchers) observer.report(element);
  return watchers.length > 0;
}
