/**
 * Executes drawing commands (core/overlay.mjs) on a PIXI 7 container. PIXI is passed in, so
 * the same code runs inside Foundry (its global PIXI) and in the browser test harness.
 */

function dashTo(g, a, b, dash = 12, gap = 8) {
  const len = Math.hypot(b.x - a.x, b.y - a.y);
  const ux = (b.x - a.x) / len;
  const uy = (b.y - a.y) / len;
  for (let d = 0; d < len; d += dash + gap) {
    const e = Math.min(len, d + dash);
    g.moveTo(a.x + ux * d, a.y + uy * d);
    g.lineTo(a.x + ux * e, a.y + uy * e);
  }
}

export function drawCommands(PIXI, container, commands) {
  const g = new PIXI.Graphics();
  g.name = "ballcourt-shapes";
  container.addChild(g);
  const texts = [];
  for (const c of commands) {
    if (c.kind === "rect") {
      if (c.stroke !== undefined) g.lineStyle(2, c.stroke, 0.9);
      else g.lineStyle(0);
      g.beginFill(c.fill, c.alpha);
      g.drawRect(c.x, c.y, c.w, c.h);
      g.endFill();
    } else if (c.kind === "line") {
      g.lineStyle(c.width, c.color, c.alpha);
      for (let i = 1; i < c.points.length; i += 1) {
        if (c.dash) dashTo(g, c.points[i - 1], c.points[i]);
        else {
          g.moveTo(c.points[i - 1].x, c.points[i - 1].y);
          g.lineTo(c.points[i].x, c.points[i].y);
        }
      }
    } else if (c.kind === "circle") {
      g.lineStyle(c.width, c.color, c.alpha);
      g.beginFill(0, 0);
      g.drawCircle(c.x, c.y, c.r);
      g.endFill();
    } else if (c.kind === "text") {
      const t = new PIXI.Text(c.text, {
        fontFamily: "Signika, sans-serif",
        fontSize: c.size,
        fill: c.color,
        stroke: 0x000000,
        strokeThickness: 3,
      });
      t.anchor.set(c.anchor ?? 0.5);
      t.position.set(c.x, c.y);
      t.name = "ballcourt-label";
      container.addChild(t);
      texts.push(t);
    }
  }
  return { graphics: g, texts };
}

export function clearContainer(container) {
  for (const child of container.removeChildren()) child.destroy({ children: true });
}
