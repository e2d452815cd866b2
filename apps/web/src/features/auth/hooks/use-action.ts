/**
 * A one-call-at-a-time action with its state, for the identity calls of the sign-in and reset
 * screens. It stands in for TanStack Query's `useMutation` there: those screens load without
 * TanStack Query, keeping the sign-in route inside its 100 kB JavaScript budget (QUAL-1 in
 * docs/requirements.md).
 */
import { useCallback, useEffect, useRef, useState } from 'react';

/** Callbacks of one {@link Action.mutate} call. */
export interface ActionCallbacks<T> {
  onSuccess?: (data: T) => void;
  onError?: (error: Error) => void;
}

/** The call's variables: optional when the call takes none. */
type Variables<V> = undefined extends V ? [variables?: V] : [variables: V];

/** An action's state and its two ways to run. */
export interface Action<V, T> {
  /** Runs the call; resolves with its answer. @throws whatever the call throws. */
  mutateAsync: (...variables: Variables<V>) => Promise<T>;
  /** Runs the call and reports through `callbacks`; never throws. */
  mutate: (variables: V, callbacks?: ActionCallbacks<T>) => void;
  /** A call is running. */
  isPending: boolean;
  /** The last call succeeded. */
  isSuccess: boolean;
  /** The last call's failure, or null. */
  error: Error | null;
}

const asError = (cause: unknown): Error =>
  cause instanceof Error ? cause : new Error(String(cause));

/**
 * Wraps `call` (variables in, a promise of the answer out) with pending, success and error
 * state. State updates after the component unmounted are dropped; callbacks still run.
 */
export function useAction<V, T>(call: (variables: V) => Promise<T>): Action<V, T> {
  const [state, setState] = useState<{
    status: 'idle' | 'pending' | 'success' | 'error';
    error: Error | null;
  }>({ status: 'idle', error: null });
  const mounted = useRef(true);
  const callRef = useRef(call);
  useEffect(() => {
    callRef.current = call;
  });
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const run = useCallback(async (variables: V) => {
    const set = (next: typeof state) => {
      if (mounted.current) setState(next);
    };
    set({ status: 'pending', error: null });
    try {
      const data = await callRef.current(variables);
      set({ status: 'success', error: null });
      return data;
    } catch (cause) {
      const error = asError(cause);
      set({ status: 'error', error });
      throw error;
    }
  }, []);

  const mutate = useCallback(
    (variables: V, callbacks: ActionCallbacks<T> = {}) => {
      run(variables).then(
        (data) => callbacks.onSuccess?.(data),
        (error: unknown) => callbacks.onError?.(asError(error)),
      );
    },
    [run],
  );
  const mutateAsync = useCallback((...variables: Variables<V>) => run(variables[0] as V), [run]);

  return {
    mutateAsync,
    mutate,
    isPending: state.status === 'pending',
    isSuccess: state.status === 'success',
    error: state.error,
  };
}
