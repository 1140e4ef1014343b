/** Where a running export, import or copy is: units done of the total, and the current stage. */
export interface ProgressReport {
  done: number;
  total: number;
  stage: string;
}

export type OnProgress = (report: ProgressReport) => void;

/**
 * Counts units of work (a batch of records is its row count, a file is one, a part of
 * configuration is one) and reports every step, so progress moves all the way.
 */
export class Progress {
  private done = 0;
  private stage = '';

  constructor(
    private total: number,
    private readonly report: OnProgress = () => undefined,
  ) {}

  /** Adds work found on the way (an import learns its totals from the manifest). */
  grow(units: number): void {
    this.total += units;
  }

  at(stage: string): void {
    this.stage = stage;
    this.emit();
  }

  add(units: number): void {
    this.done += units;
    this.emit();
  }

  private emit(): void {
    this.report({ done: Math.min(this.done, this.total), total: Math.max(1, this.total), stage: this.stage });
  }
}
