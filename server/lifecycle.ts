/**
 * The way down of one process (decision 053). `draining`: /readyz answers 503 so a load balancer
 * takes the instance out of rotation, while it still serves what reaches it. `closing`: it no
 * longer accepts connections, and each open event stream asks its browser to reconnect, which
 * reaches another instance through the balancer and re-reads what it shows.
 */
export type LifecycleState = "serving" | "draining" | "closing";

export class Lifecycle {
  #state: LifecycleState = "serving";
  readonly #closingListeners = new Set<() => void>();

  get state(): LifecycleState {
    return this.#state;
  }

  /** Whether /readyz should send traffic elsewhere. */
  get ready(): boolean {
    return this.#state === "serving";
  }

  drain(): void {
    if (this.#state === "serving") this.#state = "draining";
  }

  /** Tells every open event stream to end (once); implies draining. */
  close(): void {
    if (this.#state === "closing") return;
    this.#state = "closing";
    for (const listener of this.#closingListeners) listener();
    this.#closingListeners.clear();
  }

  /** Calls `listener` when closing starts (at once if it has); returns how to stop listening. */
  onClosing(listener: () => void): () => void {
    if (this.#state === "closing") {
      listener();
      return () => {};
    }
    this.#closingListeners.add(listener);
    return () => this.#closingListeners.delete(listener);
  }
}
