/**
 * Resolves in a new task, so work after it does not lengthen the current one (Lighthouse counts every main-thread
 * task over 50 ms as blocking). A message, not setTimeout: timers in a hidden tab wait up to a second.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

/** Resolves in the first task after the next frame is painted; at once in a hidden tab (it paints no frames). */
export function afterNextPaint(): Promise<void> {
  if (document.visibilityState === 'hidden') return Promise.resolve();
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}
