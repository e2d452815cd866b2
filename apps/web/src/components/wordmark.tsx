/**
 * The product name with its play mark, drawn inline (ARCH-34 in docs/architecture.md: nothing to
 * fetch). `large` for the sign-in screen, otherwise header size.
 */
export function Wordmark({ large = false }: { large?: boolean }) {
  return (
    <span
      className={`inline-flex items-center gap-2 font-bold tracking-tight ${large ? 'text-4xl' : 'text-xl'}`}
    >
      <svg
        viewBox="0 0 64 64"
        aria-hidden="true"
        className={large ? 'size-10' : 'size-7'}
        fill="none"
      >
        <rect width="64" height="64" rx="14" className="fill-accent" />
        <path d="M24 18v28l22-14z" fill="#fff" />
      </svg>
      <span>
        Pigo<span className="text-accent-soft">Stream</span>
      </span>
    </span>
  );
}
