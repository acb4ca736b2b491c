/** Figures of a table soak. */
export interface SoakFigures {
  tables: number;
  clients: number;
  seconds: number;
  events: number;
  acks: number;
  unanswered: number;
  lost: number;
  duplicated: number;
  outOfOrder: number;
  errors: Record<string, number>;
  disconnected: number;
  ackP50Ms: number;
  ackP99Ms: number;
}
/** Runs the soak against a server at `base`. */
export function runSoak(options: { base: string; tables?: number; clients?: number; seconds?: number; intervalMs?: number }): Promise<SoakFigures>;
