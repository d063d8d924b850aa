type FirstContent = typeof import('./first-content');

/** A fresh copy of the module; `fresh` also drops the hold it keeps on the window, as a new document has none. */
function load({ fresh = true } = {}): FirstContent {
  if (fresh) Reflect.deleteProperty(globalThis, Symbol.for('bargains.firstContentHold'));
  let module: FirstContent | undefined;
  jest.isolateModules(() => {
    module = jest.requireActual<FirstContent>('./first-content');
  });
  if (!module) throw new Error('first-content did not load');
  return module;
}

async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  // Lets the promise's reactions run without moving the fake clock.
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
  return done;
}

describe('first content hold', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('holds nothing when no page announced its content', async () => {
    const { afterFirstContent } = load();
    expect(await settled(afterFirstContent())).toBe(true);
  });

  it('holds work until the announced content is shown and painted', async () => {
    const { afterFirstContent, expectFirstContent, firstContentShown } = load();
    expectFirstContent();
    const held = afterFirstContent();
    jest.advanceTimersByTime(1000);
    expect(await settled(held)).toBe(false);
    firstContentShown();
    expect(await settled(held)).toBe(false); // not before the next frame
    jest.advanceTimersByTime(50);
    expect(await settled(held)).toBe(true);
    // Released once: later work is not held.
    expect(await settled(afterFirstContent())).toBe(true);
  });

  it('never holds work longer than 5 s', async () => {
    const { afterFirstContent, expectFirstContent } = load();
    expectFirstContent();
    const held = afterFirstContent();
    jest.advanceTimersByTime(4900);
    expect(await settled(held)).toBe(false);
    jest.advanceTimersByTime(200);
    expect(await settled(held)).toBe(true);
  });

  it('holds work waiting in another copy of the module (the build copies it into several chunks)', async () => {
    const announcing = load();
    const waiting = load({ fresh: false });
    announcing.expectFirstContent();
    const held = waiting.afterFirstContent();
    expect(await settled(held)).toBe(false);
    announcing.firstContentShown();
    jest.advanceTimersByTime(50);
    expect(await settled(held)).toBe(true);
  });
});
