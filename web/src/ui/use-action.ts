/**
 * One user action, one command. A control that sends a command runs it through `useAction`, which
 * ignores a second click, Enter or tap while the first is in flight (checked against a ref, so before
 * any re-render), tells the control to show itself busy and disabled, and keeps the server's refusal
 * (or a check made before sending) to show beside the control. The second click of a double click is
 * the same action even when the server answered the first in between (a table on the same network
 * answers in milliseconds): `oneClick` on the control's button drops it. The connection gives each sent
 * command one request id and resends it with that id after a reconnect, so the server applies it once
 * (web/src/lib/live.ts).
 *
 * @example
 * const roll = useAction(() => session.send({ kind: 'roll', notation: 'd20', visibility: 'public' }));
 * <button disabled={roll.isBusy} onClick={oneClick(() => void roll.run())}>Roll</button>
 * <button type="submit" disabled={roll.isBusy} onClick={oneClick()}>Roll</button> // in a form whose onSubmit runs it
 * <ActionError action={roll} />
 */
import { h } from 'preact';
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { CommandError } from '../lib/live.js';

/** Why an action did not go through: the server's refusal (with the path of the value at fault) or a check before sending. */
export interface ActionProblem {
  readonly message: string;
  readonly code?: string;
  /** JSON path of the value at fault in the command (`$.action.health`), when the server names one. */
  readonly path?: string;
}

/** A control's action. */
export interface Action<A extends unknown[]> {
  /**
   * Runs the action, unless one is in flight (then nothing happens and it resolves false). Resolves
   * true when the command was acknowledged, false when it was refused (see `problem`) or ignored.
   */
  run(...args: A): Promise<boolean>;
  /** A command of this control is in flight: show it busy, disabled. */
  readonly isBusy: boolean;
  /** The last refusal, until the next run or `clear`. */
  readonly problem: ActionProblem | null;
  /** Shows a problem found before sending (a field the rules refuse), as a refusal would be shown. */
  refuse(problem: ActionProblem | string): void;
  clear(): void;
}

/**
 * A button's click handler for one action per click: the second (third...) click of a multiple click
 * does nothing, and on a submit button it does not submit the form. A keyboard's Enter or Space has
 * no click count and always acts.
 */
export function oneClick<E extends MouseEvent>(then?: (e: E) => void): (e: E) => void {
  return (e) => {
    if (e.detail > 1) {
      e.preventDefault();
      return;
    }
    then?.(e);
  };
}

/** The problem an error thrown by a send stands for. */
export function problemOf(e: unknown): ActionProblem {
  if (e instanceof CommandError) return { message: e.message, code: e.code, ...(e.path !== undefined ? { path: e.path } : {}) };
  return { message: e instanceof Error ? e.message : String(e) };
}

/** One user action = one command (see the file's comment). `send` sends the command; it throws on a refusal. */
export function useAction<A extends unknown[]>(send: (...args: A) => Promise<unknown>): Action<A> {
  const inFlight = useRef(false);
  const isMounted = useRef(true);
  const latest = useRef(send);
  latest.current = send;
  const [isBusy, setBusy] = useState(false);
  const [problem, setProblem] = useState<ActionProblem | null>(null);
  useEffect(() => {
    isMounted.current = true;
    return () => {
      isMounted.current = false;
    };
  }, []);
  const run = useCallback(async (...args: A): Promise<boolean> => {
    if (inFlight.current) return false;
    inFlight.current = true;
    setBusy(true);
    setProblem(null);
    try {
      await latest.current(...args);
      return true;
    } catch (e) {
      if (isMounted.current) setProblem(problemOf(e));
      return false;
    } finally {
      inFlight.current = false;
      if (isMounted.current) setBusy(false);
    }
  }, []);
  const refuse = useCallback((p: ActionProblem | string) => setProblem(typeof p === 'string' ? { message: p } : p), []);
  const clear = useCallback(() => setProblem(null), []);
  return { run, isBusy, problem, refuse, clear };
}

/** The refusal of an action, where the control shows it (nothing when there is none). */
export function ActionError(props: { readonly action: { readonly problem: ActionProblem | null }; readonly id?: string; readonly text?: (message: string) => string }) {
  const p = props.action.problem;
  if (p === null) return null;
  return h('p', { class: 'error', role: 'alert', ...(props.id !== undefined ? { id: props.id } : {}) }, props.text ? props.text(p.message) : p.message);
}
