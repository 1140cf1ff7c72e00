// Disposables: everything registered returns one, and a store disposes them in reverse order.

/** Something that can be undone; dispose may be async and is awaited by its owner. */
export interface Disposable {
  dispose(): void | Promise<void>;
}

/** Wraps a function as a disposable that runs at most once. */
export function toDisposable(fn: () => void | Promise<void>): Disposable {
  let done = false;
  return {
    dispose() {
      if (done) return;
      done = true;
      return fn();
    },
  };
}

/** Collects disposables and disposes them last-in first-out; errors are collected, not thrown midway. */
export class DisposableStore implements Disposable {
  private items: Disposable[] = [];

  /** Keeps a disposable for later disposal and returns it. */
  add<T extends Disposable>(item: T): T {
    this.items.push(item);
    return item;
  }

  /** Disposes everything held, newest first; throws an AggregateError if any failed. */
  async dispose(): Promise<void> {
    const errors: unknown[] = [];
    while (this.items.length) {
      const item = this.items.pop()!;
      try {
        await item.dispose();
      } catch (err) {
        errors.push(err);
      }
    }
    if (errors.length) throw new AggregateError(errors, 'some disposables failed');
  }

  get size(): number {
    return this.items.length;
  }
}
