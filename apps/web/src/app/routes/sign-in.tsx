/** `/`: the sign-in / sign-up landing screen (spec 2). A placeholder until sign-in is built. */
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { Wordmark } from '../../components/wordmark.tsx';

/** Product name, a short line, a note on what is coming, and a way into the app. */
export function Component() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 px-6 text-center">
      <title>Sign in · PigoStream</title>
      <h1>
        <Wordmark large />
      </h1>
      <p className="max-w-md text-lg text-neutral-300">
        Discover trending movies, TV shows and anime, keep a list, and pick up where you left off.
      </p>
      <p className="max-w-md text-sm text-neutral-400">
        Sign in and sign up with e-mail or Google will be here soon. Until then, browse freely.
      </p>
      <Link
        to="/index"
        className="inline-flex items-center gap-2 rounded-md bg-accent px-5 py-2.5 font-semibold text-white hover:bg-rose-500"
      >
        Browse PigoStream
        <ArrowRight className="size-4" />
      </Link>
    </main>
  );
}
