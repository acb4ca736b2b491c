/**
 * What an attribute at 0 means: the character is lost, each attribute in its own way.
 * Rules: The Exalted Hack, Damage and Dying.
 */
import type { AttributeId } from '../attributes.js';

/** The fate of a character whose attribute reaches 0 (Damage and Dying). */
export interface AttributeLoss {
  readonly id: AttributeId;
  readonly label: string;
  readonly description: string;
  readonly ref: string;
}

const LOSS_REF = 'The Exalted Hack, Damage and Dying';

/**
 * One row per attribute.
 * @example ATTRIBUTE_LOSSES[2] // { id: 'con', label: 'Dead', ... }
 */
export const ATTRIBUTE_LOSSES = [
  { id: 'str', label: 'Wasted away', description: 'Hunger, starvation or sickness has killed the body.', ref: LOSS_REF },
  { id: 'dex', label: 'Paralysed', description: 'Cannot move unaided any more, for good.', ref: LOSS_REF },
  { id: 'con', label: 'Dead', description: 'The body gives out.', ref: LOSS_REF },
  { id: 'int', label: 'Mind broken', description: 'Lives on with a lasting cognitive impairment.', ref: LOSS_REF },
  { id: 'wis', label: 'Will lost', description: 'Possessed, charmed or controlled: no longer acts on a will of their own.', ref: LOSS_REF },
  { id: 'cha', label: 'Withdrawn', description: 'Disfigured or held by a trauma that keeps them out of public life.', ref: LOSS_REF },
] as const satisfies readonly AttributeLoss[];
