/**
 * Each client's canvas: the scene it views, its controlled tokens, its stage's pointer
 * listeners, and canvas.interface (which outlives a scene change, as Foundry's does in practice:
 * whatever a module added there stays until the module removes it).
 */

/** A PIXI container that only keeps its children (what the overlay drew is asserted elsewhere). */
export class FakeContainer {
  constructor() {
    this.children = [];
  }
  addChild(child) {
    this.children.push(child);
    child.parent = this;
    return child;
  }
  removeChild(child) {
    const at = this.children.indexOf(child);
    if (at >= 0) this.children.splice(at, 1);
    return child;
  }
  removeChildren() {
    return this.children.splice(0);
  }
  destroy() {
    this.destroyed = true;
    this.parent?.removeChild?.(this);
  }

  /** Every text drawn in this container now. */
  texts() {
    return this.children.flatMap((c) => (c instanceof FakeText ? [c.text] : (c.texts?.() ?? [])));
  }
}

/** PIXI.Graphics: every drawing call is kept in `calls`. */
export class FakeGraphics {
  constructor() {
    this.calls = [];
    return new Proxy(this, {
      get: (target, key) =>
        key in target
          ? target[key]
          : (...args) => {
              target.calls.push([key, ...args]);
              return target;
            },
    });
  }

  destroy() {
    this.destroyed = true;
  }
}

export class FakeText {
  constructor(text, style) {
    Object.assign(this, { text, style });
    this.anchor = {
      set: (v) => {
        this.anchorValue = v;
      },
    };
    this.position = {
      set: (x, y) => {
        this.at = { x, y };
      },
    };
  }

  destroy() {
    this.destroyed = true;
  }
}

/** The canvas stage's pointer listeners. */
export function fakeStage() {
  const handlers = new Map();
  return { on: (e, fn) => handlers.set(e, fn), off: (e) => handlers.delete(e), handlers };
}

/** canvas.interface.grid (GridLayer): named highlight layers of grid positions. */
export class FakeGridLayer {
  constructor() {
    this.highlightLayers = {};
  }

  addHighlightLayer(name) {
    this.highlightLayers[name] ??= { name, positions: [] };
    return this.highlightLayers[name];
  }

  clearHighlightLayer(name) {
    const layer = this.highlightLayers[name];
    if (layer) layer.positions = [];
  }

  highlightPosition(name, { x, y, color, border, alpha } = {}) {
    const layer = this.highlightLayers[name];
    if (!layer) return false;
    layer.positions.push({ x, y, color, border, alpha });
    return true;
  }

  /** The squares' top-left pixels highlighted on a layer now, as "x,y". */
  highlighted(name) {
    return (this.highlightLayers[name]?.positions ?? []).map((p) => `${p.x},${p.y}`);
  }
}

export function fakeCanvas(scene = null) {
  return {
    scene,
    stage: fakeStage(),
    tokens: { controlled: [] },
    interface: Object.assign(new FakeContainer(), { grid: new FakeGridLayer() }),
  };
}
