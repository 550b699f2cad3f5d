/* The board's replay: any step of the match, event by event or played at a chosen speed.
   Each step comes from the companion (GET /api/v1/matches/<id>/replay?step=N, read with the
   page's viewer key, which opens that match only): the state, the event, the ball's trail and
   the box score as they stood then, folded by the companion's own rules. The link chooses how
   it opens: &replay=1 (at the start), &step=N, &play=1, &speed=0.5|1|2|4 (events a second). */
"use strict";
(function () {
  const DATA = JSON.parse(document.getElementById("board-data").textContent);
  const board = window.BallcourtBoard;
  const t = board.text;
  const $ = (id) => document.getElementById(id);
  const route = "/api/v1/matches/" + encodeURIComponent(DATA.match) + "/replay?step=";
  const SPEEDS = [0.5, 1, 2, 4];
  const params = new URLSearchParams(location.search);
  let steps = DATA.state.seq;        // the events in force, as the live board knows them
  let shown = null;                  // the step shown; null: live
  let playing = false;
  let cache = new Map();             // step -> answer; an event applied or undone clears it
  let wanted = 0;                    // the newest step asked for: older answers are dropped

  function button(id, glyph, key) {
    const b = $(id);
    b.textContent = glyph;
    b.title = t(key);
    b.setAttribute("aria-label", t(key));
    return b;
  }
  async function fetchStep(n) {
    if (cache.has(n)) return cache.get(n);
    const res = await fetch(route + n, {headers: {Authorization: "Bearer " + DATA.key},
                                        cache: "no-store"});
    if (!res.ok) throw new Error("replay " + res.status);
    const got = await res.json();
    cache.set(n, got);
    return got;
  }
  async function go(n) {
    n = Math.max(0, Math.min(steps, n));
    const ask = ++wanted;
    let got;
    try {
      got = await fetchStep(n);
    } catch (err) {
      $("rp-where").textContent = t("replay_failed");
      stop();
      return;
    }
    if (ask !== wanted || shown === null) return;     // overtaken, or back to live meanwhile
    steps = got.steps;
    shown = got.step;
    document.dispatchEvent(new CustomEvent("ballcourt:report", {detail: got.report}));
    board.show(got);
    controls();
  }
  function controls() {
    const on = shown !== null;
    document.body.classList.toggle("replaying", on);
    $("rp-toggle").textContent = t(on ? "replay_live" : "replay");
    $("rp-controls").hidden = !on;
    const range = $("rp-step");
    range.max = String(steps);
    range.value = String(on ? shown : steps);
    $("rp-where").textContent = on ? t("replay_where", {n: shown, total: steps}) : "";
    button("rp-play", playing ? "❚❚" : "▶", playing ? "replay_pause" : "replay_play");
    $("rp-first").disabled = $("rp-prev").disabled = !on || shown <= 0;
    $("rp-next").disabled = $("rp-last").disabled = !on || shown >= steps;
  }
  function start(n) {
    shown = n;
    go(n);
  }
  function backToLive() {
    stop();
    shown = null;
    wanted++;
    board.show(null);
    document.dispatchEvent(new CustomEvent("ballcourt:report", {detail: null}));
    controls();
  }
  function speed() { return Number($("rp-speed").value) || 1; }
  async function play() {
    if (shown === null) start(0);
    if (shown >= steps) await go(0);
    playing = true;
    controls();
    while (playing && shown !== null && shown < steps) {
      await new Promise((done) => setTimeout(done, 1000 / speed()));
      if (playing) await go(shown + 1);
    }
    stop();
  }
  function stop() {
    playing = false;
    if ($("rp-play")) controls();
  }

  button("rp-first", "«", "replay_first");
  button("rp-prev", "‹", "replay_prev");
  button("rp-next", "›", "replay_next");
  button("rp-last", "»", "replay_last");
  $("rp-speed-label").textContent = t("replay_speed");
  $("rp-step").setAttribute("aria-label", t("replay_step"));
  const chosen = SPEEDS.includes(Number(params.get("speed"))) ? Number(params.get("speed")) : 1;
  for (const s of SPEEDS) {
    const option = document.createElement("option");
    option.value = String(s);
    option.textContent = t("replay_per_second", {n: decimal(s)});
    option.selected = s === chosen;
    $("rp-speed").append(option);
  }
  function decimal(n) { return DATA.lang === "ru" ? String(n).replace(".", ",") : String(n); }

  $("rp-toggle").addEventListener("click", () => (shown === null ? start(0) : backToLive()));
  $("rp-first").addEventListener("click", () => { stop(); go(0); });
  $("rp-prev").addEventListener("click", () => { stop(); go(shown - 1); });
  $("rp-next").addEventListener("click", () => { stop(); go(shown + 1); });
  $("rp-last").addEventListener("click", () => { stop(); go(steps); });
  $("rp-play").addEventListener("click", () => (playing ? stop() : play()));
  $("rp-step").addEventListener("input", (e) => { stop(); if (shown === null) shown = 0;
                                                  go(Number(e.target.value)); });
  // the live match moved on (an event applied or undone): the steps may have changed
  document.addEventListener("ballcourt:match", () => {
    cache = new Map();
    steps = board.liveSteps();
    if (shown !== null && !playing) go(Math.min(shown, steps));   // the step may read otherwise
    controls();
  });

  $("replay").hidden = false;
  controls();
  const at = params.get("step");
  if (at !== null && /^\d+$/.test(at)) start(Number(at));
  else if (params.get("replay") === "1" || params.get("play") === "1") start(0);
  if (params.get("play") === "1") play();
})();
