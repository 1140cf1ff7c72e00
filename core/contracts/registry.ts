// A keyed registry whose every add returns a disposable; duplicate keys fail with a coded error.
import { type Disposable, toDisposable } from './disposable.ts';
import { type ErrorCode, QuorraError } from './errors.ts';

/** Holds items by key; adding a key twice throws `QUORRA_DUPLICATE_<KIND>`. */
export class Registry<T> {
  private readonly items = new Map<string, { item: T; owner: string }>();
  /** Runs before an item is added; throwing refuses it (e.g. a mode without its prompt fragment). */
  validator?: (item: T) => void;

  constructor(
    readonly kind: string,
    private readonly keyOf: (item: T) => string,
  ) {}

  /** Registers an item for an owner (a plugin id or `core`); dispose removes it again. */
  add(item: T, owner = 'core'): Disposable {
    const key = this.keyOf(item);
    const existing = this.items.get(key);
    if (existing) {
      throw new QuorraError(
        `QUORRA_DUPLICATE_${this.kind.toUpperCase()}` as ErrorCode,
        `${this.kind} "${key}" is already registered by ${existing.owner}`,
        { key, owner: existing.owner, attemptedBy: owner },
      );
    }
    this.validator?.(item);
    const entry = { item, owner };
    this.items.set(key, entry);
    return toDisposable(() => {
      if (this.items.get(key) === entry) this.items.delete(key);
    });
  }

  /** Returns the item registered under a key, if any. */
  get(key: string): T | undefined {
    return this.items.get(key)?.item;
  }

  /** Returns the owner of a key, if any. */
  ownerOf(key: string): string | undefined {
    return this.items.get(key)?.owner;
  }

  /** Lists every registered item in registration order. */
  list(): T[] {
    return [...this.items.values()].map((e) => e.item);
  }

  has(key: string): boolean {
    return this.items.has(key);
  }
}
