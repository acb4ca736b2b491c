/**
 * The Smith's Venture tools beyond the nodes (HAMMERCRAWL!, part of the Venture panel's chunk): a camp
 * break or a night's camp (with the Health and Armour Die steps the Smith gives, and each Mana-burned
 * caster's chance to recover a step shown before the click), the party's resource dice (the chance each
 * use steps the die down), a boss defeated (the dungeon level in XP) and a manual XP award. Every one is
 * a `venture` command; what it does to a character is written on its document by the server.
 */
import { useState } from 'preact/hooks';
import { foldMagickEvents } from '../../../../src/rules/hammercrawl/magick/magick-state.js';
import { RESOURCE_DICE, RESOURCE_STEP_DOWN_MAX_FACE, resourceOdds } from '../../../../src/rules/hammercrawl/resource-die.js';
import { nightRecoveryOdds } from '../../../../src/rules/hammercrawl/table/camp.js';
import { MAX_CAMP_STEPS, MAX_XP_AWARD, type VentureState } from '../../../../src/rules/hammercrawl/venture/venture.js';
import { readCombat } from '../../lib/combat-view.js';
import { formatChance } from '../../lib/tray.js';
import { ActionError, oneClick, useAction } from '../../ui/use-action.js';
import type { RulesetSession } from '../types.js';
import { magickEvents, sendCommand, type TableVentureCommand } from './wire.js';

interface Props {
  readonly session: RulesetSession;
  readonly venture: VentureState;
  readonly nameOf: (id: string) => string;
}

function useVenture(session: RulesetSession) {
  return useAction((command: TableVentureCommand) => sendCommand(session, { kind: 'venture', command }));
}

/** The exact chance one use of a resource die steps it down (or depletes it), from the resource die's own odds (RESOURCES). */
function stepDownChance(die: number): number {
  return 1 - (resourceOdds(die, 1).distribution.find((p) => p.die === die)?.p ?? 0);
}

/** Camp break and night's camp, between nodes (VE-8, VE-17). */
export function CampControls(props: Props) {
  const { session, venture, nameOf } = props;
  const action = useVenture(session);
  const [health, setHealth] = useState('0');
  const [armour, setArmour] = useState('0');
  const events = session.state.value.rulesetEvents;
  const casters = venture.party
    .map((m) => {
      try {
        return { id: m.id, odds: nightRecoveryOdds(foldMagickEvents(magickEvents(events, m.id))) };
      } catch {
        return { id: m.id, odds: null };
      }
    })
    .filter((c) => c.odds !== null);
  const inFight = readCombat(session.state.value.combat).isActive;
  const steps = () => ({ healthSteps: Number(health), armourSteps: Number(armour) });
  const camp = (kind: 'break' | 'night') => void action.run({ kind: 'camp', camp: kind, ...steps() });
  return (
    <div class="camp" aria-labelledby="camp-title">
      <h4 id="camp-title">Camp</h4>
      <p class="muted">
        A break restores uses counted per camp break; a night also those per night, and each Mana-burned caster rolls to recover a step. Forgotten spells come back through each
        caster's Magick panel. Health and Armour steps are yours to give (the rules name none).
      </p>
      <div class="row">
        <div class="field small">
          <label for="camp-health">Health steps</label>
          <input id="camp-health" type="number" min={0} max={MAX_CAMP_STEPS} value={health} onInput={(e) => setHealth(e.currentTarget.value)} />
        </div>
        <div class="field small">
          <label for="camp-armour">Armour steps</label>
          <input id="camp-armour" type="number" min={0} max={MAX_CAMP_STEPS} value={armour} onInput={(e) => setArmour(e.currentTarget.value)} />
        </div>
        <button type="button" disabled={action.isBusy || inFight} onClick={oneClick(() => camp('break'))}>
          Camp break
        </button>
        <button type="button" class="primary" disabled={action.isBusy || inFight} onClick={oneClick(() => camp('night'))}>
          Night's camp
        </button>
      </div>
      {inFight ? <p class="muted">A fight is running in the tracker: no camp until it ends.</p> : null}
      {casters.length > 0 ? (
        <ul class="camp-odds">
          {casters.map((c) => (
            <li key={c.id}>
              {nameOf(c.id)}: Mana-burn, d{c.odds!.die} to recover a step at night, <strong>{formatChance(c.odds!.chance)}</strong>
            </li>
          ))}
        </ul>
      ) : null}
      <ActionError action={action} />
    </div>
  );
}

/** The party's resource dice: use one (rolled by the server), or set one (VE-15). */
export function ResourceControls(props: Props) {
  const { session, venture } = props;
  const action = useVenture(session);
  const [id, setId] = useState('food');
  const [die, setDie] = useState('8');
  const entries = Object.entries(venture.resources);
  return (
    <div class="resources">
      <h4>Party resources</h4>
      {entries.length === 0 ? <p class="muted">No party resource dice yet (food, ammo, light...).</p> : null}
      <ul class="resource-list">
        {entries.map(([rid, d]) => (
          <li key={rid}>
            <span class="who">{rid}</span> <strong>{d === null ? 'depleted' : `d${d}`}</strong>{' '}
            {d !== null ? (
              <>
                <span class="muted">steps down on 1-{RESOURCE_STEP_DOWN_MAX_FACE}: {formatChance(stepDownChance(d))}</span>{' '}
                <button type="button" class="ghost" disabled={action.isBusy} aria-label={`Use ${rid}`} onClick={oneClick(() => void action.run({ kind: 'use-resource', id: rid }))}>
                  Use
                </button>
              </>
            ) : null}
          </li>
        ))}
      </ul>
      <form
        class="row"
        onSubmit={(e) => {
          e.preventDefault();
          void action.run({ kind: 'set-resource', id: id.trim(), die: die === 'none' ? null : Number(die) });
        }}
      >
        <div class="field small">
          <label for="resource-id">Resource</label>
          <input id="resource-id" value={id} maxLength={80} autoComplete="off" onInput={(e) => setId(e.currentTarget.value)} />
        </div>
        <div class="field small">
          <label for="resource-die">Die</label>
          <select id="resource-die" value={die} onChange={(e) => setDie(e.currentTarget.value)}>
            {RESOURCE_DICE.map((s) => (
              <option key={s} value={String(s)}>
                d{s}
              </option>
            ))}
            <option value="none">depleted</option>
          </select>
        </div>
        <button type="submit" disabled={action.isBusy || id.trim() === ''} onClick={oneClick()}>
          Set the resource die
        </button>
      </form>
      <ActionError action={action} />
    </div>
  );
}

/** A boss defeated (bonus XP = the dungeon level, VE-13) and the Smith's own XP award. */
export function XpControls(props: Props) {
  const { session, venture, nameOf } = props;
  const action = useVenture(session);
  const [amount, setAmount] = useState('1');
  const [reason, setReason] = useState('');
  const [who, setWho] = useState<Readonly<Record<string, boolean>>>({});
  const ids = venture.party.map((m) => m.id);
  const picked = ids.filter((id) => who[id] !== false);
  const node = venture.node;
  const bossesLeft = node?.outcome ? node.outcome.bosses - node.bossesDefeated : 0;
  return (
    <div class="xp-awards">
      <h4>XP</h4>
      {ids.length === 0 ? <p class="muted">Nobody in the party.</p> : null}
      <fieldset class="row">
        <legend>Who gains</legend>
        {ids.map((id) => (
          <label key={id} class="inline">
            <input type="checkbox" checked={who[id] !== false} onChange={(e) => setWho({ ...who, [id]: e.currentTarget.checked })} /> {nameOf(id)}
          </label>
        ))}
      </fieldset>
      {bossesLeft > 0 && venture.dungeon !== null ? (
        <button type="button" class="primary" disabled={action.isBusy || picked.length === 0} onClick={oneClick(() => void action.run({ kind: 'defeat-boss', survivors: picked }))}>
          Boss defeated (+{venture.dungeon.level} XP each)
        </button>
      ) : null}
      <form
        class="row"
        onSubmit={(e) => {
          e.preventDefault();
          void action.run({ kind: 'award-xp', ids: picked, amount: Number(amount), reason: reason.trim() }).then((ok) => ok && setReason(''));
        }}
      >
        <div class="field small">
          <label for="xp-amount">XP</label>
          <input id="xp-amount" type="number" min={1} max={MAX_XP_AWARD} value={amount} onInput={(e) => setAmount(e.currentTarget.value)} />
        </div>
        <div class="field">
          <label for="xp-reason">Reason</label>
          <input id="xp-reason" value={reason} maxLength={200} autoComplete="off" placeholder="Found the secret door" onInput={(e) => setReason(e.currentTarget.value)} />
        </div>
        <button type="submit" disabled={action.isBusy || picked.length === 0 || reason.trim() === ''} onClick={oneClick()}>
          Award XP
        </button>
      </form>
      <ActionError action={action} />
    </div>
  );
}
