/** Who is at the table: each member with their role. */
import { memberWithRole } from '../lib/table-state.js';
import type { TableSession } from '../session.js';

/** The line of members at the table. */
export function MembersBar(props: { session: TableSession }) {
  const state = props.session.state.value;
  if (state.members.length === 0) return null;
  return <p class="members muted">At the table: {state.members.map((m) => memberWithRole(m.name, m.role)).join(', ')}</p>;
}
