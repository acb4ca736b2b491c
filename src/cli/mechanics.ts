/** The mechanics `hammercrawl roll <name>` and `hammercrawl odds <name>` offer, in help order. */
import type { MechanicCommand } from './mechanic.js';

/** Every mechanic of the CLI. */
export const MECHANICS: readonly MechanicCommand[] = [];
