/** Roll: `Roll.queue` supplies the d20 faces in order (else 10); toJSON/fromData as a query carries them. */
export class FakeRoll {
  static queue = [];

  constructor(formula, data = {}) {
    this.formula = formula;
    this.data = data;
    this.options = {};
  }

  async evaluate() {
    const next = () => (FakeRoll.queue.length ? FakeRoll.queue.shift() : 10);
    const faces = /^2d20k/.test(this.formula) ? [next(), next()] : [next()];
    const face = /^2d20kl/.test(this.formula) ? Math.min(...faces) : Math.max(...faces);
    this.dice = [{ results: faces.map((f) => ({ result: f, active: f === face })) }];
    this.total = face + Number(this.data.mod ?? 0);
    return this;
  }

  /** Roll#toJSON: what a query answer or a message's data carries (one d20 term with its faces). */
  toJSON() {
    return {
      class: "Roll",
      formula: this.formula,
      total: this.total,
      evaluated: true,
      options: { ...this.options },
      terms: [
        {
          class: "Die",
          number: this.dice[0].results.length,
          faces: 20,
          evaluated: true,
          results: structuredClone(this.dice[0].results),
        },
      ],
    };
  }

  static fromData(data) {
    const roll = new FakeRoll(data.formula);
    roll.total = data.total;
    roll.terms = data.terms;
    roll.options = { ...(data.options ?? {}) };
    roll.dice = (data.terms ?? []).filter((t) => t.class === "Die");
    roll.fromData = true;
    return roll;
  }
}
