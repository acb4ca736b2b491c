/** The mechanics `hammercrawl roll <name>` and `hammercrawl odds <name>` offer, in help order. */
import type { MechanicCommand } from './mechanic.js';
import { CHECK_MECHANICS } from './mechanic-checks.js';
import { RESOURCE_MECHANICS } from './mechanic-resource.js';
import { HAMMER_MECHANIC } from './mechanic-hammer.js';
import { ATTACK_MECHANIC } from './mechanic-attack.js';
import { CAST_MECHANIC } from './mechanic-cast.js';

/** Every mechanic of the CLI. */
export const MECHANICS: readonly MechanicCommand[] = [...CHECK_MECHANICS, ...RESOURCE_MECHANICS, ATTACK_MECHANIC, CAST_MECHANIC, HAMMER_MECHANIC];
