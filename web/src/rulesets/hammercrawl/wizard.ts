/**
 * HAMMERCRAWL!'s creation form on top of the contract's options (src/rules/hammercrawl/creation-options.ts):
 * under Option B or P every choice the rules give, each shown only where the choices so far allow it
 * (a stock's prime stat once a stock with a choice is chosen, a shtick for a Combatant, a Holy Mage's
 * power for that focus...), ids offered as lists of their labels, and the lists (skills, WPs, weapons,
 * Devout powers...) described for the list editor of wizard-fields.tsx. Anything left open is rolled.
 * Rules: HAMMERCRAWL! v4, CHARACTER CREATION (Option B: Semi-Random; Option P). Rulings: CR-1 to CR-13.
 */
import type { ParamChoice, ParamDef } from '../../../../src/rules/rule-system.js';
import type { StatId } from '../../../../src/rules/hammercrawl/check-modifiers.js';
import { STAT_IDS } from '../../../../src/rules/hammercrawl/check-modifiers.js';
import type { CreationMethod } from '../../../../src/rules/hammercrawl/character.js';
import { CREATION_OPTIONS } from '../../../../src/rules/hammercrawl/creation-options.js';
import {
  CASTER_TYPES,
  CHOOSABLE_WEAPON_IDS,
  SELECTABLE_WP_IDS,
  SPELLBLADE_STYLES,
  featuresOf,
  holyMagePowerIds,
  isUnwrittenFeature,
  isUnwrittenVersion,
  labelOf,
  saveFeatOf,
  stocksFor,
  weaponOfChoiceCount,
} from '../../../../src/rules/hammercrawl/create-character.js';
import { CLASSES, DEVOUT_POWERS, SPELLCASTING_PROFILES, type CharacterClass } from '../../../../src/rules/hammercrawl/data/classes.js';
import { SKILLS, type SkillChoice } from '../../../../src/rules/hammercrawl/data/skills.js';
import type { PrimeStatRule, Stock } from '../../../../src/rules/hammercrawl/data/stocks.js';
import { wpCount } from '../../../../src/rules/hammercrawl/derived.js';
import type { FormValues } from '../../lib/params.js';

/** Said of a choice whose rules are only a name so far: it may be taken, the Smith rules on it (CR-8). */
export const UNWRITTEN_NOTE = ' (not written yet: the Smith rules on it)';

/** The highest stat mod at creation (a score of 18: +3), for the most skills a class can have. */
const MAX_PRIME_SKILL_BONUS = 3;
/** The most skills of Option P: the INT score, at most 18 (CR-10). */
const MAX_PALLADIUM_SKILLS = 18;

/** The form field that keeps the Devout's pattern (not a creation option: it shapes the list). */
export const DEVOUT_PATTERN_FIELD = 'devout-pattern';

/** How the Devout's powers are chosen: rolled, three basic, or one basic and one advanced (CR-7). */
export type DevoutPattern = 'roll' | 'three-basic' | 'basic-and-advanced';

function methodOf(values: FormValues): CreationMethod {
  const m = values['method'];
  return m === 'semi' || m === 'palladium' ? m : 'random';
}

function textOf(values: FormValues, name: string): string {
  const v = values[name];
  return typeof v === 'string' ? v.trim() : '';
}

function stockOfValues(values: FormValues): Stock | null {
  const id = textOf(values, 'stock');
  return id === '' ? null : (stocksFor(methodOf(values)).find((s) => s.id === id) ?? null);
}

function classOfValues(values: FormValues): CharacterClass | null {
  const id = textOf(values, 'class');
  return id === '' ? null : (CLASSES.find((c) => c.id === id) ?? null);
}

function primeChoices(rule: PrimeStatRule): readonly StatId[] {
  return rule.kind === 'fixed' ? [] : rule.from;
}

/** The class prime stat as chosen, or fixed by the class; null while it is rolled. */
function classPrimeOf(cls: CharacterClass, values: FormValues): StatId | null {
  if (cls.primeStat.kind === 'fixed') return cls.primeStat.stat;
  const chosen = textOf(values, 'class-prime');
  return (STAT_IDS as readonly string[]).includes(chosen) ? (chosen as StatId) : null;
}

function hasFreeStatOrder(stock: Stock | null): boolean {
  return stock !== null && stock.abilities.some((a) => a.effects.some((e) => e.kind === 'free-stat-order'));
}

function choice(name: string, label: string, help: string, choices: readonly ParamChoice[]): ParamDef {
  return { name, kind: 'choice', label, help, choices };
}

function statChoices(stats: readonly StatId[]): ParamChoice[] {
  return stats.map((s) => ({ id: s, label: s }));
}

/** One list of the form: the ids it offers, how many, and whether an entry takes a text of its own. */
export interface ListSpec {
  readonly name: string;
  readonly label: string;
  readonly help: string;
  /** The label of one entry ("Skill", "Weapon"). */
  readonly itemLabel: string;
  readonly choices: readonly ParamChoice[];
  /** The most entries the rules allow for the choices so far. */
  readonly max: number;
  /** The same id may be chosen twice (weapons of choice, CR-13). */
  readonly mayRepeat: boolean;
  /** What an entry's own text is for ("medium", "animal"), or null when it takes none. */
  textFor(id: string): string | null;
}

function noText(): null {
  return null;
}

const SKILL_TEXT: Readonly<Record<SkillChoice, string>> = { medium: 'medium', kind: 'kind', culture: 'culture', animal: 'animal' };

/** What a skill's own text names: its medium, kind, culture or animal, or a specialization it requires (CR-10). */
export function skillTextFor(id: string): string | null {
  const skill = SKILLS.find((s) => s.id === id);
  if (!skill) return null;
  if (skill.choiceOf !== null) return SKILL_TEXT[skill.choiceOf];
  return skill.requiresSpecialization ? 'specialization' : null;
}

const byLabel = (a: ParamChoice, b: ParamChoice) => a.label.localeCompare(b.label);

/** The skills of the non-silly list by label (the silly list is not printed; CR-10). */
const SKILL_CHOICES: readonly ParamChoice[] = SKILLS.map((s) => ({ id: s.id, label: s.label })).sort(byLabel);
const WP_CHOICES: readonly ParamChoice[] = SELECTABLE_WP_IDS.map((id) => ({ id, label: labelOf(id) })).sort(byLabel);
const WEAPON_CHOICES: readonly ParamChoice[] = CHOOSABLE_WEAPON_IDS.map((id) => ({ id, label: labelOf(id) })).sort(byLabel);

/** The Spellblade's styles with the stat each casts with. */
const STYLE_CHOICES: readonly ParamChoice[] = SPELLBLADE_STYLES.map((id) => {
  const profile = SPELLCASTING_PROFILES.find((p) => p.id === 'spellblade-spellcasting');
  const style = profile?.spellStat.kind === 'by-style' ? profile.spellStat.styles.find((s) => s.id === id) : undefined;
  return { id, label: style ? `${style.label} (casts with ${style.stat})` : labelOf(id) };
});

/**
 * What the SOC roll option means for the player (ruling CR-3): SOC, which sets the starting coins and
 * standing, rolls its own 3d6 so its table's odds hold; or it joins the rolls the prime stats pick from.
 */
export const SOC_ROLL_HELP =
  'SOC (social standing) sets your starting coins. “Its own 3d6”, the usual reading, rolls it on its own, so Royalty and the other statuses come up as often as the SOC table says. “Among the rolls for the prime stats” puts its roll in with the six others: the prime stats take the two highest, and SOC is often left a low roll (fewer coins).';

/**
 * What the starting kit option means for the player (ruling CR-17): the rules print no prices, so
 * nothing is bought; a character the listed kit leaves unarmed gets one weapon instead, or not.
 */
export const STARTING_KIT_HELP =
  'The rules print no prices, so no gear is bought: you keep your coins and the kit your class lists. “A weapon for whoever has none”, the usual reading, gives a character whose kit holds no fighting weapon (a Devout, a True Mage) one weapon they are trained in, held in hand. “Only the listed kit” gives nothing more.';

/** The creation options to show for the values chosen so far (the contract's `options`, as the ruleset gives them). */
export function hammercrawlCreationDefs(defs: readonly ParamDef[], values: FormValues): ParamDef[] {
  const method = methodOf(values);
  const stock = stockOfValues(values);
  const cls = classOfValues(values);
  const prime = cls ? classPrimeOf(cls, values) : null;
  const out: ParamDef[] = [];
  for (const d of defs) {
    switch (d.name) {
      case 'method':
        out.push({ ...d, help: 'Option A rolls everything. Option B lets you choose any part and rolls the rest. Option P is Option B with the Palladium setting’s stocks.' });
        break;
      case 'name':
        out.push({ ...d, help: 'Left empty, a name is rolled.' });
        break;
      case 'soc-roll':
        out.push({ ...d, help: SOC_ROLL_HELP });
        break;
      case 'starting-kit':
        out.push({ ...d, help: STARTING_KIT_HELP });
        break;
      case 'stock':
        if (method === 'random') break;
        out.push(
          choice(
            'stock',
            'Stock',
            method === 'palladium' ? 'Your people, from the Palladium setting’s list.' : 'Your people: each has a prime stat and gifts of its own.',
            stocksFor(method).map((s) => ({ id: s.id, label: s.label })),
          ),
        );
        break;
      case 'stock-prime':
        if (method === 'random' || !stock || primeChoices(stock.primeStat).length === 0) break;
        out.push(choice('stock-prime', `${stock.label} prime stat`, 'This stock lets you choose its prime stat: it gets one of the two highest stat rolls.', statChoices(primeChoices(stock.primeStat))));
        break;
      case 'stat-priority':
        // Shown as a list (wizard-fields): only for a stock that assigns its stats in any order (CR-5).
        if (method !== 'random' && hasFreeStatOrder(stock)) out.push(d);
        break;
      case 'class':
        if (method === 'random') break;
        out.push({ ...d, help: 'What your character does best.' });
        break;
      case 'class-prime':
        if (method === 'random' || !cls || primeChoices(cls.primeStat).length === 0) break;
        out.push(choice('class-prime', `${cls.label} prime stat`, 'It gets one of the two highest stat rolls and gives bonus skills.', statChoices(primeChoices(cls.primeStat))));
        break;
      case 'shtick':
        if (method === 'random' || cls?.id !== 'combatant') break;
        out.push(choice('shtick', 'Shtick', 'The Combatant’s fighting style.', featuresOf('combatant', 'shtick').map((f) => ({ id: f.id, label: f.label + (isUnwrittenFeature(f) ? UNWRITTEN_NOTE : '') }))));
        break;
      case 'spellblade-style':
        if (method === 'random' || cls?.id !== 'combatant' || textOf(values, 'shtick') !== 'spellblade') break;
        out.push(choice('spellblade-style', 'Spellblade style', 'Which stat the Spellblade casts with.', STYLE_CHOICES));
        break;
      case 'caster-type':
        if (method === 'random' || cls?.id !== 'combatant' || textOf(values, 'shtick') !== 'spellblade') break;
        out.push(choice('caster-type', 'Caster type', 'A scholastic caster learns magick; a believer is given it.', CASTER_TYPES.map((t) => ({ id: t, label: t === 'scholastic' ? 'Scholastic' : 'Believer' }))));
        break;
      case 'focus':
        if (method === 'random' || cls?.id !== 'true-mage') break;
        out.push(choice('focus', 'Focus', 'The kind of True Mage.', featuresOf('true-mage', 'focus').map((f) => ({ id: f.id, label: f.label }))));
        break;
      case 'holy-mage-power':
        if (method === 'random' || cls?.id !== 'true-mage' || textOf(values, 'focus') !== 'holy-mage') break;
        out.push(
          choice(
            'holy-mage-power',
            'Holy Mage power',
            'A Holy Mage starts with one advanced Devout power.',
            holyMagePowerIds(true).map((id) => ({ id, label: labelOf(id) + (isUnwrittenVersion(DEVOUT_POWERS.find((p) => p.id === id)!.advanced) ? UNWRITTEN_NOTE : '') })),
          ),
        );
        break;
      case 'devout-powers':
        if (method !== 'random' && cls?.id === 'devout') out.push(d);
        break;
      case 'specialist-choices':
      case 'specialties':
        if (method !== 'random' && cls?.id === 'specialist') out.push(d);
        break;
      case 'save-feat': {
        if (method === 'random' || !cls) break;
        const feat = saveFeatOf(cls);
        if (!feat) break;
        // The Specialist's other Save differs from the prime stat: offered once the prime stat is chosen.
        if (feat.excludesPrime && prime === null) break;
        out.push(choice('save-feat', 'Save Feat', feat.excludesPrime ? 'One more Save the Specialist rolls as a Feat.' : 'The Save the Combatant rolls as a Feat.', statChoices(feat.options(prime ?? 'SOC'))));
        break;
      }
      case 'skills':
      case 'wps':
        if (method !== 'random') out.push(d);
        break;
      case 'weapons':
        if (method !== 'random' && cls !== null && weaponOfChoiceCount(cls) > 0) out.push(d);
        break;
      default:
        out.push(d);
    }
  }
  return out;
}

/** The names of the options drawn as lists by the list editor. */
export const LIST_FIELDS: ReadonlySet<string> = new Set(['stat-priority', 'devout-powers', 'specialist-choices', 'specialties', 'skills', 'wps', 'weapons']);

/** The list editor's description of a list option for the values so far; null for an option that is not a list. */
export function hammercrawlListSpec(name: string, values: FormValues): ListSpec | null {
  const method = methodOf(values);
  const cls = classOfValues(values);
  const prime = cls ? classPrimeOf(cls, values) : null;
  switch (name) {
    case 'stat-priority':
      return { name, label: 'Stat order', help: 'Adaptability: your highest rolls go to these stats, best first; the others take the rest in rolled order.', itemLabel: 'Stat', choices: statChoices(STAT_IDS), max: STAT_IDS.length, mayRepeat: false, textFor: noText };
    case 'skills': {
      const base = method === 'palladium' ? MAX_PALLADIUM_SKILLS : (cls?.skills?.atLevelOne ?? Math.max(...CLASSES.map((c) => c.skills?.atLevelOne ?? 0)));
      const max = method === 'palladium' ? base : base + MAX_PRIME_SKILL_BONUS;
      const help =
        method === 'palladium'
          ? 'Option P gives as many skills as your INT score. Choose some; the rest are rolled.'
          : cls?.skills
            ? `A ${cls.label} has ${cls.skills.atLevelOne} skills, one more per point of a positive prime stat mod. Choose some; the rest are rolled.`
            : 'Your class sets how many skills you have. Choose some; the rest are rolled.';
      return { name, label: 'Skills', help, itemLabel: 'Skill', choices: SKILL_CHOICES, max, mayRepeat: false, textFor: skillTextFor };
    }
    case 'specialties': {
      const chosen = listEntries(values['skills']).map((e) => e.id).filter((id) => id !== '');
      return {
        name,
        label: 'Specialties',
        help: 'Specialist: your bonus skills are your specialties (at least one). Choose them among the skills you chose, or leave them to the rules.',
        itemLabel: 'Specialty',
        choices: [...new Set(chosen)].map((id) => ({ id, label: labelOf(id) })),
        max: Math.max(1, MAX_PRIME_SKILL_BONUS),
        mayRepeat: false,
        textFor: noText,
      };
    }
    case 'wps': {
      const picks = cls?.id === 'true-mage' && textOf(values, 'focus') !== '' ? [{ kind: 'focus' as const, id: textOf(values, 'focus') }] : [];
      const max = cls?.wps ? wpCount(cls, picks) : Math.max(...CLASSES.map((c) => c.wps?.atLevelOne ?? 0));
      return {
        name,
        label: 'Weapon Proficiencies',
        help: cls ? `This ${cls.label} learns ${max} Weapon Proficienc${max === 1 ? 'y' : 'ies'}. Choose some; the rest are rolled.` : 'Your class sets how many. Choose some; the rest are rolled.',
        itemLabel: 'Weapon Proficiency',
        choices: WP_CHOICES,
        max,
        mayRepeat: false,
        textFor: noText,
      };
    }
    case 'weapons': {
      const max = cls ? weaponOfChoiceCount(cls) : 0;
      return { name, label: 'Weapons of choice', help: `A ${cls?.label ?? 'character'} starts with ${max} weapon${max === 1 ? '' : 's'} of choice; the rest are rolled among those you are proficient in.`, itemLabel: 'Weapon', choices: WEAPON_CHOICES, max, mayRepeat: true, textFor: noText };
    }
    case 'specialist-choices': {
      const offered = featuresOf('specialist', 'specialist-choice').filter((f) => prime === null || f.requires.every((q) => q.stat === prime));
      return {
        name,
        label: 'Specialist choices',
        help: 'A Specialist chooses 2 (the Commander needs CHA as prime stat). Choose some; the rest are rolled.',
        itemLabel: 'Choice',
        choices: offered.map((f) => ({ id: f.id, label: f.label + (isUnwrittenFeature(f) ? UNWRITTEN_NOTE : '') })),
        max: 2,
        mayRepeat: false,
        textFor: noText,
      };
    }
    case 'devout-powers': {
      const pattern = devoutPatternOf(values);
      return {
        name,
        label: 'Devout powers',
        help: 'A Devout starts with 3 basic powers, or 1 basic and 1 advanced.',
        itemLabel: 'Power',
        choices: DEVOUT_POWERS.map((p) => ({ id: p.id, label: p.label + (isUnwrittenVersion(p.basic) ? UNWRITTEN_NOTE : '') })),
        max: pattern === 'three-basic' ? 3 : pattern === 'basic-and-advanced' ? 2 : 0,
        mayRepeat: false,
        textFor: noText,
      };
    }
    default:
      return null;
  }
}

/** The advanced powers a Devout may start with (those the rules give an advanced version). */
export const ADVANCED_DEVOUT_CHOICES: readonly ParamChoice[] = DEVOUT_POWERS.filter((p) => p.advanced !== null).map((p) => ({ id: p.id, label: p.label + (isUnwrittenVersion(p.advanced) ? UNWRITTEN_NOTE : '') }));

/** The Devout's pattern as the form keeps it. */
export function devoutPatternOf(values: FormValues): DevoutPattern {
  const p = values[DEVOUT_PATTERN_FIELD];
  return p === 'three-basic' || p === 'basic-and-advanced' ? p : 'roll';
}

/** One entry of a list as the form keeps it (`art:oils`): its id and its own text. */
export interface ListEntry {
  readonly id: string;
  readonly text: string;
}

/**
 * A list option's value read into entries, blanks kept (a row the player added and has not filled).
 * @example listEntries('art:oils,,riding') // [{ id: 'art', text: 'oils' }, { id: '', text: '' }, { id: 'riding', text: '' }]
 */
export function listEntries(value: string | boolean | undefined): ListEntry[] {
  if (typeof value !== 'string' || value === '') return [];
  return value.split(',').map((part) => {
    const at = part.indexOf(':');
    return at < 0 ? { id: part.trim(), text: '' } : { id: part.slice(0, at).trim(), text: part.slice(at + 1).trim() };
  });
}

/**
 * Entries written back as the option's value; an entry's text loses the commas that would split it. A
 * single blank row is a space, so that it is told from no row at all.
 */
export function listValue(entries: readonly ListEntry[]): string {
  const text = entries.map((e) => (e.text.trim() === '' ? e.id : `${e.id}:${e.text.replace(/,/g, ' ').trim()}`)).join(',');
  return text === '' && entries.length === 1 ? ' ' : text;
}

/**
 * Values without the choices the values so far do not allow (switching to Option A clears them; a
 * shtick goes with another class), lists without their blank rows. What was hidden stays in the form's
 * own values, so switching back brings it back.
 */
export function hammercrawlValues(values: FormValues): FormValues {
  const shown = new Set(hammercrawlCreationDefs(CREATION_OPTIONS, values).map((d) => d.name));
  const out: Record<string, string | boolean> = {};
  for (const [k, v] of Object.entries(values)) {
    if (k === DEVOUT_PATTERN_FIELD) {
      if (shown.has('devout-powers')) out[k] = v;
      continue;
    }
    if (!shown.has(k)) continue;
    out[k] = LIST_FIELDS.has(k) ? listValue(listEntries(v).filter((e) => e.id !== '')) : v;
  }
  // The Devout's list follows the pattern: rolled powers send none.
  if (shown.has('devout-powers') && devoutPatternOf(values) === 'roll') delete out['devout-powers'];
  return out;
}
