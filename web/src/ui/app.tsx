/** The app: the start page or a table, the help dialog. */
import { route } from '../store.js';
import { StartPage } from './start-page.js';
import { TablePage } from './table-page.js';
import { HelpDialog } from './help.js';

/** Routes to a page. */
export function App() {
  const r = route.value;
  return (
    <>
      {r.page === 'table' ? <TablePage key={r.tableId} tableId={r.tableId} inviteCode={r.inviteCode} seatToken={r.seatToken} /> : <StartPage />}
      <HelpDialog />
    </>
  );
}
