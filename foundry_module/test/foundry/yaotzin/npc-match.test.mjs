/**
 * NPC matches the party watches, core and table: the body sent from a court and its
 * match under way, the odds and played-out cards in each reader's language, and on the doubles
 * a GM who asks, whispers or posts, and keeps a match; a player who reads the card in his own
 * language and can make no companion call (no button, no press, no link).
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { renderCard } from "../../../scripts/core/cards.mjs";
import { makeLocalizer } from "../../../scripts/core/i18n.mjs";
import {
  DEFAULT_HIT_POINTS,
  keepMatch,
  matchHitPoints,
  npcBody,
  oddsCard,
  playCard,
  renderOddsCard,
  renderPlayCard,
} from "../../../scripts/core/npc-match.mjs";
import { fakeCompanion } from "../../fakes/companion.mjs";
import { ODDS, PLAYED } from "../../fixtures/npc-match.mjs";
import { asUser, settle } from "../../fakes/foundry.mjs";
import { courtScene } from "../../fakes/scenes.mjs";
import { chatText, moduleOf, openOn, shown, useTables } from "../../tables/table.mjs";

useTables();

const lang = (code) =>
  makeLocalizer(
    JSON.parse(readFileSync(new URL(`../../../lang/${code}.json`, import.meta.url), "utf8")),
    code,
  );

test("the body: a court's players, its two teams and rules; a match under way adds its ball, round, score and nonlethal damage", () => {
  const court = {
    players: [
      { id: "ix", team: "sun", x: 10, y: 12 },
      { id: "yo", team: "moon", x: 13, y: 12 },
    ],
    teams: [
      { id: "sun", defends: "west" },
      { id: "moon", defends: "east" },
      { id: "owls", defends: "west" },
    ],
    field: { length: 72, width: 24 },
    settings: { scatter_one: "long" },
    ball: { x: 10, y: 12, speed: 0, direction: null },
  };
  const fresh = npcBody(court, null);
  assert.deepEqual(fresh, {
    players: court.players,
    field: court.field,
    settings: court.settings,
    teams: [
      { id: "sun", defends: "west" },
      { id: "moon", defends: "east" },
    ],
  });
  assert.deepEqual(
    npcBody(court, { status: "over", round: 40, score: { sun: 9, moon: 2 } }),
    fresh,
    "a match over: a new one from the kick-off",
  );
  const going = npcBody(court, {
    status: "playing",
    round: 12,
    score: { sun: 2, moon: 1 },
    nonlethal: { yo: 4, gone: 3, ix: 0 },
  });
  assert.deepEqual(
    [going.round, going.score, going.nonlethal, going.ball],
    [12, { sun: 2, moon: 1 }, { yo: 4 }, { x: 10, y: 12, speed: 0, direction: null }],
  );
});

test("hit points: a sheet's current with its temporary ones, else its maximum, else the default (named); sent as the route takes them", () => {
  const players = ["ix", "yo", "mo", "np", "lo"].map((id) => ({ id }));
  const { hitPoints, defaulted } = matchHitPoints(players, {
    ix: { current: 12, temp: 3, max: 18 },
    yo: { current: null, temp: 2, max: 20 },
    mo: { current: null, temp: 0, max: null },
    np: null,
    lo: { current: -4, temp: 0, max: 10 },
  });
  assert.deepEqual(hitPoints, { ix: 15, yo: 20, lo: 1 });
  assert.deepEqual(defaulted, ["mo", "np"]);
  const court = { players: [{ id: "ix", team: "sun", x: 1, y: 1 }] };
  assert.deepEqual(npcBody(court, null, hitPoints).hit_points, hitPoints);
  assert.equal(
    "hit_points" in npcBody(court, null, {}),
    false,
    "none read: the companion's default",
  );
  const names = { mo: "Mixco", np: "Tezca" };
  assert.match(
    renderCard(oddsCard(ODDS, names, { defaulted }), lang("en"), {}),
    /Mixco, Tezca: no hit points on the sheet, played with the default 16\./,
  );
  assert.match(
    renderCard(playCard(PLAYED, names, { defaulted }), lang("ru"), {}),
    /Mixco, Tezca: на листе персонажа нет хитов, в матче взято 16 \(по умолчанию\)\./,
  );
  assert.equal(
    oddsCard(ODDS, names).lines.some((l) => l.key === "BALLCOURT.Npc.DefaultHitPoints"),
    false,
    "nobody defaulted: no line",
  );
  assert.equal(DEFAULT_HIT_POINTS, 16);
});

test("the odds card: each team's chance with its interval and expected score, the draw, and how sure it is", () => {
  const card = oddsCard(ODDS, { sun: "Sun", moon: "Moon" });
  assert.deepEqual(card.actions, []);
  const en = renderOddsCard(ODDS, { sun: "Sun", moon: "Moon" }, lang("en"));
  assert.match(en, /Odds: Sun – Moon/);
  assert.match(en, /Sun wins 62% \(55–69%\), expected score 6\.1/);
  assert.match(en, /Draw 8% \(5–12%\)/);
  assert.match(en, /From 100 matches played by the tactics presets\./);
  const ru = renderOddsCard({ ...ODDS, matches: 21, partial: true }, {}, lang("ru"));
  assert.match(ru, /Шансы: sun – moon/);
  assert.match(ru, /moon побеждает: 30% \(24–37%\), ожидаемый счёт 4\.2/);
  assert.match(ru, /До предела времени компаньона сыгран лишь 21 матч: оценка грубая\./);
});

test("the played-out card tells goals, stops and knock-outs round by round and how it ended, never the kicks and contests", () => {
  const names = { ix: "Ixpoetchitl", yo: "Yolteotl" };
  const card = playCard(PLAYED, names);
  assert.equal(card.lines.length, 5);
  assert.deepEqual(
    card.actions.map((a) => a.id),
    ["keep"],
  );
  const en = renderPlayCard(PLAYED, names, lang("en"));
  assert.match(en, /Played out: sun 9 – 3 moon/);
  assert.match(en, /Round 3: goal by Ixpoetchitl \(sun\), sun 1 – 0 moon\./);
  assert.match(en, /Round 6: Yolteotl \(moon\) stops the ball\./);
  assert.match(en, /Round 8: Yolteotl \(moon\) is knocked out\./);
  assert.match(en, /Round 9: the ball rolls over the line for sun, sun 2 – 0 moon\./);
  assert.match(en, /sun win, sun 9 – 3 moon, in round 41\./);
  assert.doesNotMatch(en, /Round 2|Round 5/, "a kick and a contest are not told");
  const ru = renderPlayCard(
    { ...PLAYED, winner: null, ended_by: "time", score: { sun: 3, moon: 3 } },
    names,
    lang("ru"),
  );
  assert.match(ru, /Раунд 3: гол забивает Ixpoetchitl \(sun\), sun 1 – 0 moon\./);
  assert.match(ru, /Раунд 8: Yolteotl \(moon\) теряет сознание\./);
  assert.match(ru, /Ничья по истечении времени, sun 3 – 3 moon\./);
  assert.match(ru, /Сохранить как матч компаньона/);
  assert.deepEqual(keepMatch(PLAYED), {
    match: {
      game: "yaotzin",
      teams: [
        { id: "sun", defends: "west" },
        { id: "moon", defends: "east" },
      ],
    },
    events: [...PLAYED.setup, ...PLAYED.events],
  });
});

/** A court with its match under way, on a fake companion that answers the two routes and keeps a match as "k1". */
async function table(settings = {}) {
  const companion = fakeCompanion({
    "GET /api/v1/matches/m1": () => ({
      status: 200,
      body: {
        id: "m1",
        status: "playing",
        round: 12,
        score: { sun: 2, moon: 1 },
        nonlethal: { yo: 5 },
        seq: 20,
      },
    }),
    "/api/v1/yaotzin/odds": () => ({ status: 200, body: ODDS }),
    "/api/v1/yaotzin/play": () => ({ status: 200, body: PLAYED }),
    "POST /api/v1/matches": () => ({ status: 201, body: { id: "k1", seq: 0 } }),
    "/api/v1/matches/k1/events": () => ({ status: 201, body: { id: "k1" } }),
    "/api/v1/matches/k1/report": () => ({
      status: 200,
      body: {
        game: "yaotzin",
        status: "over",
        winner: "sun",
        events: 4,
        round: 41,
        score: { sun: 9, moon: 3 },
        teams: {},
        players: {},
        fields: { teams: [], players: [] },
      },
    }),
  });
  await openOn(companion, { languages: { bob: "ru" }, settings });
  const scene = courtScene();
  return { companion, scene };
}

const simulations = (companion) =>
  companion.calls.filter((c) => /yaotzin\/(odds|play)|\/matches$|k1/.test(c.route));

test("the GM's odds of the match under way: the court and its state are sent; whispered to the GMs, or posted for the table", async () => {
  const { companion, scene } = await table();
  const npc = await moduleOf("gm", "npc-match");
  const whispered = await asUser("gm", () => npc.askOdds(scene));
  const sent = companion.calls.find((c) => c.route === "/api/v1/yaotzin/odds").body;
  assert.deepEqual(
    sent.players.map((p) => [p.id, p.team]),
    [
      ["ix", "sun"],
      ["yo", "moon"],
    ],
  );
  assert.deepEqual(
    [sent.round, sent.score, sent.nonlethal, sent.teams],
    [
      12,
      { sun: 2, moon: 1 },
      { yo: 5 },
      [
        { id: "sun", defends: "west" },
        { id: "moon", defends: "east" },
      ],
    ],
  );
  assert.deepEqual(sent.hit_points, { ix: 18, yo: 20 }, "each sheet's own hit points");
  assert.deepEqual(whispered.whisper, ["gm"]);
  await settle();
  assert.doesNotMatch(chatText("alice"), /Odds:/, "whispered: no player reads it");
  await asUser("gm", () => npc.askOdds(scene, { whisper: false }));
  await settle();
  assert.match(chatText("alice"), /Odds: sun – moon.*sun wins 62%/s);
  assert.match(chatText("bob"), /Шансы: sun – moon.*sun побеждает: 62%/s, "in his own language");
});

test("Odds and Play it out: a player whose sheet holds no hit points plays the default, and both cards say so in each reader's language", async () => {
  const { companion, scene } = await table();
  scene.tokens.get("yo").actor.system.attributes.hp = {};
  const npc = await moduleOf("gm", "npc-match");
  await asUser("gm", () => npc.askOdds(scene, { whisper: false }));
  await asUser("gm", () => npc.playOut(scene));
  await settle();
  assert.deepEqual(
    companion.calls
      .filter((c) => /yaotzin\/(odds|play)$/.test(c.route))
      .map((c) => c.body.hit_points),
    [{ ix: 18 }, { ix: 18 }],
    "only the sheets' own numbers are sent",
  );
  const said = (text, pattern) => (text.match(pattern) ?? []).length;
  assert.equal(
    said(chatText("alice"), /Yolteotl: no hit points on the sheet, played with the default 16\./g),
    2,
  );
  assert.equal(
    said(
      chatText("bob"),
      /Yolteotl: на листе персонажа нет хитов, в матче взято 16 \(по умолчанию\)\./g,
    ),
    2,
  );
});

test("played out: everyone reads the highlights in his language; only the GM keeps it, and the kept match's report follows", async () => {
  const { companion, scene } = await table({ applyPermission: "anyone" });
  const npc = await moduleOf("gm", "npc-match");
  const message = await asUser("gm", () => npc.playOut(scene));
  await settle();
  assert.match(chatText("alice"), /Round 3: goal by Ixpoetchitl \(sun\), sun 1 – 0 moon\./);
  assert.match(chatText("bob"), /Раунд 8: Yolteotl \(moon\) теряет сознание\./);
  assert.match(chatText("gm"), /data-ballcourt-action="keep"/);
  assert.doesNotMatch(
    chatText("alice"),
    /data-ballcourt-action/,
    "a player has no button, whoever may press Apply",
  );
  const chat = await moduleOf("gm", "chat");
  const before = simulations(companion).length;
  assert.equal(
    await asUser("gm", () => chat.performAction(message.id, "keep", "alice")),
    false,
    "a player's press is refused",
  );
  assert.equal(simulations(companion).length, before, "and calls nothing");
  assert.equal(await asUser("gm", () => chat.performAction(message.id, "keep", "gm")), true);
  await settle();
  const made = companion.calls.find((c) => c.method === "POST" && c.route === "/api/v1/matches");
  assert.deepEqual(made.body, {
    game: "yaotzin",
    teams: [
      { id: "sun", defends: "west" },
      { id: "moon", defends: "east" },
    ],
  });
  assert.deepEqual(
    companion.calls.filter((c) => c.route === "/api/v1/matches/k1/events").map((c) => c.body),
    [...PLAYED.setup, ...PLAYED.events],
    "setup, then the events, in order",
  );
  assert.equal(message.flags.ballcourt.kept, "k1");
  assert.match(chatText("bob"), /Сохранён как матч компаньона k1/);
  assert.ok(
    companion.calls.some((c) => c.route === "/api/v1/matches/k1/report"),
    "its report is posted",
  );
  assert.equal(
    await asUser("gm", () => chat.performAction(message.id, "keep", "gm")),
    false,
    "kept once",
  );
});

test("a player's own page makes no companion call: asking is refused before any call, in his language", async () => {
  const { companion, scene } = await table();
  const npc = await moduleOf("bob", "npc-match");
  const before = companion.calls.length;
  const onlyTheGM = (err) => err.key === "BALLCOURT.Connection.GMOnly";
  await assert.rejects(
    asUser("bob", () => npc.playOut(scene)),
    onlyTheGM,
  );
  await assert.rejects(
    asUser("alice", async () => (await moduleOf("alice", "npc-match")).askOdds(scene)),
    onlyTheGM,
  );
  assert.equal(companion.calls.length, before);
  assert.ok(
    shown("bob").some((line) => line === lang("ru").localize("BALLCOURT.Connection.GMOnly")),
    "told in Russian",
  );
});

test("a companion busy with another simulation is one line for the GM, nothing posted", async () => {
  await openOn(
    fakeCompanion({
      "/api/v1/yaotzin/odds": () => ({
        status: 429,
        body: { error: { code: "busy", message: "another tune" } },
      }),
    }),
  );
  const npc = await moduleOf("gm", "npc-match");
  const posted = asUser("gm", () => globalThis.game.messages.contents.length);
  await assert.rejects(
    asUser("gm", () => npc.askOdds(courtScene({ matchId: null }))),
    /another simulation/,
  );
  assert.ok(shown("gm").some((line) => /playing the match out/.test(line)));
  assert.equal(await asUser("gm", () => globalThis.game.messages.contents.length), await posted);
});
