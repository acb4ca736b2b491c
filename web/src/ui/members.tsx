/**
 * Who is at the table: the members line (each current member, their role, who is online now, you),
 * and from it the members dialog. Every member renames themselves there and gets a seat link for
 * another device; the Smith's members manager (also in the Smith's tab) renames and removes members,
 * makes a new seat link for a member who lost their device, and hands characters on.
 */
import { useEffect, useId, useRef, useState } from 'preact/hooks';
import { MAX_MEMBER_NAME_LENGTH } from '../../../src/table/limits.js';
import { holderOf, memberRows, ownerChoices, ROLE_LABEL, type MemberRow } from '../lib/members-view.js';
import type { Member, TableCharacter } from '../lib/protocol.js';
import { seatLink, type TableSession } from '../session.js';
import { nameRule } from './join-page.js';
import { LinkField, problemText, SeatLinkPanel } from './seat-link.js';
import { oneClick } from './use-action.js';

/** One member's name with their role badge, whether they are online, and "you". */
export function MemberLabel(props: { row: MemberRow }) {
  const r = props.row;
  return (
    <span class={`member-label role-${r.role}`}>
      <span class={`presence ${r.isOnline ? 'is-online' : 'is-offline'}`} aria-hidden="true" title={r.isOnline ? 'Online now' : 'Not connected'} />
      <span class="member-name">{r.name}</span> <span class={`badge role-badge role-${r.role}`}>{ROLE_LABEL[r.role]}</span>
      {r.isYou ? <span class="you-mark"> (you)</span> : null}
      <span class="sr-only">{r.isOnline ? ', online' : ', not connected'}</span>
    </span>
  );
}

/** The members line: who is at the table now, and a button to the members dialog. */
export function MembersBar(props: { session: TableSession }) {
  const { session } = props;
  const state = session.state.value;
  const online = session.online.value;
  const [isOpen, setOpen] = useState(false);
  const uid = useId();
  if (state.members.length === 0) return null;
  const rows = memberRows(state.members, online, state.you?.id ?? null);
  const count = rows.filter((r) => r.isOnline).length;
  const isSmith = session.isSmith.value;
  const titleId = `members-title-${uid}`;
  return (
    <div class="members">
      <h3 id={titleId} class="members-title">
        At the table <span class="muted members-count">({count} online)</span>
      </h3>
      <ul class="member-list" aria-labelledby={titleId}>
        {rows.map((r) => (
          <li key={r.id} class={r.isOnline ? 'is-online' : 'is-offline'} data-member={r.id}>
            <MemberLabel row={r} />
          </li>
        ))}
      </ul>
      <button type="button" class="link members-open" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {isSmith ? 'Manage members' : 'Your seat and name'}
      </button>
      {isOpen ? <MembersDialog session={session} onClose={() => setOpen(false)} /> : null}
    </div>
  );
}

/** The members dialog (modal): the Smith's manager, or the member's own name and seat link. */
function MembersDialog(props: { session: TableSession; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const isSmith = props.session.isSmith.value;
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
  }, []);
  return (
    <dialog ref={ref} class="members-dialog" aria-labelledby="members-dialog-title" onClose={props.onClose}>
      <div class="invite-head">
        <h2 id="members-dialog-title">{isSmith ? 'Members' : 'Your seat'}</h2>
        <form method="dialog">
          <button type="submit" class="ghost" onClick={oneClick()}>
            Close
          </button>
        </form>
      </div>
      {isSmith ? <MembersManager session={props.session} showTitle={false} /> : <YourSeat session={props.session} />}
      <SeatLinkPanel session={props.session} />
    </dialog>
  );
}

/** A member's own name, renamed by them. */
function YourSeat(props: { session: TableSession }) {
  const you = props.session.state.value.you;
  if (!you) return null;
  return (
    <section class="your-name" aria-labelledby="your-name-title">
      <h3 id="your-name-title">Your name at this table</h3>
      <RenameForm session={props.session} member={you} label="Your name" onDone={() => undefined} keepOpen />
    </section>
  );
}

/**
 * A rename form: checked here with the table's own rule (`memberNameProblem`: unique per table,
 * "Smith" only for the Smith) before sending, and the server's refusal shown at the field.
 */
function RenameForm(props: { session: TableSession; member: Member; label: string; onDone: () => void; keepOpen?: boolean }) {
  const { session, member } = props;
  const uid = useId();
  const [name, setName] = useState(member.name);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState('');
  const [busy, setBusy] = useState(false);
  const inputId = `rename-${uid}`;
  const errorId = `rename-error-${uid}`;
  async function submit(e: Event) {
    e.preventDefault();
    setSaved('');
    const { memberNameProblem } = await nameRule();
    const problem = memberNameProblem(session.state.peek(), name, member.role, member.id);
    if (!problem.ok) {
      setError(problem.error.message);
      return;
    }
    if (problem.value === member.name) {
      setError(`${member.name} is already called that.`);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await session.send({ kind: 'member-rename', memberId: member.id, name: problem.value });
      setSaved(`Renamed to ${problem.value}.`);
      props.onDone();
    } catch (err) {
      setError(problemText(err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form class="rename-form row" onSubmit={submit} noValidate>
      <div class="field grow">
        <label for={inputId}>{props.label}</label>
        <input
          id={inputId}
          value={name}
          maxLength={MAX_MEMBER_NAME_LENGTH}
          autoComplete="off"
          aria-invalid={error ? 'true' : undefined}
          aria-describedby={error ? errorId : undefined}
          onInput={(e) => setName(e.currentTarget.value)}
        />
        {error ? (
          <small id={errorId} class="error" role="alert">
            {error}
          </small>
        ) : null}
      </div>
      <button type="submit" disabled={busy} onClick={oneClick()}>
        {busy ? 'Saving…' : 'Save name'}
      </button>
      {props.keepOpen ? null : (
        <button type="button" class="ghost" onClick={props.onDone}>
          Cancel
        </button>
      )}
      {saved ? (
        <p class="muted rename-saved" role="status">
          {saved}
        </p>
      ) : null}
    </form>
  );
}

/** The Smith's members manager: each member with rename, a new seat link and remove; then who holds each character. */
export function MembersManager(props: { session: TableSession; showTitle?: boolean }) {
  const { session } = props;
  const state = session.state.value;
  const rows = memberRows(state.members, session.online.value, state.you?.id ?? null);
  const uid = useId();
  const titleId = `manager-title-${uid}`;
  return (
    <section class="members-manager" aria-labelledby={titleId}>
      <h3 id={titleId} class={props.showTitle === false ? 'sr-only' : undefined}>
        Members
      </h3>
      <p class="muted">Rename or remove members, send a player who lost their device a new seat link, and hand characters on.</p>
      <ul class="manage-list">
        {rows.map((r) => (
          <ManagedMember key={r.id} session={session} row={r} member={state.members.find((m) => m.id === r.id)!} />
        ))}
      </ul>
      <CharacterHolders session={session} />
    </section>
  );
}

type RowMode = 'idle' | 'rename' | 'remove';

function ManagedMember(props: { session: TableSession; row: MemberRow; member: Member }) {
  const { session, row, member } = props;
  const [mode, setMode] = useState<RowMode>('idle');
  const [link, setLink] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const uid = useId();
  const held = session.state.value.characters.filter((c) => c.ownerId === member.id).length;
  async function newSeatLink() {
    setBusy(true);
    setError(null);
    try {
      const r = await session.renewSeat(member.id);
      setLink(seatLink(location.origin, session.seat.tableId, r.token));
    } catch (e) {
      setError(problemText(e));
    } finally {
      setBusy(false);
    }
  }
  async function remove() {
    setBusy(true);
    setError(null);
    try {
      await session.send({ kind: 'member-remove', memberId: member.id });
    } catch (e) {
      setError(problemText(e));
      setBusy(false);
    }
  }
  return (
    <li class="manage-member" data-member={member.id}>
      <div class="manage-head">
        <MemberLabel row={row} />
        <div class="manage-actions">
          <button type="button" aria-expanded={mode === 'rename'} onClick={() => setMode(mode === 'rename' ? 'idle' : 'rename')}>
            Rename<span class="sr-only"> {member.name}</span>
          </button>
          {row.isYou ? null : (
            <button type="button" disabled={busy} onClick={oneClick(() => void newSeatLink())}>
              New seat link<span class="sr-only"> for {member.name}</span>
            </button>
          )}
          {member.role === 'smith' ? null : (
            <button type="button" class="danger" aria-expanded={mode === 'remove'} onClick={() => setMode(mode === 'remove' ? 'idle' : 'remove')}>
              Remove<span class="sr-only"> {member.name}</span>
            </button>
          )}
        </div>
      </div>
      {mode === 'rename' ? <RenameForm session={session} member={member} label={row.isYou ? 'Your name' : `New name for ${member.name}`} onDone={() => setMode('idle')} /> : null}
      {mode === 'remove' ? (
        <div class="confirm" role="group" aria-labelledby={`remove-q-${uid}`}>
          <p id={`remove-q-${uid}`}>
            <strong>Remove {member.name} from the table?</strong> Their seat link and every device on it stop working at once.{' '}
            {held > 0
              ? `Their ${held === 1 ? 'character stays' : `${held} characters stay`} at the table; hand ${held === 1 ? 'it' : 'them'} to another member below.`
              : 'Any character they make later would stay at the table too.'}
          </p>
          <div class="row">
            <button type="button" class="danger" disabled={busy} onClick={oneClick(() => void remove())}>
              {busy ? 'Removing…' : `Yes, remove ${member.name}`}
            </button>
            <button type="button" class="ghost" onClick={() => setMode('idle')}>
              Keep {member.name}
            </button>
          </div>
        </div>
      ) : null}
      {link ? (
        <div class="member-seat-link">
          <LinkField id={`member-link-${uid}`} label={`New seat link for ${member.name}: send it to them privately`} link={link} />
          <p class="muted">Opening it seats them as {member.name} again, with their characters. Every other device on their seat (a lost phone too) is signed out now.</p>
        </div>
      ) : null}
      {error ? (
        <p class="error" role="alert">
          {error}
        </p>
      ) : null}
    </li>
  );
}

function characterName(session: TableSession, c: TableCharacter): string {
  const rs = session.ruleSystem.value;
  if (rs) {
    const r = rs.readCharacter(c.document);
    if (r.ok) return rs.summarize(r.value).name;
  }
  const n = c.document['name'];
  return typeof n === 'string' && n.trim() ? n : 'Unnamed character';
}

/** Who holds each character, with a select to hand it to another member (`character-owner`). */
function CharacterHolders(props: { session: TableSession }) {
  const { session } = props;
  const state = session.state.value;
  const uid = useId();
  if (state.characters.length === 0) return null;
  const choices = ownerChoices(state.members);
  return (
    <section class="holders" aria-labelledby={`holders-${uid}`}>
      <h4 id={`holders-${uid}`}>Who plays each character</h4>
      <ul class="holder-list">
        {state.characters.map((c) => (
          <CharacterHolder key={c.id} session={session} character={c} name={characterName(session, c)} choices={choices} />
        ))}
      </ul>
    </section>
  );
}

function CharacterHolder(props: { session: TableSession; character: TableCharacter; name: string; choices: readonly Member[] }) {
  const { session, character } = props;
  const state = session.state.value;
  const uid = useId();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);
  const holder = holderOf(character.ownerId, state.members, state.formerMembers);
  async function hand(ownerId: string) {
    if (ownerId === character.ownerId) return;
    setBusy(true);
    setMessage(null);
    try {
      await session.send({ kind: 'character-owner', characterId: character.id, ownerId });
      setMessage({ error: false, text: `Handed to ${state.members.find((m) => m.id === ownerId)?.name ?? 'them'}.` });
    } catch (e) {
      setMessage({ error: true, text: problemText(e) });
    } finally {
      setBusy(false);
    }
  }
  const selectId = `holder-${uid}`;
  return (
    <li class="holder">
      <div class="field inline">
        <label for={selectId}>{props.name}</label>
        <select id={selectId} value={holder.kind === 'member' ? character.ownerId : ''} disabled={busy} onChange={(e) => void hand(e.currentTarget.value)}>
          {holder.kind !== 'member' ? (
            <option value="" disabled>
              {holder.kind === 'former' ? `${holder.name} (removed): choose who plays it` : 'Nobody at the table: choose who plays it'}
            </option>
          ) : null}
          {props.choices.map((m) => (
            <option key={m.id} value={m.id}>
              {m.role === 'smith' ? `${m.name} (Smith)` : m.name}
            </option>
          ))}
        </select>
      </div>
      {message ? (
        <p class={message.error ? 'error' : 'muted'} role={message.error ? 'alert' : 'status'}>
          {message.text}
        </p>
      ) : null}
    </li>
  );
}
