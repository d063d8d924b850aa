// The /success page sends the browser on to /dashboard with this router state. The dashboard then knows a
// payment has just been made and shows "Activating your subscription…" until the webhook flips the flag,
// instead of offering Subscribe Now again. (Router state survives a reload of that history entry but is not
// part of the URL, so it cannot be shared or bookmarked.)
export const CHECKOUT_RETURN_STATE = { checkoutReturn: true } as const;

export function isCheckoutReturn(state: unknown): boolean {
  return (
    typeof state === 'object' &&
    state !== null &&
    (state as { checkoutReturn?: unknown }).checkoutReturn === true
  );
}
