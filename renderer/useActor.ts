import { useEffect, useState, useSyncExternalStore } from 'react';
import { createActor, type Actor, type AnyStateMachine, type InputFrom, type SnapshotFrom } from 'xstate';

/**
 * Runs one actor of `machine` for the component and re-renders on each new snapshot, with React's own
 * `useSyncExternalStore` (no shim: the respondent page ships only what it uses). A new `machine` (e.g.
 * other injected actors) takes a new actor. The actor is started, never stopped: it holds no timers,
 * so an unmounted form's actor is simply collected, and strict mode's effect replay cannot leave a
 * stopped actor behind.
 */
export function useActor<M extends AnyStateMachine>(machine: M, input: InputFrom<M>): [SnapshotFrom<M>, Actor<M>] {
  const [current, setCurrent] = useState(() => ({ machine, actor: createActor(machine, { input }) }));
  let { actor } = current;
  if (current.machine !== machine) {
    actor = createActor(machine, { input });
    setCurrent({ machine, actor });
  }
  useEffect(() => {
    actor.start();
  }, [actor]);
  const getSnapshot = () => actor.getSnapshot() as SnapshotFrom<M>;
  const snapshot = useSyncExternalStore(
    (onChange) => {
      const subscription = actor.subscribe({ next: onChange, error: onChange });
      return () => subscription.unsubscribe();
    },
    getSnapshot,
    // The server renders the machine's initial state (the first page, unanswered); hydration starts there.
    getSnapshot,
  );
  return [snapshot, actor];
}
