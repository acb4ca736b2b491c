/**
 * The changes of play that make a character more: a level (HP grow by one, the formula's level term),
 * an attribute upgraded (up to 18), attribute damage restored by treatment or magic, weapon training,
 * languages. The text has no experience points: the DM grants each of these (ruling EH-29).
 * Rules: The Exalted Hack, Resolving Actions and Attributes (Constitution, Intelligence, Attribute
 * Limit); Powerful NPCs; Weapons; Recovery. Rulings: EH-10, EH-28, EH-29, EH-32.
 */
import { problem } from '../rule-system.js';
import { EPIC_LEVEL, MAX_ATTRIBUTE_SCORE, MAX_LEVEL, attributeShort, type AttributeId } from './attributes.js';
import { MAX_LABEL_LENGTH, MAX_LANGUAGES, currentScore, withAttributeDamage, type ExaltedHackCharacter, type KnownLanguage, type WeaponTraining } from './character.js';
import { FLUENT_POINTS, LANGUAGES, LANGUAGE_FLUENCY } from './data/languages.js';
import { maxHitPoints } from './hit-points.js';
import { boolOf, intOf, textOf } from './params.js';
import { attributeChoiceParam, changed, entryId, fixed, lostRefusal, sourceParam, sourcePrefix, type ChangeRule } from './play-common.js';

const REF = 'The Exalted Hack';

/**
 * `c` with HP recomputed from its score, Hit Die and level (Constitution): the maximum moves by the
 * formula, and current HP move with it, except a dying character's, who stays at 0 until healed (EH-29).
 */
function withMaxHp(c: ExaltedHackCharacter): ExaltedHackCharacter {
  const max = maxHitPoints(c.stats.con.score, c.hitDie, c.level);
  const current = c.isDying ? 0 : Math.max(0, Math.min(max, c.hp.current + max - c.hp.max));
  return { ...c, hp: { current, max } };
}

/** A level: one more HP, the formula's level term (Constitution; ruling EH-29). */
export const LEVEL_UP: ChangeRule = {
  def: {
    id: 'level-up', label: 'Level up', by: 'smith', rollsDice: false, ref: `${REF}, Resolving Actions and Attributes (Constitution); Powerful NPCs`,
    help: 'The DM grants a level (the text has no XP): HP = CON + Hit Die maximum + level, so the maximum and current HP grow by 1.',
    params: [sourceParam('What earned it, for the history ("The Sunken Crypt").')],
  },
  prepare(c, v) {
    const lost = lostRefusal(c);
    if (lost !== null) return lost;
    if (c.level >= MAX_LEVEL) return problem('exalted-hack/top-level', `${c.name} is level ${MAX_LEVEL}, the highest (epic); there is no level above it.`);
    const next = withMaxHp({ ...c, level: c.level + 1 });
    const lines = [
      `level ${c.level} -> ${next.level}: maximum HP = CON ${c.stats.con.score} + Hit Die ${c.hitDie} + level ${next.level} = ${next.hp.max} (Constitution; ruling EH-29)`,
      c.isDying ? 'dying: current HP stay 0 until healed' : `current HP ${c.hp.current} -> ${next.hp.current}`,
      ...(next.level === EPIC_LEVEL ? [`level ${EPIC_LEVEL}: epic, a powerful NPC no longer halves this character's attributes (Powerful NPCs)`] : []),
      'the text gives a level nothing else; attribute upgrades, training and languages are the DM\'s own changes (ruling EH-29)',
    ];
    return fixed(changed(next, `${sourcePrefix(v)}level ${c.level} -> ${next.level}, HP max ${c.hp.max} -> ${next.hp.max}`, lines));
  },
};

/** An attribute upgraded, never past 18 (Attribute Limit; ruling EH-29). */
export const UPGRADE: ChangeRule = {
  def: {
    id: 'upgrade', label: 'Upgrade an attribute', by: 'smith', rollsDice: false, ref: `${REF}, Resolving Actions and Attributes (Attribute Limit; Constitution)`,
    help: 'The DM raises an attribute\'s score, up to 18 (Attribute Limit); a CON upgrade raises HP as the formula says.',
    params: [
      attributeChoiceParam('The attribute upgraded.'),
      { kind: 'integer', name: 'points', label: 'Points', min: 1, max: MAX_ATTRIBUTE_SCORE - 1, default: 1, help: 'Points added to the score, which may not pass 18.' },
      sourceParam('What earned it, for the history.'),
    ],
  },
  prepare(c, v) {
    const lost = lostRefusal(c);
    if (lost !== null) return lost;
    const id = textOf(v, 'attribute') as AttributeId;
    const points = intOf(v, 'points');
    const score = c.stats[id].score;
    const short = attributeShort(id);
    if (score + points > MAX_ATTRIBUTE_SCORE) {
      return problem('exalted-hack/above-attribute-limit', `${short} is ${score}; attributes go up to ${MAX_ATTRIBUTE_SCORE}, so at most ${MAX_ATTRIBUTE_SCORE - score} more point${MAX_ATTRIBUTE_SCORE - score === 1 ? '' : 's'} (--points).`, '$.points');
    }
    const raised = { ...c, stats: { ...c.stats, [id]: { score: score + points, current: c.stats[id].current + points } } };
    const next = id === 'con' ? withMaxHp(raised) : raised;
    const lines = [
      `${short} ${score} -> ${score + points} (at most ${MAX_ATTRIBUTE_SCORE}, Attribute Limit); damage it carries stays: now ${currentScore(c, id)} -> ${currentScore(next, id)}`,
      ...(id === 'con' ? [`maximum HP follow CON: ${c.hp.max} -> ${next.hp.max} (Constitution)`] : []),
    ];
    return fixed(changed(next, `${sourcePrefix(v)}${short} ${score} -> ${score + points}${id === 'con' ? `, HP max ${c.hp.max} -> ${next.hp.max}` : ''}`, lines));
  },
};

/** Attribute damage restored beyond rest: treatment, a costly potion or spell (Recovery; ruling EH-32). */
export const RESTORE: ChangeRule = {
  def: {
    id: 'restore', label: 'Restore an attribute', by: 'smith', rollsDice: false, ref: `${REF}, Recovery`,
    help: 'Treatment, a very expensive potion, a spell: attribute damage restored beyond what rest gives (Recovery).',
    params: [
      attributeChoiceParam('The damaged attribute.'),
      { kind: 'integer', name: 'points', label: 'Points', min: 1, max: MAX_ATTRIBUTE_SCORE, default: 1, help: 'Points of damage taken away (never more than the attribute carries).' },
      sourceParam('What restored it ("Potion of vigour").'),
    ],
  },
  prepare(c, v) {
    const lost = lostRefusal(c);
    if (lost !== null) return lost;
    const id = textOf(v, 'attribute') as AttributeId;
    const short = attributeShort(id);
    const damage = c.attributeDamage[id];
    if (damage === 0) return problem('exalted-hack/no-attribute-damage', `${short} carries no damage to restore; pick a damaged attribute.`, '$.attribute');
    const back = Math.min(damage, intOf(v, 'points'));
    const next = withAttributeDamage(c, id, damage - back);
    const lines = [`${back} point${back === 1 ? '' : 's'} of ${short} damage restored: ${currentScore(c, id)} -> ${currentScore(next, id)} of ${c.stats[id].score} (Recovery; ruling EH-32)`];
    return fixed(changed(next, `${sourcePrefix(v)}${short} restored ${currentScore(c, id)} -> ${currentScore(next, id)}`, lines));
  },
};

/** Weapon training gained or lost (Weapons; ruling EH-29). */
export const TRAINING: ChangeRule = {
  def: {
    id: 'training', label: 'Weapon training', by: 'smith', rollsDice: false, ref: `${REF}, Weapons`,
    help: 'The DM grants (or takes away) training in martial or heavy weapons; untrained, a weapon halves the attribute to hit.',
    params: [
      { kind: 'choice', name: 'weapon', label: 'Weapons', choices: [{ id: 'martial', label: 'Martial weapons' }, { id: 'heavy', label: 'Heavy weapons' }], isRequired: true, help: 'The category trained (light weapons need none).', example: 'martial' },
      { kind: 'boolean', name: 'forget', label: 'Take it away', default: false, help: 'Remove the training instead of granting it.' },
    ],
  },
  prepare(c, v) {
    const lost = lostRefusal(c);
    if (lost !== null) return lost;
    const weapon = textOf(v, 'weapon') as WeaponTraining;
    const isForget = boolOf(v, 'forget');
    const has = c.weaponTraining.includes(weapon);
    if (isForget && !has) return problem('exalted-hack/not-trained', `${c.name} has no ${weapon} training to take away.`, '$.weapon');
    if (!isForget && has) return problem('exalted-hack/already-trained', `${c.name} is already trained in ${weapon} weapons.`, '$.weapon');
    const training = isForget ? c.weaponTraining.filter((t) => t !== weapon) : (['martial', 'heavy'] as const).filter((t) => t === weapon || c.weaponTraining.includes(t));
    const next = { ...c, weaponTraining: training };
    const lines = [`${isForget ? 'no longer trained' : 'trained'} in ${weapon} weapons: ${isForget ? 'they halve the attribute to hit' : `no halving to hit, +${weapon === 'martial' ? 1 : 2} damage on the die`} (Weapons; ruling EH-29)`];
    return fixed(changed(next, `${isForget ? 'lost' : 'gained'} ${weapon} weapon training`, lines));
  },
};

/** The label a language is known by: the default list's, else as given (Intelligence; EH-10). */
function languageLabel(text: string): string {
  const key = text.trim().toLowerCase();
  return LANGUAGES.find((l) => l.id === key || l.label.toLowerCase() === key)?.label ?? text.trim();
}

/** A language learned, improved or forgotten (Intelligence; ruling EH-29). */
export const LANGUAGE: ChangeRule = {
  def: {
    id: 'language', label: 'Language', by: 'smith', rollsDice: false, ref: `${REF}, Resolving Actions and Attributes (Intelligence)`,
    help: 'The DM sets how well a language is known: 1 point with effort, 2 fluently, 0 forgotten; Common stays fluent.',
    params: [
      { kind: 'text', name: 'language', label: 'Language', maxLength: MAX_LABEL_LENGTH, isRequired: true, help: 'The language (a known one by its id or name, or a new one).', example: 'Elvish' },
      { kind: 'integer', name: 'points', label: 'Points', min: 0, max: FLUENT_POINTS, default: FLUENT_POINTS, help: '1: speaks and reads with effort; 2: fluently; 0: forgotten.' },
    ],
  },
  prepare(c, v) {
    const lost = lostRefusal(c);
    if (lost !== null) return lost;
    const label = languageLabel(textOf(v, 'language'));
    const points = intOf(v, 'points');
    const key = label.toLowerCase();
    const index = c.languages.findIndex((l) => l.id === key || l.label.toLowerCase() === key || l.id === entryId(label, [], MAX_LABEL_LENGTH));
    const known = index >= 0 ? c.languages[index]! : undefined;
    if (known?.id === 'common' && points < FLUENT_POINTS) return problem('exalted-hack/common-is-fluent', 'Every character speaks Common fluently; it cannot be lowered or forgotten.', '$.points');
    if (known === undefined && points === 0) return problem('exalted-hack/no-such-language', `${c.name} does not know ${label}; nothing to forget.`, '$.language');
    if (known !== undefined && known.points === points) return problem('exalted-hack/language-unchanged', `${c.name} already knows ${known.label} at ${points} point${points === 1 ? '' : 's'}; give other --points.`, '$.points');
    if (known === undefined && c.languages.length >= MAX_LANGUAGES) return problem('exalted-hack/too-many-languages', `A character lists at most ${MAX_LANGUAGES} languages; forget one first.`, '$.language');
    let languages: KnownLanguage[];
    if (known !== undefined) {
      languages = points === 0 ? c.languages.filter((_, i) => i !== index) : c.languages.map((l, i) => (i === index ? { ...l, points: points as 1 | 2 } : l));
    } else {
      const id = entryId(label, c.languages.map((l) => l.id), MAX_LABEL_LENGTH);
      if (id === null) return problem('exalted-hack/bad-label', 'A language needs a name with a letter or a digit.', '$.language');
      languages = [...c.languages, { id, label, points: points as 1 | 2 }];
    }
    const name = known?.label ?? label;
    const fluency = points === 0 ? 'forgotten' : LANGUAGE_FLUENCY.find((f) => f.points === points)!.label.toLowerCase();
    const lines = [`${name}: ${known === undefined ? 0 : known.points} -> ${points} point${points === 1 ? '' : 's'}, ${fluency} (Intelligence; ruling EH-29)`];
    return fixed(changed({ ...c, languages }, `${name} ${points === 0 ? 'forgotten' : `${points === FLUENT_POINTS ? 'fluent' : 'halting'} (${points})`}`, lines));
  },
};
