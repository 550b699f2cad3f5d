/**
 * Companion overlays (in squares) -> drawing commands (in scene pixels). The renderer
 * (render/pixi-draw.mjs) only executes commands, so what is drawn is decided and tested here.
 *
 * Commands: {kind: "rect", x, y, w, h, fill, alpha, stroke?}, {kind: "line", points: [{x, y}],
 * color, width, alpha, dash?}, {kind: "circle", x, y, r, color, width, alpha},
 * {kind: "text", x, y, text, color, size, anchor}. Colours are 0xRRGGBB numbers.
 */
import { cornerPoint, squareCenter, squareTopLeft } from "./geometry.mjs";

export const PALETTE = {
  line: 0xf2c14e,
  lineAlt: 0xf29f4e,
  path: 0xf2c14e,
  interceptor: 0xd64545,
  chance: 0xd68a45,
  landing: 0x3fa34d,
  heat: 0x3fa3d6,
  range: 0xffffff,
  blocked: 0x888888,
  text: 0xffffff,
  goal: 0x6be06b,
};

/** The words drawn on the canvas; the glue passes localized ones (lang/*.json). */
export const ENGLISH = {
  dc: ({ dc }) => `DC ${dc}`,
  interceptor: ({ dc, pct }) => `DC ${dc} · ${pct}%`,
  target: ({ feet, pct }) => `${feet} ft · ${pct}%`,
  outOfRange: ({ feet, max }) => `${feet} ft > ${max} ft`,
  grapple: () => "grapple",
  refused: ({ code }) =>
    ({
      own_square: "the kicker's square",
      off_court: "beyond the walls",
      kicker_not_at_ball: "not on the ball",
    })[code] ?? code,
  heat: ({ count, hot }) => `${count}/4${hot ? " 🔥" : ""}`,
};

function squareRect(m, sq, fill, alpha, stroke) {
  const tl = squareTopLeft(m, sq);
  const cmd = { kind: "rect", x: tl.x, y: tl.y, w: m.gridSize, h: m.gridSize, fill, alpha };
  if (stroke !== undefined) cmd.stroke = stroke;
  return cmd;
}

function label(m, sq, text, color = PALETTE.text) {
  const c = squareCenter(m, sq);
  return {
    kind: "text",
    x: c.x,
    y: c.y - m.gridSize * 0.75,
    text,
    color,
    size: Math.max(12, Math.round(m.gridSize * 0.28)),
    anchor: 0.5,
  };
}

function markers(m, list, color, words) {
  const out = [];
  for (const i of list ?? []) {
    out.push(squareRect(m, i, color, 0.35, color));
    const text = i.text ?? (i.grapple ? words.grapple(i) : i.dc !== undefined ? words.dc(i) : null);
    if (text) out.push(label(m, i, text, color));
  }
  return out;
}

/** The hover preview: candidate lines, crossed squares, interceptors, heat map, range ring. */
export function previewCommands(m, preview, palette = PALETTE, words = ENGLISH) {
  const ov = preview.overlay;
  const cmds = [];
  const origin = squareCenter(m, ov.origin);
  if (ov.range) {
    cmds.push({
      kind: "circle",
      x: origin.x,
      y: origin.y,
      r: (ov.range.feet / 5) * m.gridSize,
      color: palette.range,
      width: 2,
      alpha: 0.5,
    });
  }
  if (ov.legal === false && ov.reason?.code !== "out_of_range") {
    cmds.push(squareRect(m, ov.target, palette.blocked, 0.3, palette.blocked));
    cmds.push(label(m, ov.target, words.refused(ov.reason), palette.blocked));
    return cmds;
  }
  if (!ov.in_range) {
    cmds.push(squareRect(m, ov.target, palette.blocked, 0.4, palette.interceptor));
    cmds.push(
      label(
        m,
        ov.target,
        words.outOfRange({ feet: preview.target_ft, max: ov.range.feet }),
        palette.interceptor,
      ),
    );
    return cmds;
  }
  for (const cell of preview.odds?.landing ?? []) {
    cmds.push(squareRect(m, cell, palette.heat, Math.min(0.85, 0.15 + cell.p * 1.5)));
  }
  for (const sq of preview.path ?? []) cmds.push(squareRect(m, sq, palette.path, 0.12));
  ov.lines.forEach((line, i) => {
    cmds.push({
      kind: "line",
      points: [cornerPoint(m, line.from), cornerPoint(m, line.to)],
      color: i ? palette.lineAlt : palette.line,
      width: 3,
      alpha: 0.9,
      dash: i > 0,
    });
  });
  cmds.push(
    ...markers(
      m,
      (preview.interceptors ?? []).map((i) => ({
        ...i.square,
        text: words.interceptor({
          dc: i.dc,
          pct: Math.round(100 * ((i.odds?.yoke ?? 0) + (i.odds?.stopped ?? 0))),
        }),
      })),
      palette.interceptor,
      words,
    ),
  );
  const pct = Math.round(100 * (preview.odds?.hit ?? 0));
  cmds.push(label(m, ov.target, words.target({ feet: preview.target_ft, pct }), palette.text));
  return cmds;
}

/** A resolved kick: its line, crossed squares, interceptors and where it landed. */
export function kickCommands(m, ov, palette = PALETTE, words = ENGLISH) {
  const cmds = (ov.path ?? []).map((sq) => squareRect(m, sq, palette.path, 0.15));
  cmds.push({
    kind: "line",
    points: [cornerPoint(m, ov.line.from), cornerPoint(m, ov.line.to)],
    color: palette.line,
    width: 4,
    alpha: 1,
  });
  cmds.push(...markers(m, ov.interceptors, palette.interceptor, words));
  cmds.push(
    squareRect(m, ov.landing, ov.goal ? palette.goal : palette.landing, 0.5, palette.landing),
  );
  return cmds;
}

/** A ball action: its path and who may stop it. */
export function tickCommands(m, ov, palette = PALETTE, words = ENGLISH) {
  const cmds = (ov.path ?? []).map((sq) => squareRect(m, sq, palette.path, 0.2));
  if (ov.path?.length) {
    cmds.push({
      kind: "line",
      points: [ov.start, ...ov.path].map((sq) => squareCenter(m, sq)),
      color: palette.line,
      width: 3,
      alpha: 0.9,
    });
  }
  cmds.push(...markers(m, ov.chances, palette.chance, words));
  return cmds;
}

export function hoopCommands(m, ov, palette = PALETTE, words = ENGLISH) {
  const cmds = (ov.path ?? []).map((sq) => squareRect(m, sq, palette.path, 0.15));
  cmds.push(...markers(m, ov.interceptors, palette.interceptor, words));
  cmds.push(squareRect(m, ov.under, ov.through ? palette.goal : palette.landing, 0.5));
  return cmds;
}

export function dribbleCommands(m, ov, palette = PALETTE, words = ENGLISH) {
  const cmds = (ov.path ?? []).map((sq) => squareRect(m, sq, palette.path, 0.2));
  cmds.push(...markers(m, ov.provokers, palette.interceptor, words));
  return cmds;
}

/**
 * A goat-ball arena (pixels already): zones outlined, platforms as discs, the platforms the
 * ball has visited this possession lit (the heat), the carrier's platform ringed.
 */
export function arenaCommands(
  arena,
  { visited = [], carrierPlatform = null, hot = false } = {},
  palette = PALETTE,
  words = ENGLISH,
) {
  const cmds = arena.zones.map((z) => ({
    kind: "rect",
    x: z.x,
    y: z.y,
    w: z.w,
    h: z.h,
    fill: palette.heat,
    alpha: 0.04,
    stroke: palette.heat,
  }));
  const lit = new Set(visited);
  for (const p of arena.platforms) {
    const heat = lit.has(p.id);
    cmds.push({
      kind: "circle",
      x: p.x,
      y: p.y,
      r: p.radius,
      color: heat ? (hot ? palette.interceptor : palette.line) : palette.range,
      width: heat ? 6 : 2,
      alpha: heat ? 1 : 0.5,
    });
    if (p.id === carrierPlatform) {
      cmds.push({
        kind: "circle",
        x: p.x,
        y: p.y,
        r: p.radius * 1.35,
        color: palette.landing,
        width: 4,
        alpha: 1,
      });
    }
    cmds.push({
      kind: "text",
      x: p.x,
      y: p.y,
      text: p.id,
      color: palette.text,
      size: Math.round(p.radius * 0.7),
      anchor: 0.5,
    });
  }
  cmds.push({
    kind: "text",
    x: 20,
    y: 20,
    text: words.heat({ count: lit.size, hot }),
    color: hot ? palette.interceptor : palette.text,
    size: 28,
    anchor: 0,
  });
  return cmds;
}

/** The canvas words in the user's language, from an i18n {format(key, data)}. */
export function localizedWords(i18n) {
  const w = (key) => (data) => i18n.format(`BALLCOURT.Overlay.${key}`, data);
  return {
    dc: w("Dc"),
    interceptor: w("Interceptor"),
    target: w("Target"),
    outOfRange: w("OutOfRange"),
    grapple: w("Grapple"),
    refused: ({ code }) => i18n.format(`BALLCOURT.Overlay.Refused.${code}`, {}),
    heat: ({ count, hot }) =>
      i18n.format(`BALLCOURT.Overlay.${hot ? "HeatHot" : "Heat"}`, { count }),
  };
}

/** Whichever overlay a companion answer carries. */
export function overlayCommands(m, answer, palette = PALETTE, words = ENGLISH) {
  const ov = answer.overlay;
  if (!ov) return [];
  switch (ov.kind) {
    case "preview":
      return previewCommands(m, answer, palette, words);
    case "kick":
      return kickCommands(m, ov, palette, words);
    case "tick":
      return tickCommands(m, ov, palette, words);
    case "hoop":
      return hoopCommands(m, ov, palette, words);
    case "dribble":
      return dribbleCommands(m, ov, palette, words);
    default:
      return [];
  }
}
