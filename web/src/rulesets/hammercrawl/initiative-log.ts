/**
 * The log card of an `initiative-changed` event: who rolled what (each d20's face and total, "hidden"
 * where a player may not know one of the Smith's foes' totals, TB-17), who won, and who acts next. The
 * Smith's client reads the whole truth (`forSmith`), a player the players' view. Rules: HAMMERCRAWL! v4,
 * COMBAT (Order of Actions; Passing the Initiative) and COMBAT FLOW (2024-09 proposal: SURPRISE,
 * INTERRUPTING ACTION).
 */
import type { InitiativeEvent } from '../../../../src/rules/hammercrawl/initiative/index.js';
import type { LogCardBody, RulesetLogContext } from '../../lib/describe.js';
import type { RulesetEvent } from '../../lib/protocol.js';

type Die = LogCardBody['dice'][number];

/** The initiative events an `initiative-changed` event carries for this viewer; null when it carries none readable. */
export function initiativeEventsOf(e: RulesetEvent): readonly InitiativeEvent[] | null {
  if (e.kind !== 'initiative-changed') return null;
  const o = e as unknown as { events?: unknown; forSmith?: { events?: unknown } };
  const list = Array.isArray(o.forSmith?.events) ? o.forSmith.events : o.events;
  return Array.isArray(list) ? (list as readonly InitiativeEvent[]) : null;
}

const total = (t: number | null) => (t === null ? 'hidden' : String(t));

/** A d20's line: "Hero: d20 12, total 13". */
const rollLine = (who: string, natural: number, t: number | null) => `${who}: d20 ${natural}, total ${total(t)}`;

/** The card of an `initiative-changed` event; null for another kind. */
export function initiativeCard(e: RulesetEvent, ctx: RulesetLogContext): LogCardBody | null {
  const events = initiativeEventsOf(e);
  if (events === null) return null;
  const name = (id: string) => ctx.combatantName?.(id) ?? id;
  const names = (ids: readonly string[]) => ids.map(name).join(' and ');
  const lines: string[] = [];
  const dice: Die[] = [];
  let title: string | null = null;
  let outcome: LogCardBody['outcome'] = null;
  const d20 = (natural: number | null, note: string) => {
    if (natural !== null) dice.push({ die: 'd20', value: natural, isKept: true, note });
  };
  for (const x of events) {
    switch (x.kind) {
      case 'combat-started':
        title ??= `Initiative begins (${x.settings.flow === 'passing' ? 'passing the initiative' : 'Exchanges'})`;
        if (x.surprised.length > 0) lines.push(`Surprised: ${names(x.surprised)}`);
        break;
      case 'contest-rolled':
        title ??= 'Initiative Contest';
        x.rounds.forEach((r, i) => {
          if (i > 0) lines.push(`Tied at the top: re-roll ${i}`);
          for (const roll of r.rolls) {
            lines.push(rollLine(`${name(roll.id)} (${roll.side})`, roll.natural, roll.total));
            d20(roll.natural, name(roll.id));
          }
        });
        lines.push(x.winner === null ? 'Still tied: no winner; roll again or the Smith decides' : `${name(x.winner.id)} wins for the ${x.winner.side}`);
        outcome = x.winner === null ? null : { id: 'success', label: `${name(x.winner.id)} wins` };
        break;
      case 'surprise-rolled':
        title ??= 'Surprise: INT Tests';
        for (const t of x.tests) {
          const result = t.recovers ? 'recovers' : 'stays surprised';
          // A hidden foe's INT is the Smith's: its face stands against "INT hidden", and a Test it could not fail says no more than the result.
          // A hidden foe's face and INT are the Smith's (TB-17): a player reads the outcome alone.
          if (t.target === null) lines.push(t.natural === null ? `${name(t.id)}: INT Test (hidden): ${result}` : `${name(t.id)}: d20 ${t.natural} against INT hidden: ${result}`);
          else lines.push(`${name(t.id)}: ${t.natural === null ? 'cannot fail' : `d20 ${t.natural}`} against INT ${t.target}: ${result}`);
          d20(t.natural, name(t.id));
        }
        break;
      case 'interrupt-rolled': {
        const target = name(x.targetRoller);
        title ??= `${name(x.interrupter)} interrupts ${names(x.target)}`;
        lines.push(x.stat === 'INT' ? 'Initiative Challenge: d20 + INT mod each' : 'DEX Competition: d20 + DEX mod each, ties to the one acting');
        x.rounds.forEach((r, i) => {
          if (i > 0) lines.push(`Tied: re-roll ${i}`);
          lines.push(rollLine(name(x.interrupter), r.interrupter.natural, r.interrupter.total), rollLine(target, r.target.natural, r.target.total));
          d20(r.interrupter.natural, name(x.interrupter));
          d20(r.target.natural, target);
        });
        lines.push(x.winner === null ? 'No winner' : `${name(x.winner)} goes first; then ${names(x.then)}`);
        outcome = x.winner === null ? null : x.winner === x.interrupter ? { id: 'success', label: 'Interrupted' } : { id: 'failure', label: 'Not interrupted' };
        break;
      }
      case 'readied':
        title ??= `${name(x.id)} readies`;
        lines.push(`${name(x.id)} waits for ${name(x.waitFor)}`);
        break;
      case 'turn-ended':
        title ??= `${names(x.actors)} ${x.actors.length > 1 ? 'have' : 'has'} acted`;
        if (x.affected.length > 0) lines.push(`Affected: ${names(x.affected)}`);
        if (x.chooser !== null) lines.push(`${name(x.chooser)} chooses who acts next`);
        break;
      case 'turn-given':
        lines.push(`${names(x.to)} ${x.to.length > 1 ? 'act at once' : 'acts'}${x.by.length > 0 ? ` (named by ${names(x.by)})` : ''}`);
        break;
      case 'round-ended':
        title ??= 'Round over';
        lines.push(`Round ${x.round} ends${x.declarer === null ? '' : `; ${name(x.declarer)} names who starts the next`}`);
        break;
      case 'round-started':
        title ??= `Round ${x.round} begins`;
        break;
      case 'combatant-removed':
        title ??= `${name(x.id)} leaves the initiative`;
        break;
      case 'combat-ended':
        title ??= 'Initiative ends';
        break;
    }
  }
  // What ended as the turns began (a Total Defense held since the last turn: CB-37, CB-44).
  const ended = (e as unknown as { ended?: unknown }).ended;
  if (Array.isArray(ended)) for (const x of ended) if (typeof x === 'string') lines.push(x);
  const shownTitle = title ?? (lines.length > 0 ? 'Initiative' : null);
  if (shownTitle === null) return null;
  // The card's title says what happened; a turn given alone reads as its one line.
  const onlyTurn = title === null && lines.length === 1;
  return {
    title: onlyTurn ? lines[0]! : shownTitle,
    detail: null,
    dice,
    lines: onlyTurn ? [] : lines,
    total: null,
    outcome,
    category: dice.length > 0 ? 'roll' : 'combat',
    isCompact: dice.length === 0 && (onlyTurn || lines.length === 0),
  };
}
