import { createElement, lazy, type ComponentType } from 'react';

/** A component loaded on demand whose module can also be loaded ahead (see `preloadable`). */
export interface Preloadable<P extends object> {
  /** Draws at once when the module is loaded (no suspension, so hydration never waits); else suspends. */
  Component: ComponentType<P>;
  /** Loads the module; resolves once `Component` draws without suspending. */
  preload(): Promise<void>;
}

/**
 * `React.lazy` with a preload: code that is loaded only where needed (a respondent's phone downloads
 * only what its form uses), yet rendered synchronously once preloaded, as the server does before
 * rendering a page and the browser before hydrating it.
 */
export function preloadable<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, name = 'Preloadable'): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<void> | undefined;
  const preload = () =>
    (loading ??= load().then((module) => {
      loaded = module.default;
    }));
  const Lazy = lazy(async () => {
    await preload();
    return { default: loaded! };
  });
  function PreloadableComponent(props: P) {
    return createElement((loaded ?? Lazy) as ComponentType<P>, props);
  }
  PreloadableComponent.displayName = name;
  return { Component: PreloadableComponent, preload };
}
