/** The mechanics `hammercrawl roll <name>` and `hammercrawl odds <name>` offer, in help order. */
import type { MechanicCommand } from './mechanic.js';
import { CHECK_MECHANICS } from './mechanic-checks.js';
import { RESOURCE_MECHANICS } from './mechanic-resource.js';
import { HAMMER_MECHANIC } from './mechanic-hammer.js';

/** Every mechanic of the CLI. */
export const MECHANICS: readonly MechanicCommand[] = [...CHECK_MECHANICS, ...RESOURCE_MECHANICS, HAMMER_MECHANIC];
