// A request's abort signal, made only when a handler asks for it: most never do, and each one costs a controller and a listener.
import type { ServerResponse } from 'node:http';

/** Aborts when the client goes away before the response has ended, or when `abort()` is called. */
export class RequestAbort {
  private controller: AbortController | undefined;

  constructor(private readonly res: ServerResponse) {}

  /** The signal; asked for after the client already left, it is aborted from the start. */
  get signal(): AbortSignal {
    if (this.controller) return this.controller.signal;
    const controller = new AbortController();
    this.controller = controller;
    const gone = () => {
      if (!this.res.writableEnded) controller.abort();
    };
    if (this.res.closed) gone();
    else this.res.once('close', gone);
    return controller.signal;
  }

  /** Aborts the signal now (shutdown ending an event stream). */
  abort(): void {
    this.signal;
    this.controller?.abort();
  }
}
