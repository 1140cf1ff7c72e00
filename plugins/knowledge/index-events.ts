// Live index events for whoever listens (the admin UI's progress bar over SSE): each listener is counted, and removed.
import type { z } from 'zod';
import type { indexEventSchemas } from './knowledge-wire.ts';

/** What a listener hears: progress of the running pass, its end, or its failure (the stream's frame schemas). */
export type IndexEvent =
  | z.output<(typeof indexEventSchemas)['progress']>
  | z.output<(typeof indexEventSchemas)['done']>
  | z.output<(typeof indexEventSchemas)['failed']>;

type Listener = (event: IndexEvent) => void;

/** A fan-out of index events; `size` is what the listener gauge shows, so a leak is visible in /metrics. */
export class IndexEvents {
  private readonly listeners = new Map<Listener, () => void>();

  constructor(private readonly onSize?: (n: number) => void) {}

  /** Adds a listener; `onClose` runs when the feed closes (the plugin stops). Returns the unsubscribe. */
  subscribe(listener: Listener, onClose: () => void = () => undefined): () => void {
    this.listeners.set(listener, onClose);
    this.onSize?.(this.listeners.size);
    return () => {
      if (this.listeners.delete(listener)) this.onSize?.(this.listeners.size);
    };
  }

  /** Delivers an event to every listener; one that throws is dropped rather than stopping the others. */
  emit(event: IndexEvent): void {
    for (const listener of [...this.listeners.keys()]) {
      try {
        listener(event);
      } catch {
        this.listeners.delete(listener);
        this.onSize?.(this.listeners.size);
      }
    }
  }

  /** How many listeners are attached. */
  get size(): number {
    return this.listeners.size;
  }

  /** Ends every listener (each one's `onClose`) and forgets them all. */
  close(): void {
    const closers = [...this.listeners.values()];
    this.listeners.clear();
    this.onSize?.(0);
    for (const close of closers) close();
  }
}
