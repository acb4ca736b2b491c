/** A component loaded on first use (its own chunk), without preact/compat's Suspense. */
import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';

/** Wraps a dynamic import of a component; shows "Loading…" until it arrives, a message if it fails. */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  return function Lazy(props: P) {
    const [, setTick] = useState(0);
    const [failed, setFailed] = useState(false);
    useEffect(() => {
      if (loaded) return;
      pending ??= load();
      let live = true;
      pending.then(
        (c) => {
          loaded = c;
          if (live) setTick((t) => t + 1);
        },
        () => {
          pending = null;
          if (live) setFailed(true);
        },
      );
      return () => {
        live = false;
      };
    }, []);
    if (loaded) {
      const C = loaded;
      return <C {...props} />;
    }
    return failed ? <p class="error">This part of the page could not be loaded; check the connection and reload.</p> : <p aria-busy="true">Loading…</p>;
  };
}
