/** Ids a scenario uses up, one per request (S18's drafts: an issued draft cannot be issued again), taken in turn. */
export class IdPool {
  private at = 0;
  constructor(readonly ids: readonly string[]) {}

  next(): string {
    const id = this.ids[this.at++];
    // Past the end the calls fail (and are counted as errors) rather than measure something else.
    return id ?? '00000000-0000-4000-8000-000000000000';
  }

  get used(): number {
    return Math.min(this.at, this.ids.length);
  }
}
