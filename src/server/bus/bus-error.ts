/** Thrown by an EventBus when it cannot publish (the events are stored; subscribers refill). */
export class BusError extends Error {
  constructor(
    readonly code: 'bus/closed' | 'bus/unavailable',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'BusError';
  }
}
