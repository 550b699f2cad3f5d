/**
 * Latest request wins: while the GM moves the mouse, at most one preview is in flight, sent at
 * most once per animation frame; answers to superseded requests are dropped.
 */
export class LatestWins {
  /**
   * @param send      async (args) => answer
   * @param onAnswer  (answer, args) => void, called only for the newest request
   * @param schedule  (fn) => void: requestAnimationFrame in a browser
   */
  constructor(send, onAnswer, schedule = (fn) => setTimeout(fn, 16)) {
    this.send = send;
    this.onAnswer = onAnswer;
    this.schedule = schedule;
    this.pending = null;
    this.inFlight = false;
    this.scheduled = false;
    this.generation = 0;
    this.sent = 0;
  }

  request(args) {
    this.generation += 1;
    this.pending = { args, generation: this.generation };
    this.kick();
  }

  /** Forget anything pending or in flight (the tool was closed). */
  cancel() {
    this.generation += 1;
    this.pending = null;
  }

  kick() {
    if (this.inFlight || this.scheduled || !this.pending) return;
    this.scheduled = true;
    this.schedule(() => {
      this.scheduled = false;
      this.flush();
    });
  }

  async flush() {
    if (this.inFlight || !this.pending) return;
    const { args, generation } = this.pending;
    this.pending = null;
    this.inFlight = true;
    this.sent += 1;
    try {
      const answer = await this.send(args);
      if (generation === this.generation) this.onAnswer(answer, args);
    } catch (err) {
      if (generation === this.generation) this.onAnswer({ error: err }, args);
    } finally {
      this.inFlight = false;
      this.kick();
    }
  }
}
