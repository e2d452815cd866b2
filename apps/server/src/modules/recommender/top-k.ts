/** Keeps the `k` highest-scored of the ids offered to it (a min-heap on score). */
export class TopK {
  private readonly ids: Int32Array;
  private readonly scores: Float64Array;
  private n = 0;

  constructor(private readonly k: number) {
    this.ids = new Int32Array(k);
    this.scores = new Float64Array(k);
  }

  /** Offers an id; it is kept while it is among the `k` best so far. */
  offer(id: number, score: number): void {
    if (this.n < this.k) {
      let at = this.n++;
      while (at > 0) {
        const parent = (at - 1) >> 1;
        if ((this.scores[parent] ?? 0) <= score) break;
        this.move(parent, at);
        at = parent;
      }
      this.place(at, id, score);
      return;
    }
    if (score <= (this.scores[0] ?? 0)) return;
    let at = 0;
    for (;;) {
      const left = 2 * at + 1;
      if (left >= this.n) break;
      const right = left + 1;
      const child =
        right < this.n && (this.scores[right] ?? 0) < (this.scores[left] ?? 0) ? right : left;
      if ((this.scores[child] ?? 0) >= score) break;
      this.move(child, at);
      at = child;
    }
    this.place(at, id, score);
  }

  /** The kept ids and scores, highest score first. */
  sorted(): { ids: Int32Array; scores: Float32Array } {
    const order = Array.from({ length: this.n }, (_, k) => k).sort(
      (a, b) => (this.scores[b] ?? 0) - (this.scores[a] ?? 0),
    );
    return {
      ids: Int32Array.from(order, (k) => this.ids[k] ?? 0),
      scores: Float32Array.from(order, (k) => this.scores[k] ?? 0),
    };
  }

  private place(at: number, id: number, score: number): void {
    this.ids[at] = id;
    this.scores[at] = score;
  }

  private move(from: number, to: number): void {
    this.place(to, this.ids[from] ?? 0, this.scores[from] ?? 0);
  }
}
