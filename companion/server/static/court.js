/* The spectator board's picture of the match (board.js draws it on every view, live or
   replayed): a Yaotzin court to scale with its slopes, goal lines, scoring areas and hoops,
   the ball and its last flight and roll; a goat-ball arena, the players' platforms (by zone
   when the match has zones), who is out, who carries the ball, how hot it is. SVG made with
   DOM methods only: every name is a text node, nothing is parsed as markup. */
"use strict";
window.BallcourtCourt = (function () {
  const NS = "http://www.w3.org/2000/svg";
  const COLOURS = ["#4ea8ff", "#ff7a59", "#7bd88f", "#c792ea", "#ffd166", "#5ee0d6"];
  const STEP = {N: [0, -1], NE: [1, -1], E: [1, 0], SE: [1, 1], S: [0, 1], SW: [-1, 1],
                W: [-1, 0], NW: [-1, -1]};

  function node(tag, attrs, text) {
    const e = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, String(v));
    if (text !== undefined) e.textContent = text;
    return e;
  }
  // a name cut to what fits, whole in its tooltip (<title>): SVG text does not wrap
  function label(attrs, text, most) {
    const shown = text.length > most ? text.slice(0, Math.max(1, most - 1)) + "…" : text;
    const e = node("text", attrs, shown);
    if (shown !== text) e.append(node("title", {}, text));
    return e;
  }
  function teamColour(state, id) {
    const i = (state.teams || []).findIndex((team) => team.id === id);
    return COLOURS[Math.max(0, i) % COLOURS.length];
  }
  function teamName(state, id) {
    const team = (state.teams || []).find((x) => x.id === id);
    return team ? team.name || team.id : id || "";
  }

  // -- Yaotzin --------------------------------------------------------------------------------
  function height(f, y) {
    if (y < f.slope) return f.slope - y;
    if (y >= f.width - f.slope) return y - (f.width - f.slope) + 1;
    return 0;
  }
  const mid = (sq) => [sq.x + 0.5, sq.y + 0.5];

  function yaotzin(state, trail, t) {
    const f = state.field, L = f.length, W = f.width, E = f.end_zone;
    const svg = node("svg", {viewBox: `${-E - 0.5} -2 ${L + 2 * E + 1} ${W + 4}`,
      role: "img", class: "court yaotzin", "data-length": L, "data-width": W});
    const ball = state.ball;
    svg.append(node("title", {}, t("court_title", {x: ball.x, y: ball.y})));
    const defs = node("defs");
    const arrow = node("marker", {id: "bc-arrow", viewBox: "0 0 10 10", refX: 8, refY: 5,
      markerWidth: 4, markerHeight: 4, orient: "auto-start-reverse"});
    arrow.append(node("path", {d: "M0,0 L10,5 L0,10 z", class: "arrow-head"}));
    defs.append(arrow);
    svg.append(defs);
    // the scoring areas, each in the colour of the team that defends that end
    for (const team of state.teams) {
      const west = team.defends === "west";
      const x = west ? -E : L;
      const zone = node("g", {class: "end-zone", "data-end": team.defends, "data-team": team.id});
      zone.append(node("rect", {x, y: 0, width: E, height: W, fill: teamColour(state, team.id)}));
      const size = Math.min(E * 0.7, W / 9);
      const cx = x + E / 2, cy = W / 2;
      zone.append(label({x: cx, y: cy, "font-size": size, class: "end-label",
        transform: `rotate(${west ? -90 : 90} ${cx} ${cy})`}, team.name || team.id,
        Math.max(4, Math.floor(W * 0.9 / (size * 0.6)))));
      svg.append(zone);
    }
    svg.append(node("rect", {x: 0, y: 0, width: L, height: W, class: "floor"}));
    // the slopes: each row shaded by its height above the flat floor
    for (let y = 0; y < W; y++) {
      const h = height(f, y);
      if (h) svg.append(node("rect", {x: 0, y, width: L, height: 1, class: "slope",
        "fill-opacity": (0.08 + 0.5 * h / Math.max(1, f.slope)).toFixed(3)}));
    }
    for (const y of [f.slope, W - f.slope])
      svg.append(node("line", {x1: 0, y1: y, x2: L, y2: y, class: "slope-foot"}));
    for (let x = 6; x < L; x += 6)
      svg.append(node("line", {x1: x, y1: 0, x2: x, y2: W, class: "grid"}));
    svg.append(node("line", {x1: L / 2, y1: 0, x2: L / 2, y2: W, class: "centre-line"}));
    svg.append(node("circle", {cx: f.centre.x + 0.5, cy: f.centre.y + 0.5, r: Math.min(3, W / 8),
      class: "centre-circle"}));
    for (const x of [0, L])
      svg.append(node("line", {x1: x, y1: 0, x2: x, y2: W, class: "goal-line"}));
    svg.append(node("rect", {x: -E, y: 0, width: L + 2 * E, height: W, class: "walls"}));
    for (const side of ["north", "south"]) {
      const hoop = f.hoops[side];
      svg.append(node("circle", {cx: hoop.x + 0.5, cy: side === "north" ? 0 : W, r: 1.1,
        class: "hoop" + (trail && trail.hoop === side ? " scored" : ""), "data-side": side}));
    }
    if (trail) svg.append(drawTrail(f, trail));
    svg.append(drawBall(ball));
    return svg;
  }

  function drawTrail(f, trail) {
    const g = node("g", {class: "trail", "data-seq": trail.seq});
    const to = trail.ball ? mid(trail.ball)
      : trail.goal ? goalPoint(f, trail)
      : trail.hoop ? [f.hoops[trail.hoop].x + 0.5, trail.hoop === "north" ? 0 : f.width]
      : null;
    if (trail.origin) {
      const from = mid(trail.origin);
      const down = trail.landing ? mid(trail.landing) : to;
      if (down) {
        const lift = Math.min(6, Math.hypot(down[0] - from[0], down[1] - from[1]) / 4);
        const cx = (from[0] + down[0]) / 2, cy = (from[1] + down[1]) / 2 - lift;
        g.append(node("path", {class: "flight", "marker-end": "url(#bc-arrow)",
          d: `M${from[0]},${from[1]} Q${cx},${cy} ${down[0]},${down[1]}`}));
        if (trail.landing) g.append(node("circle", {cx: down[0], cy: down[1], r: 0.45,
          class: "landing"}));
      }
      if (trail.landing && to && (to[0] !== down[0] || to[1] !== down[1]))
        g.append(segment("roll", down, to));
    } else if (trail.from && to) {
      g.append(segment("move", mid(trail.from), to));
    }
    const b = trail.ball;
    if (b && b.speed > 0 && STEP[b.direction]) {
      const [dx, dy] = STEP[b.direction], start = mid(b);
      g.append(segment("rolls-on", start, [start[0] + dx * b.speed, start[1] + dy * b.speed]));
    }
    return g;
  }
  function goalPoint(f, trail) {
    const y = (trail.landing || trail.origin || trail.from || {y: f.width / 2}).y + 0.5;
    return [trail.goal === "west" ? -f.end_zone / 2 : f.length + f.end_zone / 2, y];
  }
  function segment(kind, a, b) {
    return node("line", {class: kind, x1: a[0], y1: a[1], x2: b[0], y2: b[1],
      "marker-end": "url(#bc-arrow)"});
  }
  function drawBall(ball) {
    const [cx, cy] = mid(ball);
    const g = node("g", {class: "ball", id: "court-ball", "data-x": ball.x, "data-y": ball.y});
    g.append(node("circle", {cx, cy, r: 1.6, class: "ball-halo"}),
      node("circle", {cx, cy, r: 0.8, class: "ball-core"}));
    return g;
  }

  // -- goat-ball ------------------------------------------------------------------------------
  // one panel a team, or with zones one a zone (the zones are the arena's: both teams' players
  // stand in them); each player's platform a disk ringed in his team's colour
  const COLS = 3, CELL_W = 40, CELL_H = 38, HEAD = 16;

  function goatball(state, t) {
    const pos = state.possession || null;
    const everyone = state.teams.flatMap((team) => (team.players || []).map((p) => [team, p]));
    const zoned = everyone.some(([, p]) => p.zone);
    const panels = new Map();
    for (const [team, p] of everyone) {
      const key = zoned ? p.zone || "" : team.id;
      if (!panels.has(key)) panels.set(key, []);
      panels.get(key).push([team, p]);
    }
    if (!zoned) for (const team of state.teams) if (!panels.has(team.id)) panels.set(team.id, []);
    const wrap = document.createElement("div");
    wrap.className = "arena";
    for (const [key, members] of panels) {
      const carried = pos && members.some(([, p]) => p.id === pos.carrier);
      const mine = zoned ? carried : pos && pos.team === key;
      wrap.append(panel(state, members, pos, t, zoned
        ? {title: t("zone", {zone: key}), attrs: {"data-zone": key}, mine}
        : {title: teamName(state, key), colour: teamColour(state, key),
           attrs: {"data-team": key}, mine,
           standing: members.filter(([, p]) => !p.out && !p.dead).length,
           total: members.length}));
    }
    return wrap;
  }

  function panel(state, members, pos, t, how) {
    const rows = Math.max(1, Math.ceil(members.length / COLS));
    const h = HEAD + rows * CELL_H + 2;
    const svg = node("svg", {viewBox: `0 0 ${COLS * CELL_W} ${h}`, role: "img",
      class: "court goatball" + (how.mine ? " has-ball" : ""), ...how.attrs});
    svg.append(node("title", {}, how.total === undefined ? how.title
      : t("arena_title", {team: how.title, n: how.standing, total: how.total})));
    svg.append(node("rect", {x: 0.5, y: 0.5, width: COLS * CELL_W - 1, height: h - 1, rx: 6,
      class: "arena-back", stroke: how.colour || "rgba(255, 255, 255, .3)"}));
    svg.append(label({x: 4, y: 11, class: "arena-head", fill: how.colour || "currentColor"},
      how.title, how.mine ? 13 : 21));
    if (how.mine) svg.append(heatMeter(pos, t));
    members.forEach(([team, p], i) => svg.append(platform(state, team, p, pos,
      (i % COLS) * CELL_W + CELL_W / 2, HEAD + Math.floor(i / COLS) * CELL_H)));
    return svg;
  }

  // how hot the ball is: a pip for each counted pass (three make it hot), or the word HOT
  function heatMeter(pos, t) {
    const counted = Math.max(0, Math.min(3, (pos.visited || []).length - 1));
    const g = node("g", {class: "heat-meter" + (pos.hot ? " hot" : ""), "data-heat": counted});
    g.append(node("title", {}, pos.hot ? t("hot") : t("heat", {n: counted})));
    if (pos.hot) g.append(node("text", {x: 116, y: 11, class: "heat-word", "text-anchor": "end"},
      t("hot")));
    else for (let i = 0; i < 3; i++)
      g.append(node("rect", {x: 92 + i * 8, y: 4.5, width: 6, height: 7, rx: 1.5,
        class: i < counted ? "pip lit" : "pip"}));
    return g;
  }

  function platform(state, team, p, pos, cx, top) {
    const carrier = pos && pos.carrier === p.id;
    const visited = pos && pos.team === team.id && (pos.visited || []).includes(p.platform);
    const status = p.dead ? "dead" : p.out ? "out" : carrier ? "carrier" : "standing";
    const g = node("g", {class: "platform " + status + (visited ? " visited" : ""),
      "data-player": p.id, "data-platform": p.platform, "data-state": status});
    const cy = top + 12;
    g.append(node("circle", {cx, cy, r: 10, class: "disk", stroke: teamColour(state, team.id)}));
    g.append(label({x: cx, y: cy + 2.2, class: "platform-id", "text-anchor": "middle"},
      p.platform, 7));
    if (carrier) {
      g.append(node("circle", {cx, cy, r: 12.5, class: "carrier-ring"}));
      g.append(node("circle", {cx: cx + 8.5, cy: cy - 8.5, r: 3.6,
        class: "ball-core" + (pos.hot ? " hot" : "")}));
    }
    if (p.out || p.dead)
      g.append(node("path", {d: `M${cx - 7},${cy - 7} L${cx + 7},${cy + 7} M${cx + 7},${cy - 7}`
        + ` L${cx - 7},${cy + 7}`, class: "struck"}));
    g.append(nameLines(cx, top + 28.5, (p.dead ? "† " : "") + (p.name || p.id)));
    return g;
  }
  // a player's name under his platform: two lines at most, broken between words, each cut to
  // the cell's width; the whole name in its tooltip
  const LINE = 11;
  function nameLines(cx, y, name) {
    const lines = [];
    for (const word of name.split(/\s+/).filter(Boolean)) {
      const end = lines.length - 1;
      if (end >= 0 && (lines[end] + " " + word).length <= LINE) lines[end] += " " + word;
      else lines.push(word);
    }
    const shown = lines.slice(0, 2).map((line) => line.length > LINE
      ? line.slice(0, LINE - 1) + "…" : line);
    if (lines.length > 2 && !shown[1].endsWith("…")) shown[1] = shown[1].slice(0, LINE - 1) + "…";
    const text = node("text", {x: cx, y, class: "player-name", "text-anchor": "middle"});
    shown.forEach((line, i) => text.append(node("tspan", {x: cx, dy: i ? 5.6 : 0}, line)));
    if (shown.join(" ") !== name) text.append(node("title", {}, name));
    return text;
  }

  // what the marks mean, in words: a stream has no hover for the tooltips
  function legend(keys, t) {
    const p = document.createElement("p");
    p.className = "legend";
    for (const key of keys) {
      const item = document.createElement("span");
      item.className = key.replace("_", "-");
      item.textContent = t("legend_" + key);
      p.append(item);
    }
    return p;
  }

  return {
    teamColour,
    /** The picture for this state (and, Yaotzin, the ball's last trail), in place of what the
     *  box held. `t` is the board's word lookup. */
    draw(box, state, trail, t) {
      if (state.game === "yaotzin" && state.field)
        box.replaceChildren(yaotzin(state, trail, t),
          legend(["ball", "flight", "roll", "rolls_on"], t));
      else if (state.game === "goatball")
        box.replaceChildren(goatball(state, t), legend(["carrier", "visited", "out"], t));
      else box.replaceChildren();
    },
  };
})();
