/**
 * The changes of harm and its mending: damage (Defense, the Toughness soak, injury, the CON save,
 * mutilation, Wounds, death), the second save of the left for dead, rescue with a Medical Kit,
 * Healing, and the Smith's word on who stands, lies or is dead. Rules: So Long as Men Die, Stats
 * (Constitution); Attacking and Defending; Armor; Toughness; Injury; Mutilation. Rulings SL-10 ...
 * SL-12, SL-22, SL-24, SL-26, SL-27.
 */
import { MUTILATION_DAMAGE_SETTING, type MutilationDamageRule } from './settings.js';
import { MAX_CHARACTER_CONDITIONS } from '../character-play.js';
import type { CheckDie, CheckOdds, OutcomeOdds, ParamDef } from '../rule-system.js';
import { ok, type RuleResult } from '../rule-system.js';
import type { RandomSource } from '../../dice/random.js';
import { MAX_DEFENSE_BONUS, MAX_FLAT_DAMAGE, attackOdds, rollAttack, type AttackOdds, type AttackRoll, type AttackSpec } from './attack.js';
import { MAX_SCORE, SLAMD_REF } from './attributes.js';
import { CONDITIONS, MAX_LIST_ENTRIES, type CharacterCondition, type CharacterInjury, type SlamdCharacter } from './character.js';
import type { DefenseDie } from './data/armour.js';
import { FLESH_WOUND_ID, MUTILATIONS, SEVERED_LOCATIONS, mutilationForDamage } from './data/mutilations.js';
import { MAX_SAVE_MODIFIER, SAVE_DIE, WAKE_HOURS_DICE, rollLeftForDead, rollMutilation, saveChance, saveTarget, type MutilationResult } from './injury.js';
import { inventoryReport } from './inventory.js';
import { CONDITION_LABELS, MAX_REASON_LENGTH, changed, intOf, isOn, maybeInt, refuse, refuseIfDead, rolled, textOf, type ChangeProcedure } from './play-kit.js';
import { MAX_TOUGHNESS_DICE, SOAK_POLICIES, exhaustFaces, freshToughness, type SoakPolicy } from './toughness.js';
import { applyAttack, type InjuryChoice } from './wounds.js';

/** Largest Attack Roll or damage the damage change takes (an input limit; 10 past Toughness is already Awful). */
export const MAX_DAMAGE_TAKEN = MAX_FLAT_DAMAGE;

/** The condition a character takes on after losing a second eye (Mutilation, Maimed: "Lose two and you'll go Blind"). */
export const BLIND_CONDITION = 'Blind';

/** Mutilations no Healing undoes: the scar, the cut-off part, death (Mutilation; ruling SL-27). */
export const PERMANENT_MUTILATIONS = ['scarred', 'severed', 'instant-death', 'awful'] as const;

/** The mutilation after which there is too little left to raise (Mutilation, Awful). */
export const BEYOND_RESURRECTION = 'awful';

/** How a damage change ends, in order of growing harm (Toughness; Injury; Mutilation; ruling SL-26). */
export const DAMAGE_OUTCOMES = [
  { outcome: 'no-damage', label: 'Defense held: no damage' },
  { outcome: 'soaked', label: 'Toughness soaked it all' },
  { outcome: 'knocked-out', label: 'Knocked out with a Flesh Wound (nonlethal)' },
  { outcome: 'unconscious', label: 'Injured, CON save made: unconscious with a Flesh Wound' },
  { outcome: 'mutilated', label: 'Injured, CON save made: mutilated, still on their feet' },
  { outcome: 'unconscious-and-mutilated', label: 'Injured, CON save failed: unconscious with a Flesh Wound, and mutilated' },
  { outcome: 'dead', label: 'Killed (by the mutilation, or the last Wound)' },
] as const satisfies readonly { outcome: string; label: string }[];

/** A damage change's outcome id. */
export type DamageOutcome = (typeof DAMAGE_OUTCOMES)[number]['outcome'];

const HARM_REF = `${SLAMD_REF}, Attacking and Defending; Toughness; Injury; Mutilation`;

const DAMAGE_PARAMS = [
  {
    kind: 'integer', name: 'amount', label: 'Attack Roll or damage', min: 0, max: MAX_DAMAGE_TAKEN, isRequired: true, example: 6,
    help: 'The Attack Roll that hit (its total, exploded dice and Modifier in); with Roll Defense off, damage armour does not meet (a fall, a trap).',
  },
  { kind: 'text', name: 'source', label: 'Source', help: 'What dealt it, for the history ("Goblin spear", "Pit trap").', maxLength: MAX_REASON_LENGTH },
  { kind: 'boolean', name: 'defend', label: 'Roll Defense', help: 'Roll this character\'s Defense Die (readied armour, natural armour) plus a held shield, and take it off the amount first.', default: true },
  {
    kind: 'integer', name: 'defense-bonus', label: 'Defense bonus', min: -MAX_DEFENSE_BONUS, max: MAX_DEFENSE_BONUS, default: 0,
    help: 'Brace +2; prone +2 against ranged, -2 against melee; anything else flat (the held shield is counted already).',
  },
  { kind: 'boolean', name: 'ignores-shields', label: 'Ignores shields', help: 'The weapon ignores shields (a boomerang): the shield bonus does not count.', default: false },
  {
    kind: 'integer', name: 'toughness-dice', label: 'Toughness Dice offered', min: 0, max: MAX_TOUGHNESS_DICE,
    help: 'Fresh Toughness Dice the character will roll to soak; leave out to offer every usable one (none while encumbered or unconscious).',
  },
  {
    kind: 'choice', name: 'soak', label: 'Soak', help: 'Roll Toughness one die at a time until soaked, or every offered die at once (ruling SL-11).',
    choices: SOAK_POLICIES.map((id) => ({ id, label: id === 'one-at-a-time' ? 'One at a time' : 'All at once' })), default: 'one-at-a-time',
  },
  { kind: 'boolean', name: 'nonlethal', label: 'Nonlethal', help: 'A nonlethal blow (bare hands, a whip) knocks out with a Flesh Wound: no save, no mutilation, no Wound (ruling SL-12).', default: false },
  { kind: 'integer', name: 'save-modifier', label: 'CON save modifier', help: 'A situational modifier to the CON save target.', min: -MAX_SAVE_MODIFIER, max: MAX_SAVE_MODIFIER, default: 0 },
  { ...MUTILATION_DAMAGE_SETTING, role: 'setting' },
  {
    kind: 'choice', name: 'choice', label: 'If the CON save is made', default: 'unconscious',
    help: 'The player\'s choice on a made save: fall unconscious with a Flesh Wound, or be mutilated and stay standing (ruling SL-26).',
    choices: [{ id: 'unconscious', label: 'Fall unconscious with a Flesh Wound' }, { id: 'mutilated', label: 'Be mutilated, stay standing' }],
  },
] as const satisfies readonly ParamDef[];

/** Harm landing on one character: the attack (any Attack Roll, dice or flat), and the choice made before the dice. */
export interface HarmSpec {
  readonly attack: AttackSpec;
  readonly isDefended: boolean;
  readonly source: string | undefined;
  readonly choice: InjuryChoice;
  /** Why fewer Toughness Dice could be offered than are fresh, if so. */
  readonly toughnessNote: string | null;
}

interface DamageSpec extends HarmSpec {
  readonly amount: number;
}

/** Chance that the mutilation `damage` calls for kills outright: Instant Death, Awful, a severed head. */
function mutilationDeathChance(damage: number): number {
  const m = mutilationForDamage(damage);
  if (m.isDeath) return 1;
  if (m.id !== 'severed') return 0;
  const head = SEVERED_LOCATIONS.find((l) => l.id === 'head')!;
  return (head.roll.max - head.roll.min + 1) / 6;
}

const signed = (n: number): string => (n < 0 ? `- ${-n}` : `+ ${n}`);
const pct = (p: number): string => `${(p * 100).toFixed(2)}%`;

/** The damage change's outcome from the attack's end, the choice and the document after it. */
function damageOutcome(roll: AttackRoll, choice: InjuryChoice, after: SlamdCharacter): DamageOutcome {
  switch (roll.outcome) {
    case 'no-damage':
    case 'soaked':
    case 'knocked-out':
      return roll.outcome;
    case 'injured-save-made':
      return after.condition === 'dead' ? 'dead' : choice;
    case 'injured-save-failed':
      return after.condition === 'dead' ? 'dead' : 'unconscious-and-mutilated';
  }
}

/** `c` with Blind among its conditions once two eyes are lost (Mutilation, Maimed), when there is room. */
function withBlindness(c: SlamdCharacter): { character: SlamdCharacter; line: string | null } {
  const eyes = c.injuries.filter((i) => i.mutilationId === 'maimed' && i.location === 'head').length;
  const isBlind = c.traits.includes('blind') || c.conditions.some((x) => x.toLowerCase() === BLIND_CONDITION.toLowerCase());
  if (eyes < 2 || isBlind) return { character: c, line: null };
  if (c.conditions.length >= MAX_CHARACTER_CONDITIONS) return { character: c, line: `Both eyes are lost: ${c.name} is blind (no room to add the condition; remove one).` };
  return { character: { ...c, conditions: [...c.conditions, BLIND_CONDITION] }, line: `Both eyes are lost: ${c.name} is blind (condition added).` };
}

/** The defender's half of harm, read from its document: Defense Die and shield, fresh Toughness Dice, exhausting faces, CON. */
export interface DefenderSide {
  readonly defenseDie: DefenseDie;
  readonly defenseBonus: number;
  readonly toughnessDice: number;
  readonly exhaustOn: readonly number[];
  readonly conScore: number;
  /** Why fewer Toughness Dice could be offered than are fresh, if so. */
  readonly toughnessNote: string | null;
}

/**
 * The defender's side of harm on `c` (Armor; Toughness; ruling SL-26): its Defense Die and held
 * shield when defended, every usable Toughness Die unless fewer are offered (none while encumbered
 * or unconscious), or the refusal naming the parameter at fault.
 */
export function defenderSideOf(
  c: SlamdCharacter,
  o: { readonly isDefended: boolean; readonly defenseBonus: number; readonly ignoresShields: boolean; readonly toughnessDice?: number | undefined },
): RuleResult<DefenderSide> {
  const report = inventoryReport(c);
  if (!report.ok) return report;
  const shield = o.isDefended && !o.ignoresShields ? report.value.shieldBonus : 0;
  const defenseBonus = o.isDefended ? shield + o.defenseBonus : 0;
  if (Math.abs(defenseBonus) > MAX_DEFENSE_BONUS) return refuse('defense-bonus-too-big', `The held shield (+${shield}) and the bonus give ${defenseBonus}; the Defense bonus stays within ${MAX_DEFENSE_BONUS} either way.`, 'defense-bonus');
  const fresh = freshToughness(c.toughness);
  const toughnessNote = report.value.isEncumbered && fresh > 0 ? 'encumbered: no Toughness Dice' : c.condition !== 'standing' && fresh > 0 ? 'unconscious: no Toughness Dice' : null;
  const usable = toughnessNote === null ? fresh : 0;
  const offered = o.toughnessDice ?? usable;
  if (offered > usable) return refuse('toughness-offered', `${c.name} can offer 0 to ${usable} Toughness Dice${toughnessNote === null ? ' (the fresh ones)' : ` (${toughnessNote})`}, not ${offered}.`, 'toughness-dice');
  return ok({
    defenseDie: o.isDefended ? report.value.defenseDie : 0, defenseBonus, toughnessDice: offered,
    exhaustOn: exhaustFaces(c.traits, report.value.isWearingArmour), conScore: c.stats.con.score, toughnessNote,
  });
}

/** Damage: Defense, Toughness, then the injury (Attacking and Defending; Toughness; Injury; Mutilation; SL-24, SL-26). */
export const damageChange: ChangeProcedure<DamageSpec> = {
  def: {
    id: 'damage', label: 'Take damage', by: 'smith', rollsDice: true, ref: HARM_REF, params: DAMAGE_PARAMS,
    help: 'An Attack Roll (or other harm) lands: Defense comes off it, Toughness Dice soak the rest (5-6 exhaust), and what gets through injures: a CON save, a Wound, a mutilation by the damage.',
  },
  prepare(c, v) {
    const dead = refuseIfDead(c, 'take more harm');
    if (dead !== null) return dead;
    const isDefended = isOn(v, 'defend');
    const bonusParam = intOf(v, 'defense-bonus');
    if (!isDefended && bonusParam !== 0) return refuse('bonus-without-defense', 'A Defense bonus needs the Defense roll: turn Roll Defense on, or leave the bonus at 0.', 'defense-bonus');
    if (!isDefended && isOn(v, 'ignores-shields')) return refuse('bonus-without-defense', 'Ignoring shields needs the Defense roll: turn Roll Defense on.', 'ignores-shields');
    const side = defenderSideOf(c, { isDefended, defenseBonus: bonusParam, ignoresShields: isOn(v, 'ignores-shields'), toughnessDice: maybeInt(v, 'toughness-dice') });
    if (!side.ok) return side;
    const { toughnessNote, ...defender } = side.value;
    const attack: AttackSpec = {
      damage: { kind: 'flat', value: intOf(v, 'amount') }, modifier: 0, ...defender,
      soakPolicy: v['soak'] as SoakPolicy, conModifier: intOf(v, 'save-modifier'), isNonlethal: isOn(v, 'nonlethal'),
      mutilationFrom: (v['mutilation-damage'] as MutilationDamageRule | undefined) ?? 'dealt',
    };
    return ok({ attack, amount: intOf(v, 'amount'), isDefended, source: textOf(v, 'source'), choice: v['choice'] as InjuryChoice, toughnessNote });
  },
  odds(c, s) {
    const o = attackOdds(s.attack);
    const outcomes = harmOutcomeOdds(o, c.woundsLeft, s.attack, s.choice);
    const a = s.attack;
    return {
      check: 'damage',
      description: `${s.amount} ${s.isDefended ? `against Defense d${a.defenseDie} ${signed(a.defenseBonus)}` : 'not met by Defense'}, ${a.toughnessDice} Toughness Dice ${a.soakPolicy}, CON ${a.conScore}, ${c.woundsLeft} Wounds left`,
      outcomes, values: o.remaining, mean: o.meanRemaining,
      explanation: [
        s.isDefended ? `Defense d${a.defenseDie} ${signed(a.defenseBonus)} comes off ${s.amount}` : `${s.amount} damage; no Defense roll`,
        `Toughness: ${a.toughnessDice} d6 ${a.soakPolicy}, exhaust on ${a.exhaustOn.join('/')}${s.toughnessNote === null ? '' : ` (${s.toughnessNote})`}`,
        a.isNonlethal ? 'Nonlethal: a blow past Toughness knocks out; no save, no Wound' : `CON save d20 <= ${saveTarget(a.conScore, a.conModifier)}; made: ${s.choice === 'unconscious' ? 'unconscious with a Flesh Wound' : 'mutilated, standing'}`,
        ...(o.mutilation.length === 0 ? [] : [`Mutilation called for: ${o.mutilation.map((m) => `${m.label} ${pct(m.p)}`).join(', ')}`]),
        `A lethal injury is one Wound: ${c.woundsLeft} left${c.woundsLeft <= 1 ? ', so the next kills' : ''}`,
      ],
    };
  },
  apply(rng, c, s) {
    const h = rollHarm(rng, c, s);
    const isInjured = h.roll.outcome === 'injured-save-made' || h.roll.outcome === 'injured-save-failed';
    const label = DAMAGE_OUTCOMES.find((x) => x.outcome === h.outcome)!.label;
    const through = h.roll.damage === 0 ? 'no damage' : `${h.roll.soak.remaining} past Toughness`;
    const summary = `${s.source ?? 'Damage'}: ${s.amount}, ${through}: ${label.replace(/^Injured, /, '')}${isInjured ? `; Wounds ${c.woundsLeft} -> ${h.character.woundsLeft}` : ''}`;
    return rolled(h.character, summary, h.explanation, h.dice, h.outcome);
  },
};

/** The chances of each damage outcome of harm on a character with `woundsLeft`, from the attack's odds (SL-24, SL-26). */
export function harmOutcomeOdds(o: AttackOdds, woundsLeft: number, attack: AttackSpec, choice: InjuryChoice): OutcomeOdds[] {
  const by = new Map<DamageOutcome, number>();
  const add = (k: DamageOutcome, p: number) => by.set(k, (by.get(k) ?? 0) + p);
  for (const x of o.outcomes) if (x.outcome === 'no-damage' || x.outcome === 'soaked' || x.outcome === 'knocked-out') add(x.outcome, x.p);
  if (!attack.isNonlethal) {
    const made = saveChance(attack.conScore, attack.conModifier);
    for (const r of o.injuredBy) {
      if (woundsLeft <= 1) {
        add('dead', r.p);
        continue;
      }
      const d = mutilationDeathChance(r.value);
      if (choice === 'unconscious') add('unconscious', r.p * made);
      else {
        add('dead', r.p * made * d);
        add('mutilated', r.p * made * (1 - d));
      }
      add('dead', r.p * (1 - made) * d);
      add('unconscious-and-mutilated', r.p * (1 - made) * (1 - d));
    }
  }
  return DAMAGE_OUTCOMES.map((x) => ({ ...x, p: by.get(x.outcome) ?? 0 }));
}

/** Harm rolled on a character: the attack, the mutilation when one applies, the document after, each step explained. */
export interface HarmRoll {
  readonly roll: AttackRoll;
  readonly mutilation: MutilationResult | undefined;
  readonly character: SlamdCharacter;
  readonly outcome: DamageOutcome;
  readonly explanation: readonly string[];
  readonly dice: readonly CheckDie[];
}

/**
 * Rolls harm on a character and writes it on the document: the attack (Defense, Toughness, CON save),
 * the mutilation, the Wound (Attacking and Defending; Toughness; Injury; Mutilation; SL-24, SL-26).
 * The caller has refused the dead and offered only fresh Toughness Dice.
 */
export function rollHarm(rng: RandomSource, c: SlamdCharacter, s: HarmSpec): HarmRoll {
  const roll = rollAttack(rng, s.attack);
  const isInjured = roll.outcome === 'injured-save-made' || roll.outcome === 'injured-save-failed';
  const needsMutilation = roll.outcome === 'injured-save-failed' || (roll.outcome === 'injured-save-made' && s.choice === 'mutilated');
  const mutilation: MutilationResult | undefined = needsMutilation ? rollMutilation(rng, roll.mutilationDamage) : undefined;
  const applied = applyAttack(c, roll, { choice: s.choice, ...(mutilation === undefined ? {} : { mutilation }) });
  // prepare refused the dead and offered only fresh dice, and the mutilation is rolled for the damage left.
  if (!applied.ok) throw new Error(`damage: ${applied.error.message}`);
  const blind = withBlindness(applied.value);
  const after = blind.character;
  const outcome = damageOutcome(roll, s.choice, after);
  const a = s.attack;
  const explanation = [
    s.isDefended
      ? `${roll.attackTotal} against Defense ${roll.defenseFace === null ? 'd0' : `d${a.defenseDie} ${roll.defenseFace}`} ${signed(a.defenseBonus)} = ${roll.defenseTotal}: ${roll.damage} past Defense`
      : `${roll.attackTotal} damage; Defense does not meet it`,
    ...(roll.damage === 0 ? [] : [
      roll.soak.faces.length === 0
        ? `No Toughness Dice rolled${s.toughnessNote === null ? '' : ` (${s.toughnessNote})`}: ${roll.soak.remaining} gets through`
        : `Toughness ${roll.soak.faces.join(', ')} (sum ${roll.soak.sum}, ${roll.soak.exhausted} exhausted): ${roll.soak.remaining} gets through`,
    ]),
    ...(roll.outcome === 'knocked-out' ? ['Nonlethal: knocked out with a Flesh Wound'] : []),
    ...(roll.save === null ? [] : [`CON save d20 ${roll.save.face} vs ${roll.save.target}: ${roll.save.isSuccess ? `made; ${s.choice === 'unconscious' ? 'falls unconscious with a Flesh Wound' : 'mutilated, stays up'}` : 'failed: unconscious with a Flesh Wound, and mutilated'}`]),
    ...(mutilation === undefined ? [] : [mutilation.explanation]),
    ...(isInjured ? [`One Wound: ${c.woundsLeft} -> ${after.woundsLeft} left${after.woundsLeft === 0 ? ': the CON Score\'s last Wound kills' : ''}`] : []),
    ...(blind.line === null ? [] : [blind.line]),
    ...(after.condition !== c.condition ? [`${c.name} is ${CONDITION_LABELS[after.condition]}`] : []),
    ...(outcome === 'dead' && c.traits.includes('lucky') ? ['Lucky: if this is the first death, the Smith undoes it (set-condition; ruling SL-27)'] : []),
  ];
  const dice: CheckDie[] = [...roll.dice, ...(mutilation === undefined || mutilation.face === null ? [] : [{ sides: mutilation.mutilation.roll!.sides, face: mutilation.face, isKept: true, role: mutilation.location !== null ? 'where' : 'how long' }])];
  return { roll, mutilation, character: after, outcome, explanation, dice };
}

const LEFT_PARAMS = [
  { kind: 'integer', name: 'save-modifier', label: 'CON save modifier', help: 'A situational modifier to the save target.', min: -MAX_SAVE_MODIFIER, max: MAX_SAVE_MODIFIER, default: 0 },
] as const satisfies readonly ParamDef[];

/** The second CON save of the unconscious left alone after a battle (Injury). */
export const leftForDeadChange: ChangeProcedure<{ target: number; modifier: number }> = {
  def: {
    id: 'left-for-dead', label: 'Left for dead', by: 'smith', rollsDice: true, ref: `${SLAMD_REF}, Injury`, params: LEFT_PARAMS,
    help: 'An unconscious character left to fend alone after a battle saves on CON again: dead on a failure, awake after 2d12 hours on a success.',
  },
  prepare(c, v) {
    if (c.condition !== 'unconscious') return refuse('not-unconscious', `${c.name} is ${c.condition}: only the unconscious are left for dead.`);
    return ok({ target: c.stats.con.score, modifier: intOf(v, 'save-modifier') });
  },
  odds(c, s): CheckOdds {
    const p = saveChance(s.target, s.modifier);
    return {
      check: 'left-for-dead', description: `CON save d20 <= ${saveTarget(s.target, s.modifier)}`,
      outcomes: [{ outcome: 'wakes', label: 'Wakes after 2d12 hours', p }, { outcome: 'dies', label: 'Dies', p: 1 - p }],
      explanation: [`${c.name} saves on CON ${s.target}${s.modifier === 0 ? '' : ` ${signed(s.modifier)}`}; waking takes ${WAKE_HOURS_DICE.count}d${WAKE_HOURS_DICE.sides} hours`],
    };
  },
  apply(rng, c, s) {
    const r = rollLeftForDead(rng, s.target, s.modifier);
    const dice: CheckDie[] = [{ sides: SAVE_DIE, face: r.save.face, isKept: true, role: 'CON save' }, ...r.hourFaces.map((face) => ({ sides: WAKE_HOURS_DICE.sides, face, isKept: true, role: 'hours unconscious' }))];
    if (r.outcome === 'dies') {
      return rolled({ ...c, condition: 'dead' }, `Left for dead: CON save ${r.save.face} vs ${r.save.target} failed; dead`, [`CON save d20 ${r.save.face} vs ${r.save.target}: failed; ${c.name} dies alone`], dice, 'dies');
    }
    return rolled({ ...c, condition: 'standing' }, `Left for dead: CON save ${r.save.face} vs ${r.save.target} made; wakes after ${r.hoursUnconscious} hours`,
      [`CON save d20 ${r.save.face} vs ${r.save.target}: made`, `Wakes after ${r.hourFaces.join(' + ')} = ${r.hoursUnconscious} hours`], dice, 'wakes');
  },
};

/** Injuries medical attention ends: the Flesh Wound stitched, Bleeding Out stopped (Mutilation; ruling SL-27). */
const TREATED_BY_RESCUE: readonly string[] = [FLESH_WOUND_ID, 'bleeding-out'];

/** Medical attention with a Medical Kit after a battle (Injury; Mutilation, Flesh Wound and Bleeding Out; SL-27). */
export const rescueChange: ChangeProcedure<null> = {
  def: {
    id: 'rescue', label: 'Medical attention', by: 'owner', rollsDice: false, ref: `${SLAMD_REF}, Injury; Mutilation`, params: [],
    help: 'Allies tend the character with a Medical Kit: the unconscious are rescued and wake, Flesh Wounds are stitched shut, Bleeding Out stops.',
  },
  prepare(c) {
    const dead = refuseIfDead(c, 'be rescued');
    if (dead !== null) return dead;
    if (c.condition !== 'unconscious' && !c.injuries.some((i) => TREATED_BY_RESCUE.includes(i.mutilationId))) {
      return refuse('nothing-to-rescue', `${c.name} is standing with no Flesh Wound or bleeding to tend; other injuries need Healing (heal).`);
    }
    return ok(null);
  },
  apply(_rng, c) {
    const treated = c.injuries.filter((i) => TREATED_BY_RESCUE.includes(i.mutilationId));
    const after: SlamdCharacter = { ...c, condition: 'standing', injuries: c.injuries.filter((i) => !TREATED_BY_RESCUE.includes(i.mutilationId)) };
    const names = treated.map((i) => MUTILATIONS.find((m) => m.id === i.mutilationId)!.label);
    const explanation = [
      ...(c.condition === 'unconscious' ? [`${c.name} is rescued and wakes`] : []),
      ...(treated.length === 0 ? [] : [`Tended with a Medical Kit: ${names.join(', ')}`]),
    ];
    return changed(after, `Medical attention: ${explanation.join('; ')}`, explanation);
  },
};

const HEAL_PARAMS = [
  { kind: 'integer', name: 'injury', label: 'Injury', help: 'The injury healed, by its number on the sheet (1 is the first).', min: 1, max: MAX_LIST_ENTRIES, example: 1 },
  { kind: 'integer', name: 'wounds', label: 'Wounds closed', help: 'Wounds the Healing closes (the text never says Wounds close: the Smith\'s call; ruling SL-24).', min: 0, max: MAX_SCORE, default: 0 },
  { kind: 'text', name: 'source', label: 'Source', help: 'What heals ("the temple", "a potion").', maxLength: MAX_REASON_LENGTH },
] as const satisfies readonly ParamDef[];

/** True when no Healing undoes this injury: a scar, a lost eye, a cut-off part, death (SL-27). */
export function isPermanent(injury: CharacterInjury): boolean {
  return (PERMANENT_MUTILATIONS as readonly string[]).includes(injury.mutilationId) || (injury.mutilationId === 'maimed' && injury.location === 'head');
}

/** Healing, which the text names but never describes (Mutilation: "until you're Healed"; SL-27). */
export const healChange: ChangeProcedure<{ injury: number | undefined; wounds: number; source: string | undefined }> = {
  def: {
    id: 'heal', label: 'Healing', by: 'smith', rollsDice: false, ref: `${SLAMD_REF}, Mutilation`, params: HEAL_PARAMS,
    help: 'Healing the Smith grants: ends one injury that waits on Healing (a maimed limb, a Gut Wound, Agony, Doom...) and may close Wounds.',
  },
  prepare(c, v) {
    const injury = maybeInt(v, 'injury');
    const wounds = intOf(v, 'wounds');
    if (injury === undefined && wounds === 0) return refuse('nothing-to-heal', 'Name the injury healed (its number), or the Wounds closed, or both.', 'injury');
    if (injury !== undefined) {
      const found = c.injuries[injury - 1];
      if (found === undefined) return refuse('no-such-injury', `${c.name} has ${c.injuries.length} injur${c.injuries.length === 1 ? 'y' : 'ies'}; there is no number ${injury}.`, 'injury');
      if (isPermanent(found)) return refuse('permanent-injury', `${MUTILATIONS.find((m) => m.id === found.mutilationId)!.label}${found.location === undefined ? '' : ` (${found.location})`} is for good: no Healing gives it back.`, 'injury');
    }
    const taken = c.stats.con.score - c.woundsLeft;
    if (wounds > taken) return refuse('too-many-wounds', `${c.name} has taken ${taken} Wound${taken === 1 ? '' : 's'}; close at most that many.`, 'wounds');
    return ok({ injury, wounds, source: textOf(v, 'source') });
  },
  apply(_rng, c, s) {
    const lines: string[] = [];
    let injuries = c.injuries;
    if (s.injury !== undefined) {
      const healed = c.injuries[s.injury - 1]!;
      injuries = c.injuries.filter((_, i) => i !== s.injury! - 1);
      lines.push(`Healed: ${MUTILATIONS.find((m) => m.id === healed.mutilationId)!.label}${healed.mutilationId === 'agony' ? ' (Toughness can come back again)' : ''}`);
    }
    const woundsLeft = c.woundsLeft + s.wounds;
    if (s.wounds > 0) lines.push(`Wounds left ${c.woundsLeft} -> ${woundsLeft}`);
    return changed({ ...c, injuries, woundsLeft }, `Healing${s.source === undefined ? '' : ` (${s.source})`}: ${lines.join('; ')}`, lines);
  },
};

const CONDITION_PARAMS = [
  {
    kind: 'choice', name: 'condition', label: 'Condition', isRequired: true, example: 'standing',
    help: 'Standing, unconscious or dead: a countdown ran out, a sleeper woke, the dead were raised.',
    choices: CONDITIONS.map((id) => ({ id, label: CONDITION_LABELS[id] })),
  },
  { kind: 'text', name: 'cause', label: 'Cause', help: 'Why ("Bled out", "Woke after 9 hours", "Raised at the shrine").', maxLength: MAX_REASON_LENGTH },
] as const satisfies readonly ParamDef[];

/** The Smith's word on who stands, lies or is dead: countdowns, waking, resurrection, Lucky (SL-27). */
export const setConditionChange: ChangeProcedure<{ condition: CharacterCondition; cause: string | undefined }> = {
  def: {
    id: 'set-condition', label: 'Standing, unconscious or dead', by: 'smith', rollsDice: false, ref: `${SLAMD_REF}, Injury; Mutilation`, params: CONDITION_PARAMS,
    help: 'The Smith says how the character is: dead when a countdown runs out, awake after the hours pass, raised when resurrection is possible.',
  },
  prepare(c, v) {
    const condition = v['condition'] as CharacterCondition;
    if (condition === c.condition) return refuse('same-condition', `${c.name} is already ${condition}.`, 'condition');
    if (c.condition === 'dead') {
      if (c.injuries.some((i) => i.mutilationId === BEYOND_RESURRECTION)) return refuse('beyond-resurrection', `${c.name} died Awful: not enough is left to resurrect.`, 'condition');
      if (c.woundsLeft === 0) return refuse('no-wounds-left', `${c.name} has no Wounds left; close one with Healing (heal, wounds) before raising them.`, 'condition');
    }
    return ok({ condition, cause: textOf(v, 'cause') });
  },
  apply(_rng, c, s) {
    const line = `${c.name}: ${CONDITION_LABELS[c.condition]} -> ${CONDITION_LABELS[s.condition]}${s.cause === undefined ? '' : ` (${s.cause})`}`;
    return changed({ ...c, condition: s.condition }, line, [line]);
  },
};
