/**
 * The last `size` items, oldest overwritten first: a fixed array and a write position, so adding a
 * line never moves the others (a busy app writes many lines per second).
 */
export class Ring<T> {
  private readonly items: T[] = [];
  private next = 0;

  constructor(readonly size: number) {}

  push(item: T): void {
    if (this.items.length < this.size) this.items.push(item);
    else this.items[this.next] = item;
    this.next = (this.next + 1) % this.size;
  }

  /** Everything held, oldest first; at most the last `limit` items. */
  list(limit = this.size): T[] {
    const ordered =
      this.items.length < this.size
        ? this.items.slice()
        : [...this.items.slice(this.next), ...this.items.slice(0, this.next)];
    return limit < ordered.length ? ordered.slice(ordered.length - limit) : ordered;
  }

  get length(): number {
    return this.items.length;
  }
}
