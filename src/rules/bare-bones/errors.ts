/**
 * Programmer errors of the Bare Bones module (a die off the chain, a loop past its cap). A player's
 * mistake is never thrown: it is a `RuleResult` problem with a `bare-bones/...` code.
 */

/** Codes a `BareBonesError` may carry. */
export type BareBonesErrorCode = 'bare-bones/explosion-limit' | 'bare-bones/bad-spec';

/** A named error for calls the code itself should never make. */
export class BareBonesError extends Error {
  override readonly name = 'BareBonesError';
  constructor(
    readonly code: BareBonesErrorCode,
    message: string,
  ) {
    super(message);
  }
}
