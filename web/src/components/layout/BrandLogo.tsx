/** The brand mark (same drawing as the favicon) followed by the wordmark. */
export function BrandLogo() {
  return (
    <>
      <svg className="brand__mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="currentColor" />
        <path
          d="M10 8.5h7.5a4.25 4.25 0 0 1 0 8.5H10zM10 17h8.5a4.25 4.25 0 0 1 0 8.5H10z"
          fill="none"
          stroke="#fff"
          strokeWidth="2.6"
          strokeLinejoin="round"
        />
      </svg>
      <span className="brand__name">Bargains</span>
    </>
  );
}
