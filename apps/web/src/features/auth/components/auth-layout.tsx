/**
 * The frame of the auth screens: product mark, a card, the bottom alert (AUTH-5 in
 * docs/requirements.md).
 */
import type { ReactNode } from 'react';
import { Wordmark } from '../../../components/wordmark.tsx';
import { AuthAlertBar } from './auth-alert-bar.tsx';

/**
 * A centred card headed `title` (the page's h1, also the document title with '· PigoStream')
 * under the product mark and `intro`; `inert` while an overlay covers it. Space is kept at the
 * bottom so the alert bar never hides the last control.
 */
export function AuthLayout({
  title,
  intro,
  inert = false,
  children,
}: {
  title: string;
  intro?: string;
  inert?: boolean;
  children: ReactNode;
}) {
  return (
    <>
      <title>{`${title} · PigoStream`}</title>
      <main
        inert={inert}
        className="relative flex min-h-dvh flex-col items-center justify-center gap-6 overflow-hidden px-4 pt-8 pb-28"
      >
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-96 bg-[radial-gradient(ellipse_at_top,rgba(225,29,72,0.22),transparent_65%)]"
        />
        <div className="flex flex-col items-center gap-3 text-center">
          <Wordmark large />
          {intro && <p className="max-w-sm text-neutral-400">{intro}</p>}
        </div>
        <section
          aria-labelledby="auth-title"
          className="w-full max-w-sm rounded-2xl border border-white/10 bg-neutral-900/70 p-6 shadow-2xl shadow-black/40 backdrop-blur sm:p-7"
        >
          <h1 id="auth-title" className="mb-6 text-2xl font-bold tracking-tight">
            {title}
          </h1>
          {children}
        </section>
      </main>
      <AuthAlertBar />
    </>
  );
}
