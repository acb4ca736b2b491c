/**
 * One line of a character's inventory, shared by character creation, inventory and encumbrance, and
 * the character document. Rules: HAMMERCRAWL! v4, EQUIPMENT (ENCUMBRANCE).
 */
import type { CarryModeId, GearSize } from './data/gear.js';

/**
 * An item a character carries.
 * @example { id: 'torch', size: 'small', quantity: 1, carried: 'packed', in: 'satchel' }
 */
export interface InventoryItem {
  /** Id of a weapon, armour, gear item or bag in the data tables, or a free-text item's own id. */
  readonly id: string;
  /** Label for items the tables do not know (a Smith's handout); defaults to the table's label. */
  readonly label?: string;
  readonly size: GearSize;
  readonly quantity: number;
  readonly carried: CarryModeId;
  /** For packed items: the id of the bag (an item of this inventory) they are in. */
  readonly in?: string;
  /** A resource die kept on the item (rations, ammo, a torch's light), as a chain side count. */
  readonly resourceDie?: number | null;
}
