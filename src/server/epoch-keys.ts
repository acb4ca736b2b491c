/**
 * The keys of verifiable rolls' epochs (src/table/epochs.ts), drawn from the operating system's
 * cryptographic source. They are kept in the sealed field of the epoch's commitment, which the
 * projection sends to no one, so every process serving the table derives the same dice.
 */
import { randomBytes } from 'node:crypto';
import { EPOCH_KEY_BYTES } from '../dice/derived-random.js';
import type { EpochKeys } from '../table/epochs.js';

/** Two fresh keys for an epoch. */
export function drawEpochKeys(): EpochKeys {
  return { key: new Uint8Array(randomBytes(EPOCH_KEY_BYTES)), secretKey: new Uint8Array(randomBytes(EPOCH_KEY_BYTES)) };
}
