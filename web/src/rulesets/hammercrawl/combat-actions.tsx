/**
 * HAMMERCRAWL!'s combat actions beyond the plain attack, for one combatant of the tracker (lazy chunk,
 * with the attack control): a Tactical Attack with its odds (connect, the target's Save, one or two
 * effects), the effects to choose once it landed, Total Defense (Covering for a Tank), passing a lost
 * action, Adjust Inventory, the combatant's choice for a Crit's free step, and, for the Smith, damage
 * that is not an attack (a trap, a fall, a spell's DV) with every likely end state before the click.
 * Each sends one tracker action (`{ kind: 'combat', action }`, docs/protocol.md).
 */
import { useMemo, useState } from 'preact/hooks';
import { attackTargets, defaultTarget } from '../../lib/combat-view.js';
import { oneClick, useAction } from '../../ui/use-action.js';
import { canCover, percent, previewDamage, previewTactical, readDamageValue, weaponsOf } from './attack-preview.js';
import type { AttackControlProps } from './combat-attack.js';
import { WeaponSelect } from './weapon-select.js';
import { STAT_IDS, type StatId } from '../../../../src/rules/hammercrawl/check-modifiers.js';
import { statesOf } from '../../../../src/rules/hammercrawl/table/tracker-conditions.js';
import { trackerLayOnHands, type TrackerCombatAction, type TrackerTacticalEffect } from '../../../../src/rules/hammercrawl/table/tracker-actions.js';
import type { CombatState, TableCharacter } from '../../../../src/rules/rule-system.js';
import { fighterFromCharacter } from '../../../../src/rules/hammercrawl/combat/fighter.js';
import type { Character } from '../../../../src/rules/hammercrawl/character.js';

/** Whether a character has Lay on Hands (a Devout power), basic or advanced. */
function layOnHandsOf(character: TableCharacter | undefined): 'basic' | 'advanced' | null {
  if (character === undefined) return null;
  try {
    return fighterFromCharacter(character.document as unknown as Character).specials.layOnHands;
  } catch {
    return null;
  }
}

/** Lay on Hands' odds and the target's Health Die after, from the same builder the server rolls with (CB-16), or why not. */
function previewLayOnHands(combat: unknown, characters: readonly TableCharacter[], healerId: string, targetId: string, isOfFaith: boolean, override = false) {
  if (typeof combat !== 'object' || combat === null) return { ok: false as const, code: 'combat/none', message: 'No combat tracker yet.' };
  try {
    const r = trackerLayOnHands(combat as CombatState, characters, { type: 'lay-on-hands', healerId, targetId, ...(isOfFaith ? {} : { isOfFaith: false }), ...(override ? { override: true } : {}) });
    return r.ok ? { ok: true as const, ...r.value } : { ok: false as const, code: r.error.code, message: r.error.message };
  } catch (e) {
    return { ok: false as const, code: 'internal', message: e instanceof Error ? e.message : String(e) };
  }
}

type Choice = 'tactical' | 'total-defense' | 'pass' | 'adjust-inventory' | 'damage' | 'lay-on-hands';

const EFFECTS: readonly { readonly id: TrackerTacticalEffect['kind']; readonly label: string }[] = [
  { id: 'exposed', label: 'Exposed: the next Check against them +1 step' },
  { id: 'hampered', label: 'Hampered: their next Check -1 step' },
  { id: 'loses-action', label: 'Loses their standard action next turn' },
  { id: 'smith', label: 'Another effect (agreed with the Smith)' },
];

/** The Tactical Attack effects this combatant still has to choose, one chooser per target waiting. */
function PendingEffects(props: AttackControlProps & { readonly send: (a: TrackerCombatAction) => void; readonly isBusy: boolean }) {
  const waiting = props.combatants.filter((c) => statesOf(c.conditions).pending?.attackerId === props.attacker.id);
  const [picked, setPicked] = useState<Record<string, TrackerTacticalEffect['kind']>>({});
  const [text, setText] = useState('');
  if (waiting.length === 0) return null;
  return (
    <>
      {waiting.map((t) => {
        const count = statesOf(t.conditions).pending!.count;
        const slots = count === 2 ? [0, 1] : [0];
        const base = `tac-${props.attacker.id}-${t.id}`;
        const effects: TrackerTacticalEffect[] = slots.map((i) => {
          const kind = picked[`${t.id}-${i}`] ?? 'exposed';
          return kind === 'smith' ? { kind, text: text.trim() || 'as agreed with the Smith' } : { kind };
        });
        return (
          <form
            key={t.id}
            class="attack tactical-effects"
            aria-label={`Tactical effects on ${t.name}`}
            onSubmit={(e) => {
              e.preventDefault();
              props.send({ type: 'tactical-effect', targetId: t.id, effects });
            }}
          >
            <span>
              {props.attacker.name}'s Tactical Attack landed on {t.name}: choose {count === 2 ? 'two effects (a crit; the same one twice doubles it)' : 'an effect'}
            </span>
            {slots.map((i) => (
              <span key={i}>
                <label for={`${base}-${i}`} class="sr-only">
                  Effect {i + 1}
                </label>
                <select id={`${base}-${i}`} value={picked[`${t.id}-${i}`] ?? 'exposed'} onChange={(e) => setPicked({ ...picked, [`${t.id}-${i}`]: e.currentTarget.value as TrackerTacticalEffect['kind'] })}>
                  {EFFECTS.map((x) => (
                    <option key={x.id} value={x.id}>
                      {x.label}
                    </option>
                  ))}
                </select>
              </span>
            ))}
            {effects.some((x) => x.kind === 'smith') ? (
              <input aria-label="The effect agreed with the Smith" maxLength={60} value={text} onInput={(e) => setText(e.currentTarget.value)} />
            ) : null}
            <button type="submit" class="primary" disabled={props.isBusy} onClick={oneClick()}>
              Apply
            </button>
          </form>
        );
      })}
    </>
  );
}

/** The other actions of one combatant. */
export function CombatActions(props: AttackControlProps) {
  const a = props.attacker;
  const [choice, setChoice] = useState<Choice>('tactical');
  const [pickedId, setPickedId] = useState<string | null>(null);
  const [stat, setStat] = useState<StatId>('STR');
  const [weaponId, setWeaponId] = useState('');
  const [feat, setFeat] = useState(false);
  const [covering, setCovering] = useState(false);
  const [text, setText] = useState('');
  const [dvText, setDvText] = useState('');
  const [source, setSource] = useState('Trap');
  const [isPenetrating, setPenetrating] = useState(false);
  const [isCrit, setCrit] = useState(false);
  const [healId, setHealId] = useState<string | null>(null);
  const [isOfFaith, setOfFaith] = useState(true);
  const action = useAction(async (x: TrackerCombatAction) => {
    if (!(await props.act({ ...x }))) throw new Error('refused');
  });
  const send = (x: TrackerCombatAction) => void action.run(x);
  const character = a.characterId === null ? undefined : props.characters.find((x) => x.id === a.characterId);
  const weapons = useMemo(() => weaponsOf(character), [character]);
  const isTank = useMemo(() => canCover(character), [character]);
  const targets = attackTargets(a, props.combatants);
  const target = defaultTarget(a, props.combatants, pickedId);
  const states = statesOf(a.conditions);
  const tacticalOptions = { ...(weaponId !== '' ? { weaponId } : {}), ...(feat ? { feat: true } : {}) };
  const tactical = useMemo(
    () => (choice === 'tactical' && target !== undefined ? previewTactical(props.combat, props.characters, a.id, target.id, stat, tacticalOptions, props.settings ?? {}) : null),
    [choice, props.combat, props.characters, props.settings, a.id, target?.id, stat, weaponId, feat],
  );
  const dv = readDamageValue(dvText);
  const damageBody = dv === null ? null : { targetId: a.id, source: source.trim() || 'Damage', ...dv, ...(isPenetrating ? { isPenetrating: true } : {}), ...(isCrit ? { isCrit: true } : {}) };
  const damage = useMemo(
    () => (choice === 'damage' && damageBody !== null ? previewDamage(props.combat, props.characters, damageBody, props.settings ?? {}) : null),
    [choice, props.combat, props.characters, props.settings, a.id, dvText, source, isPenetrating, isCrit],
  );
  const layOnHands = useMemo(() => layOnHandsOf(character), [character]);
  const patients = props.combatants.filter((c) => c.id !== a.id && c.side === a.side);
  const patient = patients.find((c) => c.id === healId) ?? patients[0];
  const asked = useMemo(
    () => (choice === 'lay-on-hands' && patient !== undefined ? previewLayOnHands(props.combat, props.characters, a.id, patient.id, isOfFaith) : null),
    [choice, props.combat, props.characters, a.id, patient?.id, isOfFaith],
  );
  // Once a Turn out of a fight (CB-45): the Smith may allow a second anyway, with its odds shown.
  const isAllowAnyway = props.isSmith === true && asked !== null && !asked.ok && asked.code === 'combat/lay-on-hands-turn';
  const heal = isAllowAnyway && patient !== undefined ? previewLayOnHands(props.combat, props.characters, a.id, patient.id, isOfFaith, true) : asked;
  const base = `act-${a.id}`;
  const hasArmour = a.armour.trim() !== '' && a.armour.trim().toLowerCase() !== 'none';
  const choices: readonly { readonly id: Choice; readonly label: string }[] = [
    ...(targets.length > 0 ? [{ id: 'tactical' as const, label: 'Tactical Attack' }] : []),
    { id: 'total-defense', label: 'Total Defense (full round)' },
    { id: 'adjust-inventory', label: 'Adjust Inventory (full round)' },
    { id: 'pass', label: states.losesAction ? 'Pass (the action is lost)' : 'Pass' },
    ...(layOnHands !== null && patients.length > 0 ? [{ id: 'lay-on-hands' as const, label: 'Lay on Hands (full round)' }] : []),
    ...(props.isSmith === true ? [{ id: 'damage' as const, label: 'Damage, not an attack (trap, fall, spell)' }] : []),
  ];
  const current = choices.some((c) => c.id === choice) ? choice : choices[0]!.id;
  const submit = (e: Event) => {
    e.preventDefault();
    if (current === 'tactical' && target !== undefined && tactical !== null && (tactical.ok || tactical.isHidden === true)) send({ type: 'tactical-attack', attackerId: a.id, targetId: target.id, stat, ...tacticalOptions });
    else if (current === 'total-defense') send({ type: 'total-defense', combatantId: a.id, ...(covering ? { covering: true } : {}) });
    else if (current === 'adjust-inventory') send({ type: 'adjust-inventory', combatantId: a.id, ...(text.trim() !== '' ? { text: text.trim() } : {}) });
    else if (current === 'pass') send({ type: 'pass', combatantId: a.id });
    else if (current === 'damage' && damageBody !== null && damage?.ok === true) send({ type: 'damage', ...damageBody });
    else if (current === 'lay-on-hands' && patient !== undefined && heal?.ok === true) send({ type: 'lay-on-hands', healerId: a.id, targetId: patient.id, ...(isOfFaith ? {} : { isOfFaith: false }), ...(isAllowAnyway ? { override: true } : {}) });
  };
  const label: Record<Choice, string> = { tactical: 'Tactical Attack', 'total-defense': 'Take Total Defense', 'adjust-inventory': 'Adjust Inventory', pass: 'Pass', damage: 'Deal damage', 'lay-on-hands': 'Lay on Hands' };
  return (
    <>
      <PendingEffects {...props} send={send} isBusy={action.isBusy} />
      <details class="combat-actions">
        <summary>More actions for {a.name}</summary>
        <form class="attack" aria-label={`Other actions of ${a.name}`} aria-busy={action.isBusy ? 'true' : undefined} onSubmit={submit}>
          <label for={`${base}-kind`} class="sr-only">
            Action
          </label>
          <select id={`${base}-kind`} value={current} onChange={(e) => setChoice(e.currentTarget.value as Choice)}>
            {choices.map((c) => (
              <option key={c.id} value={c.id}>
                {c.label}
              </option>
            ))}
          </select>
          {current === 'tactical' && target !== undefined ? (
            <>
              <label for={`${base}-target`}>on</label>
              <select id={`${base}-target`} value={target.id} onChange={(e) => setPickedId(e.currentTarget.value)}>
                {targets.map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.name}
                  </option>
                ))}
              </select>
              <label for={`${base}-stat`}>Save against</label>
              <select id={`${base}-stat`} value={stat} onChange={(e) => setStat(e.currentTarget.value as StatId)}>
                {STAT_IDS.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </select>
              <WeaponSelect id={`${base}-weapon`} weapons={weapons} value={weaponId} onChange={setWeaponId} />
              {a.characterId !== null ? (
                <label class="check">
                  <input type="checkbox" checked={feat} onChange={(e) => setFeat(e.currentTarget.checked)} /> Feat
                </label>
              ) : null}
            </>
          ) : null}
          {current === 'total-defense' && isTank ? (
            <label class="check">
              <input type="checkbox" checked={covering} onChange={(e) => setCovering(e.currentTarget.checked)} /> Covering allies (Tank)
            </label>
          ) : null}
          {current === 'adjust-inventory' ? <input aria-label="What changes hands" maxLength={200} value={text} placeholder="draws a dagger" onInput={(e) => setText(e.currentTarget.value)} /> : null}
          {current === 'lay-on-hands' && patient !== undefined ? (
            <>
              <label for={`${base}-patient`}>on</label>
              <select id={`${base}-patient`} value={patient.id} onChange={(e) => setHealId(e.currentTarget.value)}>
                {patients.map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.name}
                  </option>
                ))}
              </select>
              <label class="check" title="Not of your faith: the Test is against the WIL half-stat">
                <input type="checkbox" checked={isOfFaith} onChange={(e) => setOfFaith(e.currentTarget.checked)} /> of your faith
              </label>
            </>
          ) : null}
          {current === 'damage' ? (
            <>
              <input id={`${base}-source`} aria-label="What deals the damage" maxLength={60} value={source} onInput={(e) => setSource(e.currentTarget.value)} />
              <input id={`${base}-dv`} aria-label="DV: a number or dice such as 2d6+1" placeholder="DV: 5 or 2d6+1" value={dvText} onInput={(e) => setDvText(e.currentTarget.value)} />
              <label class="check">
                <input type="checkbox" checked={isPenetrating} onChange={(e) => setPenetrating(e.currentTarget.checked)} /> Penetrating
              </label>
              <label class="check">
                <input type="checkbox" checked={isCrit} onChange={(e) => setCrit(e.currentTarget.checked)} /> Crit (a free step)
              </label>
            </>
          ) : null}
          <button
            type="submit"
            class="primary"
            disabled={action.isBusy || (current === 'tactical' && (tactical === null || !(tactical.ok || tactical.isHidden === true))) || (current === 'damage' && damage?.ok !== true) || (current === 'lay-on-hands' && heal?.ok !== true)}
            onClick={oneClick()}
          >
            {action.isBusy ? 'Sending…' : current === 'lay-on-hands' && isAllowAnyway ? 'Lay on Hands: allow anyway' : label[current]}
          </button>
          {current === 'tactical' && tactical !== null ? (
            <p class="attack-odds" id={`${base}-odds`}>
              {tactical.ok ? (
                <>
                  Connects <strong>{percent(tactical.connect)}</strong> · {target?.name} saves {percent(tactical.save)} · one effect <strong>{percent(tactical.oneEffect)}</strong> · two (a crit) {percent(tactical.twoEffects)}
                </>
              ) : (
                <span class="muted">{tactical.message}</span>
              )}
            </p>
          ) : null}
          {current === 'damage' ? (
            <p class="attack-odds" id={`${base}-odds`}>
              {dv === null ? (
                <span class="muted">Write the DV as a number (5) or dice (2d6+1).</span>
              ) : damage === null ? null : damage.ok ? (
                <>
                  {a.name} down <strong>{percent(damage.down)}</strong>
                  <br />
                  <span class="muted">Likeliest after: {damage.likeliest.map((o) => `${o.text} ${percent(o.p)}`).join(' · ')}</span>
                </>
              ) : (
                <span class="muted">{damage.message}</span>
              )}
            </p>
          ) : null}
          {current === 'lay-on-hands' && heal !== null ? (
            <p class="attack-odds" id={`${base}-odds`}>
              {isAllowAnyway && asked !== null && !asked.ok ? (
                <>
                  <span class="muted">{asked.message}</span>
                  <br />
                </>
              ) : null}
              {heal.ok ? (
                <>
                  WIL Test at or under {heal.test.target}: heals <strong>{percent(heal.success + heal.crit)}</strong> · {patient?.name} to{' '}
                  {heal.onSuccess === null ? 'down' : `d${heal.onSuccess}`} {percent(heal.success)} · a crit (three steps) to {heal.onCrit === null ? 'down' : `d${heal.onCrit}`} {percent(heal.crit)}
                </>
              ) : (
                <span class="muted">{heal.message}</span>
              )}
            </p>
          ) : null}
          {current === 'total-defense' ? <p class="attack-odds muted">Until {a.name}'s next turn, each attack on them is a Competition: both roll, ties to {a.name}.</p> : null}
        </form>
        {hasArmour || a.characterId !== null ? (
          <label class="check">
            <input
              type="checkbox"
              checked={states.critsToHealth}
              disabled={action.isBusy}
              onChange={(e) => send({ type: 'crit-step', combatantId: a.id, to: e.currentTarget.checked ? 'health' : 'armour' })}
            />{' '}
            A Crit's free step goes to {a.name}'s Health Die (else the Armour Die)
          </label>
        ) : null}
      </details>
    </>
  );
}
