/**
 * The frame every ruleset's tracker attack shares (ruleset-neutral): a form named for the attacker,
 * "<attacker> attacks" with the target list (foes, then any of the attacker's own side the ruleset
 * offers, grouped apart), the ruleset's own fields, the submit button, and the odds line beneath (the
 * ruleset's words when its preview is ready, else the reason there are none). With no one left to
 * attack it says so instead. A player's control off their combatant's turn shows why and sends nothing.
 *
 * @example
 * const { target, frame } = useAttackTargets(a, foeTargets(a, props.combatants), props.offTurn);
 * <AttackFrame {...frame} isBusy={attack.isBusy} canSend={canSend} onSend={() => void attack.run(...)} odds={{ ok: true, body: <>Hit 55%</> }}>
 *   {fields}
 * </AttackFrame>
 */
import type { ComponentChildren } from 'preact';
import type { Combatant } from '../lib/combat-view.js';
import type { RulesetCombatAction } from '../lib/protocol.js';
import { useState } from 'preact/hooks';
import { pickTarget } from '../lib/combat-view.js';
import { oneClick, useAction } from './use-action.js';

/** The odds line: the ruleset's words, or the reason there are none (`isHidden`: the Smith's to know). */
export type AttackOdds = { readonly ok: true; readonly body: ComponentChildren } | { readonly ok: false; readonly message: string; readonly isHidden?: boolean } | null;

/** What the frame is given. */
export interface AttackFrameProps {
  /** Prefix of the controls' ids (`atk-c1`): `<idBase>-target`, `<idBase>-odds`. */
  readonly idBase: string;
  readonly attacker: Pick<Combatant, 'name' | 'side'>;
  /** The form's accessible name; "Attack with <attacker>" when absent. */
  readonly formLabel?: string;
  /** The words before the target list; "<attacker> attacks" when absent. */
  readonly lead?: string;
  /** Those the attacker may aim at; the attacker's own side is listed apart, after the foes. */
  readonly targets: readonly Combatant[];
  /** The target aimed at (one of `targets`); undefined when there is none. */
  readonly target: Combatant | undefined;
  readonly onPick: (id: string) => void;
  /** The attack is on its way: the button waits for the server's answer. */
  readonly isBusy: boolean;
  /** The attack can be sent (its preview is ready, or its odds are only hidden). */
  readonly canSend: boolean;
  /** Sends the attack at the target aimed at. */
  readonly onSend: (target: Combatant) => void;
  /** Why the viewer may not attack now (`turnProblem`), or null. */
  readonly offTurn?: string | null | undefined;
  /** The button's words, and while it waits; "Attack" and "Attacking…" when absent. */
  readonly submit?: { readonly label: string; readonly busy: string; readonly isPrimary?: boolean };
  readonly odds: AttackOdds;
  /** The ruleset's own fields, between the target and the button. */
  readonly children?: ComponentChildren;
}

/**
 * The odds line of a ruleset's preview of an attack: `body`'s words for the odds when it is ready, else
 * the preview's message (`isHidden`: the target's numbers are the Smith's).
 */
export function attackOdds<T extends { readonly ok: true } | { readonly ok: false; readonly message: string; readonly isHidden?: boolean }>(
  preview: T | null,
  body: (p: Extract<T, { readonly ok: true }>) => ComponentChildren,
): AttackOdds {
  if (preview === null) return null;
  if (preview.ok) return { ok: true, body: body(preview as Extract<T, { readonly ok: true }>) };
  const no = preview as { readonly message: string; readonly isHidden?: boolean };
  return no.isHidden === true ? { ok: false, message: no.message, isHidden: true } : { ok: false, message: no.message };
}

/** An attack can be sent when its preview is ready, or only hidden from this viewer (the server knows the numbers). */
export function canSendPreview(preview: { readonly ok: boolean; readonly isHidden?: boolean } | null): boolean {
  return preview !== null && (preview.ok || preview.isHidden === true);
}

/** A ruleset's attack action: sends the tracker action, and counts a refusal as a failure (shown by the row). */
export function useAttackAction<A extends object>(act: (a: RulesetCombatAction) => Promise<boolean>) {
  return useAction(async (action: A) => {
    if (!(await act({ ...action } as RulesetCombatAction))) throw new Error('refused');
  });
}

/**
 * The target list's state for one attacker: the one the player picked while it is listed, else the
 * first. `frame` is spread into the frame (`<AttackFrame {...frame} ...>`); `idBase` is `atk-<id>`.
 */
export function useAttackTargets(attacker: Combatant, targets: readonly Combatant[], offTurn?: string | null) {
  const [picked, setPicked] = useState<string | null>(null);
  const target = pickTarget(targets, picked);
  return { target, frame: { idBase: `atk-${attacker.id}`, attacker, targets, target, onPick: setPicked, offTurn: offTurn ?? null } };
}

/** The attack form. */
export function AttackFrame(props: AttackFrameProps) {
  const { attacker: a, target } = props;
  if (target === undefined) {
    return (
      <p class="attack attack-none muted" id={`${props.idBase}-none`}>
        {a.name}: no one left to attack.
      </p>
    );
  }
  const foes = props.targets.filter((t) => t.side !== a.side);
  const own = props.targets.filter((t) => t.side === a.side);
  const offTurn = props.offTurn ?? null;
  const submit = props.submit ?? { label: 'Attack', busy: 'Attacking…', isPrimary: true };
  const isBusy = props.isBusy;
  const whyId = `${props.idBase}-wait`;
  return (
    <form
      class="attack"
      aria-label={props.formLabel ?? `Attack with ${a.name}`}
      aria-busy={isBusy ? 'true' : undefined}
      onSubmit={(e) => {
        e.preventDefault();
        if (!props.canSend || offTurn !== null) return;
        props.onSend(target);
      }}
    >
      <label for={`${props.idBase}-target`}>{props.lead ?? `${a.name} attacks`}</label>
      <select id={`${props.idBase}-target`} value={target.id} onChange={(e) => props.onPick(e.currentTarget.value)}>
        {foes.map((t) => (
          <option key={t.id} value={t.id}>
            {t.name}
          </option>
        ))}
        {own.length > 0 ? (
          <optgroup label={foes.length > 0 ? 'Allies' : 'Own side'}>
            {own.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </optgroup>
        ) : null}
      </select>
      {props.children}
      <button
        type="submit"
        class={submit.isPrimary === false ? undefined : 'primary'}
        disabled={isBusy || !props.canSend || offTurn !== null}
        aria-busy={isBusy ? 'true' : undefined}
        aria-describedby={offTurn !== null ? whyId : undefined}
        onClick={oneClick()}
      >
        {isBusy ? submit.busy : submit.label}
      </button>
      {offTurn !== null ? (
        <small class="muted attack-wait" id={whyId}>
          {offTurn}
        </small>
      ) : null}
      {props.odds === null ? null : props.odds.ok ? (
        <p class="attack-odds" id={`${props.idBase}-odds`}>
          {props.odds.body}
        </p>
      ) : (
        <p class={`attack-odds muted${props.odds.isHidden === true ? ' odds-hidden' : ''}`} id={`${props.idBase}-odds`}>
          {props.odds.message}
        </p>
      )}
    </form>
  );
}
