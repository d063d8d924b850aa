// A promise started early and awaited later (a preloaded read, a prefetched page) has its failure reported by the
// code that awaits it. Until then its rejection must not count as unhandled: this is the one rejection handler
// that does nothing, named so a reader knows where the failure goes. Anywhere else a rejection is handled by
// name or reported (the lint config forbids anonymous do-nothing handlers).

/** Pass as the rejection handler of a promise whose awaiting code reports its failure. */
export function reportedWhereAwaited(_error: unknown): void {}
