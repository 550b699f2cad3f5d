/**
 * Latest request wins, sent on the leading edge: with nothing in flight a request is sent at
 * once (a hover never waits for a frame); while one is in flight only the newest request waits,
 * and it is sent when the answer comes. At most one is in flight; answers to superseded
 * requests are dropped.
 */
export class LatestWins {
  /**
   * @param send      async (args) => answer
   * @param onAnswer  (answer, args) => void, called only for the newest request
   */
  constructor(send, onAnswer) {
    this.send = send;
    this.onAnswer = onAnswer;
    this.pending = null;
    this.inFlight = false;
    this.generation = 0;
  }

  request(args) {
    this.generation += 1;
    this.pending = { args, generation: this.generation };
    this.flush();
  }

  /** Forget anything pending or in flight (the tool was closed). */
  cancel() {
    this.generation += 1;
    this.pending = null;
  }

  async flush() {
    if (this.inFlight || !this.pending) return;
    const { args, generation } = this.pending;
    this.pending = null;
    this.inFlight = true;
    try {
      const answer = await this.send(args);
      if (generation === this.generation) this.onAnswer(answer, args);
    } catch (err) {
      if (generation === this.generation) this.onAnswer({ error: err }, args);
    } finally {
      this.inFlight = false;
      this.flush();
    }
  }
}
