/**
 * The text sheet of a HAMMERCRAWL! character, as `char new` and `char show` print it and as the PDF
 * sheet (`char-pdf.ts`) lays it out.
 */
import { STAT_IDS, formatSigned, type StatId } from '../rules/hammercrawl/check-modifiers.js';
import type { Character, CreationMethod, CharacterSkill } from '../rules/hammercrawl/character.js';
import { stockOf } from '../rules/hammercrawl/create-character.js';
import { CLASS_FEATURES, DEVOUT_POWERS, SPELLCASTING_PROFILES } from '../rules/hammercrawl/data/classes.js';
import { BAGS, GEAR, GEAR_SIZES } from '../rules/hammercrawl/data/gear.js';
import { NETHERN_QUIRKS } from '../rules/hammercrawl/data/nethern-quirks.js';
import { SKILLS } from '../rules/hammercrawl/data/skills.js';
import { STOCK_SETTINGS } from '../rules/hammercrawl/data/stocks.js';
import { WEAPONS } from '../rules/hammercrawl/data/weapons.js';
import { WEAPON_PROFICIENCIES } from '../rules/hammercrawl/data/weapon-proficiencies.js';
import { baseArmourDie, baseHitDice, bonusLanguages, classById, maxHirelings, passiveDefense, pickEffects, socialStatusOf, stowSlots } from '../rules/hammercrawl/derived.js';
import { ARMOUR } from '../rules/hammercrawl/data/armour.js';
import { encumbrance } from '../rules/hammercrawl/inventory.js';

/** Width of a text sheet (fits an 80-column terminal). */
export const SHEET_WIDTH = 78;

/**
 * Words of `text` on lines of at most `width`, the first line starting with `prefix` (kept as it is,
 * spaces included), later lines indented by `indent` spaces.
 */
export function wrap(text: string, width = SHEET_WIDTH, indent = 2, prefix = ''): string[] {
  const words = text.split(/\s+/).filter((w) => w.length > 0);
  const lines: string[] = [];
  let line = prefix;
  let hasWord = false;
  for (const w of words) {
    if (hasWord && line.length + 1 + w.length > width) {
      lines.push(line);
      line = ' '.repeat(indent) + w;
    } else line = hasWord ? `${line} ${w}` : line + w;
    hasWord = true;
  }
  lines.push(line);
  return lines;
}

const RULE = '-'.repeat(SHEET_WIDTH);

/** What a psionic grade does to Saves against psionics (PSIONICS (PALLADIUM), Psionic Grades). */
const PSIONIC_SAVE_NOTE: Record<string, string> = {
  none: '',
  minor: '; powers and ISP by Palladium 1E',
  major: '; Saves against psionics +1 step; powers and ISP by Palladium 1E',
  master: '; Saves against psionics +2 steps; powers and ISP by Palladium 1E',
};

function labelOf(rows: readonly { readonly id: string; readonly label: string }[], id: string): string {
  return rows.find((r) => r.id === id)?.label ?? id;
}

function sizeLetter(size: string): string {
  const row = GEAR_SIZES.find((s) => s.id === size);
  return row?.letter ?? row?.label ?? size;
}

function skillText(skill: CharacterSkill): string {
  const row = SKILLS.find((s) => s.id === skill.id);
  if (!row) return skill.id;
  const stat = row.stat.kind === 'stat' ? row.stat.stat : row.stat.kind === 'either' ? row.stat.stats.join(' or ') : 'Varies';
  let text = `${row.label} (${stat})`;
  const what = row.choiceOf ?? (row.requiresSpecialization ? 'specialization' : null);
  if (what !== null) text += ` [${what}: ${skill.specialization ?? 'to choose'}]`;
  else if (skill.specialization !== null) text += ` [${skill.specialization}]`;
  if (skill.isSpecialty) text += skill.isCursed ? ' *specialty, CURSED*' : ' *specialty*';
  return text;
}

function methodText(method: CreationMethod): string {
  return method === 'random' ? 'Option A (random)' : method === 'semi' ? 'Option B (semi-random)' : 'Option P (Palladium)';
}

/** The feats of the character's class, with chosen Saves filled in. */
function featTexts(c: Character): string[] {
  const cls = classById(c.class);
  const classPrime = c.primeStats[c.primeStats.length - 1];
  return [...cls.feats.map((f) => {
    switch (f.scope.kind) {
      case 'save':
        return f.label;
      case 'save-choice':
      case 'other-save-choice': {
        const pick = c.classPicks.find((p) => p.kind === 'save-feat' && p.featId === f.id);
        return pick && pick.kind === 'save-feat' ? `${pick.stat} Saves (chosen)` : f.label;
      }
      case 'prime-stat-save':
        return classPrime ? `${classPrime} Saves (prime stat)` : f.label;
      default:
        return f.label;
    }
  }), ...grantedFeatTexts(cls, c.classPicks)];
}

/** Feats a class option or power grants (Combat Hardened: Attack and Defense checks), with where each comes from. */
function grantedFeatTexts(cls: ReturnType<typeof classById>, picks: Character['classPicks']): string[] {
  const out: string[] = [];
  for (const { source, effect } of pickEffects(cls, picks)) {
    if (effect.kind !== 'feat-checks') continue;
    const checks = effect.checks.map((k) => `${k.charAt(0).toUpperCase()}${k.slice(1).replace(/-/g, ' ')}`).join(' and ');
    out.push(`${checks} checks (${source}${effect.condition === null ? '' : `, ${effect.condition}`})`);
  }
  return out;
}

function pickTexts(c: Character): string[] {
  const out: string[] = [];
  for (const p of c.classPicks) {
    switch (p.kind) {
      case 'shtick':
        out.push(`Shtick: ${labelOf(CLASS_FEATURES, p.id)}`);
        break;
      case 'spellblade-style':
        out.push(`Spellblade style: ${p.id.replace(/-/g, ' ')} (${p.casterType})`);
        break;
      case 'focus':
        out.push(`Focus: ${labelOf(CLASS_FEATURES, p.id)}`);
        break;
      case 'holy-mage-power':
        out.push(`Holy Mage power: ${labelOf(DEVOUT_POWERS, p.id)} (advanced)`);
        break;
      case 'devout-power':
        out.push(`Devout power: ${labelOf(DEVOUT_POWERS, p.id)} (${p.version})`);
        break;
      case 'specialist-choice':
        out.push(`Specialist: ${labelOf(CLASS_FEATURES, p.id)}`);
        break;
      case 'save-feat':
        break;
    }
  }
  return out;
}

function primeNote(c: Character, stat: StatId): string {
  const [first, second] = c.primeStats;
  if (second === undefined) return stat === first ? 'prime (stock and class)' : '';
  if (stat === first) return 'prime (stock)';
  if (stat === second) return 'prime (class)';
  return '';
}

/**
 * Encumbrance the Easy Way (INVENTORY; the default the item changes use): hands, worn slots, Stow slots
 * with each bag's, and whatever breaks the rules.
 */
function encumbranceLines(c: Character): string[] {
  const r = encumbrance(c.inventory, { stowSlots: c.stowSlots, strScore: c.stats.STR.score });
  const bags = r.slots.bags.filter((b) => b.slots > 0).map((b) => `${labelOf([...BAGS], b.id)} +${b.slots}`);
  const lines = wrap(
    `Encumbrance (the Easy Way): Stow slots ${r.slots.used} of ${r.slots.capacity} used (base ${r.slots.base}${bags.length > 0 ? `, ${bags.join(', ')}` : ''}); hands ${r.held.handsUsed} of ${r.held.hands}; worn ${r.worn.map((w) => w.label).join(', ') || 'nothing'}`,
  );
  for (const p of r.problems) lines.push(...wrap(`! ${p.message}`, SHEET_WIDTH, 4, '  '));
  return lines;
}

/**
 * The Armour Die as combat soaks with it (the document's die, PL-3), with the worn armour it comes from;
 * a document whose worn armour gives a die it does not hold says so rather than "no armour".
 */
function armourText(c: Character, ofBase: (die: string | null, base: string | null, none: string) => string): string {
  const worn = c.inventory.map((i) => (i.carried === 'worn' ? ARMOUR.find((a) => a.id === i.id) : undefined)).find((a) => a !== undefined);
  if (c.baseArmourDie === null) {
    const implied = baseArmourDie(classById(c.class), c.classPicks, c.inventory);
    return worn && implied.sides !== null ? `none (${implied.text} worn; the document holds no Armour Die)` : 'none (no armour)';
  }
  const die = ofBase(c.armourDie, c.baseArmourDie, 'destroyed');
  return worn ? `${die} (${worn.label})` : die;
}

/**
 * A readable text sheet of one character, at most `SHEET_WIDTH` columns: stats, dice, Defense, Stow
 * Slots, Feats and class options, spells, skills, WPs, inventory, coins and the creation log.
 */
export function formatCharacterSheet(c: Character): string {
  const cls = classById(c.class);
  const stock = stockOf(c.setting, c.stock);
  const stockLabel = stock?.label ?? c.stock;
  const settingLabel = STOCK_SETTINGS.find((s) => s.id === c.setting)?.label ?? c.setting;
  const out: string[] = [];
  const push = (...lines: string[]) => out.push(...lines);
  push('='.repeat(SHEET_WIDTH));
  push(...wrap(c.name, SHEET_WIDTH, 0));
  push(...wrap(`${stockLabel} ${cls.label}, level ${c.level}, ${c.xp} XP. ${settingLabel}, ${methodText(c.method)}`));
  push(RULE);
  push('Stat  Score  Half  Mod');
  for (const stat of STAT_IDS) {
    const b = c.stats[stat];
    let note = primeNote(c, stat);
    if (stat === 'SOC') note = socialStatusOf(b.score).label;
    const row = `${stat.padEnd(4)}  ${String(b.score).padStart(5)}  ${String(b.half).padStart(4)}  ${formatSigned(b.mod).padStart(3)}`;
    push(note ? `${row}   ${note}` : row);
  }
  push(RULE);
  // A die below its base shows the base beside it (PL-2, PL-3); a fresh character's line is unchanged.
  const ofBase = (die: string | null, base: string | null, none: string): string => `${die ?? none}${die !== base && base !== null ? ` of ${base}` : ''}`;
  push(`Health Die ${ofBase(c.healthDie, c.baseHealthDie, 'down')}   Harm Die ${c.harmDie}   Feat Die ${c.featDie}   Armour Die ${armourText(c, ofBase)}`);
  if (stock && cls.hd !== null) {
    const hit = baseHitDice(cls, c.classPicks, stock);
    push(...wrap(`HD: ${hit.lines.join('; ')}`, SHEET_WIDTH, 4, '  '));
  }
  const defense = passiveDefense(c.stats, c.inventory, cls, c.classPicks, c.level);
  const defenseParts = defense.parts.map((p, i) => `${p.label} ${i === 0 ? p.amount : formatSigned(p.amount)}`).join(', ');
  push(...wrap(`Defense ${c.defense} (${defenseParts})${defense.value !== c.defense ? ` [recomputed: ${defense.value}]` : ''}`));
  const stow = stowSlots(c.stats);
  push(
    ...wrap(
      `Stow Slots ${c.stowSlots} (half-STR ${c.stats.STR.half}, INT mod ${formatSigned(c.stats.INT.mod)}${stow.note ? `; ${stow.note}` : ''})`,
    ),
  );
  push(`Bonus languages ${bonusLanguages(c.stats)}   Hirelings up to ${maxHirelings(c.stats)}`);
  if (c.psionics !== null) {
    const chk = c.psionicsCheck;
    push(
      ...wrap(
        chk
          ? `Psionics: ${c.psionics} (d100 = ${chk.roll} against 2 x WIL = ${chk.target}; master at ${chk.half} or less, major at ${chk.score} or less)${PSIONIC_SAVE_NOTE[c.psionics]}`
          : `Psionics: ${c.psionics} (the ${stockLabel} cannot be psionic)`,
      ),
    );
  }
  push(RULE);
  push(...wrap(`Feats: ${featTexts(c).join('; ')}`));
  const specials = cls.specialIds.map((id) => labelOf(CLASS_FEATURES, id));
  if (specials.length > 0) push(...wrap(`${cls.label} specials: ${specials.join('; ')}`));
  for (const line of pickTexts(c)) push(...wrap(line));
  if (c.spellcasting) {
    const sp = c.spellcasting;
    const profile = SPELLCASTING_PROFILES.find((p) => p.id === sp.profileId);
    push(
      ...wrap(
        `Spellcasting (${profile?.label ?? sp.profileId}): ${sp.spellsKnown} spells known, to choose with the Smith; Spell Die ${sp.spellDie}; casts with ${sp.spellStat}; sustains ${sp.sustains}`,
      ),
    );
  }
  if (stock && stock.abilities.length > 0) {
    const abilities = stock.abilities.map((a) => {
      if (a.effects.some((e) => e.kind === 'armour-die-rerolls')) return `${a.label} (${Math.max(0, c.stats.CON.mod)} a Venture)`;
      if (a.effects.some((e) => e.kind === 'innate-spells')) return `${a.label} (${c.innateSpells} free spell${c.innateSpells === 1 ? '' : 's'})`;
      return a.isDraft ? `${a.label} (draft rule)` : a.label;
    });
    push(...wrap(`${stockLabel}: ${abilities.join('; ')}`));
  } else if (stock) push(`${stockLabel}: no special abilities in the rules`);
  for (const q of c.quirks) {
    const row = NETHERN_QUIRKS.find((x) => x.id === q.id);
    const variant = row?.variants.find((v) => v.id === q.variant);
    const label = variant ? `${row?.label ?? q.id}: ${variant.label}` : (row?.label ?? q.id);
    push(...wrap(`Quirk: ${label}${q.count !== null ? ` (${q.count})` : ''}`));
  }
  push(RULE);
  push(...wrap(`Skills (${c.skills.length}): ${c.skills.map(skillText).join('; ')}`));
  const sel = c.wpSelections;
  const wps = c.weaponProficiencies.map((w) => {
    let t = labelOf(WEAPON_PROFICIENCIES, w.id);
    if (w.source === 'natural') t += ' (natural)';
    if (w.specializationTier > 0) t += ` (spec ${w.specializationTier})`;
    return t;
  });
  push(...wrap(`Weapon Proficiencies (${sel.spent} of ${sel.total} WPs spent${sel.banked > 0 ? `, ${sel.banked} banked` : ''}): ${wps.join('; ')}`));
  push(RULE);
  push('Inventory:');
  for (const item of c.inventory) {
    const name = item.label ?? labelOf([...GEAR, ...BAGS, ...WEAPONS, ...ARMOUR], item.id);
    const where = item.in !== undefined ? `, in the ${labelOf(BAGS, item.in).toLowerCase()}` : '';
    const qty = item.quantity === 1 ? '' : `${item.quantity} x `;
    push(...wrap(`${qty}${name} (${sizeLetter(item.size)})${where}`, SHEET_WIDTH, 10, `  ${item.carried.padEnd(7)} `));
  }
  push(...encumbranceLines(c));
  const status = socialStatusOf(c.stats.SOC.score);
  push(...wrap(`Coins: ${c.coins} (started with ${c.startingCoins}; ${status.label}). Nothing bought: the rules print no prices.`));
  push(RULE);
  const seed = c.creation.seed === null ? '' : `seed ${c.creation.seed}, `;
  push(`Creation log (${seed}character ${c.creation.index + 1}):`);
  for (const entry of c.creation.log) {
    const faces = entry.faces.length > 1 ? ` [${entry.faces.join(' ')}]` : '';
    push(...wrap(`${entry.text}${faces}`, SHEET_WIDTH, 4, '  '));
  }
  return out.join('\n');
}
