// A keyed registry whose every add returns a disposable; duplicate keys fail with a coded error.
import { type Disposable, toDisposable } from './disposable.ts';
import { type ErrorCode, QuorraError } from './errors.ts';

/** Holds items by key; adding a key twice throws `QUORRA_DUPLICATE_<KIND>`. */
export class Registry<T> {
  private readonly items = new Map<string, { item: T; owner: string }>();
  /** The items as list() last gave them, until the next add or removal: every turn lists the tools and fragments. */
  private listed?: readonly T[];
  private changes = 0;
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
    this.changed();
    return toDisposable(() => {
      if (this.items.get(key) !== entry) return;
      this.items.delete(key);
      this.changed();
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

  /** Lists every registered item in registration order (one frozen array until the registry changes). */
  list(): readonly T[] {
    this.listed ??= Object.freeze([...this.items.values()].map((e) => e.item));
    return this.listed;
  }

  /** Counts the adds and removals so far: what is derived from the items holds while this stays the same. */
  get version(): number {
    return this.changes;
  }

  private changed(): void {
    this.changes++;
    this.listed = undefined;
  }

  has(key: string): boolean {
    return this.items.has(key);
  }
}
