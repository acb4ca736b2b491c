/**
 * Traits: pick two at creation or roll three. Rules: So Long as Men Die, Traits; Character Creation.
 * Rulings SL-4 (rolling three), SL-13 (trait effects the engine applies).
 */
import { SLAMD_REF } from '../attributes.js';
import { partSlot, slots, type SlotSize } from './slots.js';
import type { WeaponDamage, WeaponQualityId } from './weapons.js';

const TRAITS_REF = `${SLAMD_REF}, Traits`;

/** Traits picked at creation (Traits). */
export const TRAITS_PICKED = 2;

/** Traits rolled at creation, instead of picking (Traits). */
export const TRAITS_ROLLED = 3;

/**
 * What a trait changes that the engine applies; everything else stays in the description for the
 * Smith (ruling SL-13).
 */
export type TraitEffect =
  /** Toughness Dice also (add) or no longer (remove) exhaust on this face. */
  | { readonly kind: 'exhaust-face'; readonly face: number; readonly change: 'add' | 'remove'; readonly onlyUnarmoured: boolean }
  | { readonly kind: 'stowed-slots'; readonly amount: number }
  | { readonly kind: 'readied-slots'; readonly amount: number }
  | { readonly kind: 'attack-bonus'; readonly amount: number; readonly when: 'always' | 'against-self-defence' }
  /**
   * Bare hands changed by a trait: new damage, added qualities, and whether the trait makes them lethal
   * (a Lizard's claws); fists that only hit harder stay Nonlethal (ruling SL-21).
   */
  | { readonly kind: 'bare-hands'; readonly damage: WeaponDamage | null; readonly qualities: readonly WeaponQualityId[]; readonly isLethal?: true }
  | { readonly kind: 'toughness-dice'; readonly amount: number }
  | { readonly kind: 'all-stats'; readonly amount: number }
  /** Hands added (a third arm) or lost (one hand). */
  | { readonly kind: 'hands'; readonly amount: number }
  /** The creature has exactly this many hands (a dog's mouth). */
  | { readonly kind: 'hands-exactly'; readonly count: number }
  /** How much each hand may hold. */
  | { readonly kind: 'hand-capacity'; readonly slots: SlotSize }
  | { readonly kind: 'natural-armour'; readonly armourId: string }
  | { readonly kind: 'speed'; readonly feet: number }
  | { readonly kind: 'natural-weapon'; readonly label: string; readonly damage: WeaponDamage }
  | { readonly kind: 'free-object-interactions' }
  /** Something else counts as a quality of a full meal. */
  | { readonly kind: 'meal-substitute'; readonly substitute: MealSubstituteId; readonly counts: MealQualityId }
  | { readonly kind: 'no-meal-needed' }
  | { readonly kind: 'lucky' };

/** A quality of a full meal (Toughness: two of them, then six hours' sleep). */
export type MealQualityId = 'hot' | 'meat' | 'locked-room' | 'alcohol';

/** The meal qualities in the text's order. */
export const MEAL_QUALITY_IDS = ['hot', 'meat', 'locked-room', 'alcohol'] as const satisfies readonly MealQualityId[];

/** Things some traits may count as a meal quality. */
export type MealSubstituteId = 'fresh-bloody-meat' | 'fresh-water' | 'sunlight' | 'fungus' | 'blood';

/** The meal substitutes. */
export const MEAL_SUBSTITUTE_IDS = ['fresh-bloody-meat', 'fresh-water', 'sunlight', 'fungus', 'blood'] as const satisfies readonly MealSubstituteId[];

/** A trait: its number on the roll, its label, our short description and its effects. */
export interface SlamdTrait {
  readonly id: string;
  readonly label: string;
  /** Its number when rolled: one number each, 1 to the number of traits (ruling SL-4). */
  readonly roll: { readonly min: number; readonly max: number };
  readonly description: string;
  readonly effects: readonly TraitEffect[];
  readonly ref: string;
}

const t = (n: number, id: string, label: string, description: string, effects: readonly TraitEffect[] = []): SlamdTrait => ({
  id, label, roll: { min: n, max: n }, description, effects, ref: TRAITS_REF,
});

/**
 * The trait table, in the text's order.
 * @example TRAITS[19] // { id: 'healthy', label: 'Healthy', effects: [{ kind: 'toughness-dice', amount: 1 }], ... }
 */
export const TRAITS = [
  t(1, 'artful-dodger', 'Artful Dodger', 'Toughness Dice exhaust only on a 6 while no armour is worn (a shield is allowed).', [{ kind: 'exhaust-face', face: 5, change: 'remove', onlyUnarmoured: true }]),
  t(2, 'brick-shithouse', 'Brick Shithouse', 'Six more Stowed slots.', [{ kind: 'stowed-slots', amount: 6 }]),
  t(3, 'psychopath', 'Psychopath', 'Deaths leave you cold; +2 on Attack Rolls against those defending themselves.', [{ kind: 'attack-bonus', amount: 2, when: 'against-self-defence' }]),
  t(4, 'pugilist', 'Pugilist', 'Bare hands hit for 1d6 and are Light.', [{ kind: 'bare-hands', damage: { kind: 'dice', count: 1, sides: 6 }, qualities: ['light'] }]),
  t(5, 'blind', 'Blind', 'No sight: ranged weapons are out, melee takes strict drill; long practice keeps you adventuring.'),
  t(6, 'boon-companion', 'Boon Companion', 'A devoted dire wolf, horse or shark; while you live, one exhausted Toughness Die revives it; it can shrink to pocket size.'),
  t(7, 'chosen', 'Chosen', 'Start with a magic sword the GM picks; uninjured, it shoots beams at 15 ft; an evil hunter is after you and yours.'),
  t(8, 'dog', 'Dog', 'Speed 60 ft; the mouth is your one hand and bites for 1d6; your party reads your body language; armour must be made to fit.', [
    { kind: 'speed', feet: 60 }, { kind: 'hands-exactly', count: 1 }, { kind: 'natural-weapon', label: 'Bite', damage: { kind: 'dice', count: 1, sides: 6 } },
  ]),
  t(9, 'one-handed', 'One Handed', 'A coin decides which hand is gone (thieves lose the left, deserters the right); folk treat you poorly; long practice keeps you adventuring.', [{ kind: 'hands', amount: -1 }]),
  t(10, 'sense-of-smell', 'Sense of Smell', 'Smell bad meat, foul water, sickness, curses, oil traps, lies, undead, demons and blood, and how long ago they were here.'),
  t(11, 'telepath', 'Telepath', 'Speak mind to mind and send simple pictures within 100 ft to creatures you know are there; the willing may lend you their eyes.'),
  t(12, 'transgender', 'Transgender', 'Self-made; strangers have views on you; nothing can polymorph, mutate or transfigure you against your will.'),
  t(13, 'leper', 'Leper', 'Bare hands carry Terror; most creatures keep well away.', [{ kind: 'bare-hands', damage: null, qualities: ['terror'] }]),
  t(14, 'crop', 'Crop', 'Two more Readied slots, in your stomach.', [{ kind: 'readied-slots', amount: 2 }]),
  t(15, 'ghoulthirst', 'Ghoulthirst', 'Undead leave you uneaten; eating people is fine by you; fresh bloody meat counts as hot food.', [{ kind: 'meal-substitute', substitute: 'fresh-bloody-meat', counts: 'hot' }]),
  t(16, 'lucky', 'Lucky', 'The first killing blow or lasting mutilation passes you by.', [{ kind: 'lucky' }]),
  t(17, 'nobody-there', 'Nobody There', 'No shadow, tracks, smell or warmth; faces and names fade from memory; unreadable mind; alarms and magic traps ignore you; no true likeness.'),
  t(18, 'trick-magic-item', 'Trick Magic Item', 'Curses, conditions and locks on magic items do not stop you; an exhausted Toughness Die may stand in for a charge, one for one.'),
  t(19, 'talks-to-animals', 'Talks to Animals', 'Animals understand you and answer.'),
  t(20, 'healthy', 'Healthy', 'One more Toughness Die.', [{ kind: 'toughness-dice', amount: 1 }]),
  t(21, 'jack', 'Jack', 'Every stat is 2 higher.', [{ kind: 'all-stats', amount: 2 }]),
  t(22, 'branded', 'Branded', 'Creatures of darkness go for you first; others may trade your life to them.'),
  t(23, 'spitter', 'Spitter', 'Spit any liquid precisely up to 60 ft, enough to put out a torch; an unswallowed mouthful keeps your mouth safe from harm.'),
  t(24, 'sickly', 'Sickly', 'Toughness Dice exhaust on a 4 as well; others ignore you as a threat until you strike.', [{ kind: 'exhaust-face', face: 4, change: 'add', onlyUnarmoured: false }]),
  t(25, 'paranoid', 'Paranoid', 'Poison, venom, disease and murder in your sleep cannot touch you.'),
  t(26, 'princely', 'Princely', 'Your enemies prefer to take you alive.'),
  t(27, 'robot', 'Robot', 'Bare skin counts as plate; no food or air; bound by the three laws of robotics; full immersion in water destroys you.', [{ kind: 'natural-armour', armourId: 'plate' }, { kind: 'no-meal-needed' }]),
  t(28, 'third-arm', 'Third Arm, Prehensile Tail, Juggler', 'A third hand for holding.', [{ kind: 'hands', amount: 1 }]),
  t(29, 'fast-hands', 'Fast Hands', 'Object interactions cost only a free action.', [{ kind: 'free-object-interactions' }]),
  t(30, 'elf', 'Elf', 'Fresh water counts as alcohol and sunlight as food; no fall damage; pressure plates stay still.', [
    { kind: 'meal-substitute', substitute: 'fresh-water', counts: 'alcohol' }, { kind: 'meal-substitute', substitute: 'sunlight', counts: 'meat' },
  ]),
  t(31, 'dwarf', 'Dwarf', 'Fungus counts as hot food; you can sleep in armour; pits and spikes cannot hurt you.', [{ kind: 'meal-substitute', substitute: 'fungus', counts: 'hot' }]),
  t(32, 'ogre', 'Ogre', 'Each hand holds two slots.', [{ kind: 'hand-capacity', slots: slots(2) }]),
  t(33, 'orc', 'Orc', '+2 on Attack Rolls; all who meet you loathe you and act on it.', [{ kind: 'attack-bonus', amount: 2, when: 'always' }]),
  t(34, 'vampire', 'Vampire', 'Garlic and holy symbols are Terror to you; roll a Toughness Die each round in daylight; blood counts as alcohol and hot food; your prey sleeps a day; only beheading, a stake and sunlight end you.', [
    { kind: 'meal-substitute', substitute: 'blood', counts: 'alcohol' }, { kind: 'meal-substitute', substitute: 'blood', counts: 'hot' },
  ]),
  t(35, 'hobbit', 'Hobbit', 'Each hand holds half a slot, so one-handed weapons need both; one free Disarm or steal each round.', [{ kind: 'hand-capacity', slots: partSlot(2) }]),
  t(36, 'lizard', 'Lizard', 'Bare skin counts as leather; you breathe water; your hands are claws for 1d6.', [
    { kind: 'natural-armour', armourId: 'leather' }, { kind: 'bare-hands', damage: { kind: 'dice', count: 1, sides: 6 }, qualities: [], isLethal: true },
  ]),
  t(37, 'centaur', 'Centaur', 'You always count as mounted.'),
  t(38, 'starseed', 'Starseed', 'Albino, with acid for blood; you stride over water, up walls and across ceilings, but floors will not hold you.'),
  t(39, 'monkeys-paw', 'Monkey\'s Paw', 'One wish remains; the earlier ones went badly.'),
  t(40, 'explosive', 'Explosive', 'As a free action, blow yourself up: 4d10 to all within 15 ft, and you die.'),
  t(41, 'skinwalker', 'Skinwalker', 'Wear the skins of living things; only those close to them notice; stats stay yours.'),
  t(42, 'wings', 'Wings', 'Fly 30 ft as a move, rolling a Toughness Die each time; not while encumbered or in armour heavier than leather.'),
  t(43, 'second-head', 'Second Head', 'Live through one beheading.'),
  t(44, 'wheelchair-bound', 'Wheelchair Bound', 'Melee weapons bigger than a dagger are beyond you unless they Brace; out of your chair or off a mount you are prone; long practice keeps you adventuring.'),
  t(45, 'firebreather', 'Firebreather', 'Breathe a 25 ft cone of fire, declared like any special attack; its Attack Roll is the sum of the Toughness Dice you choose to roll.'),
] as const satisfies readonly SlamdTrait[];

/** The die the trait table is rolled on: one number per trait (ruling SL-4). */
export const TRAIT_DIE = TRAITS.length;

/** The trait with this id, or undefined. */
export function findTrait(id: string): SlamdTrait | undefined {
  return TRAITS.find((x) => x.id === id);
}

/** Every effect of the given traits, in trait order. */
export function traitEffects(traitIds: readonly string[]): TraitEffect[] {
  const out: TraitEffect[] = [];
  for (const id of traitIds) {
    const trait = findTrait(id);
    if (trait === undefined) throw new RangeError(`no trait ${id}`);
    out.push(...trait.effects);
  }
  return out;
}
