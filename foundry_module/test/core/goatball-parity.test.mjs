/**
 * The module's check of a goat-ball declaration (Declarations.problemWith) copies the
 * companion's checks of a pass, so a declaration the rules refuse is asked again as it is
 * handed in rather than the whole pass refused after its rolls. A copy of rules drifts: this
 * pins it to the real companion on random small arenas and declarations. Whatever the module
 * takes, the companion must not refuse for a declaration (a 422 on an `actions.*` or `throw*`
 * field); whatever the module refuses, the companion must refuse too.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";

import fc from "fast-check";

import { ACTIONS, Declarations } from "../../scripts/core/goatball.mjs";
import { startCompanion } from "../fakes/live-companion.mjs";

const TOKEN = "goatball-parity-token-0123";
const RUNS = 200;
const ZONES = ["z1", "z2", "z3"];
let companion;

before(async () => {
  companion = await startCompanion(TOKEN);
});
after(() => companion?.stop());

const TEAMS = ["red", "blue"];
const idsOf = (team, count) => Array.from({ length: count }, (_, i) => `${team[0]}${i + 1}`);

/** A small arena: two teams of 1 to 3, zones on or off, links or not, the ball with either team. */
const arenas = fc
  .record({
    sizes: fc.tuple(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 3 })),
    zones: fc.boolean(),
    links: fc.option(
      fc.record({ z1: fc.subarray(["z2", "z3"]), z2: fc.subarray(["z3"]) }, { requiredKeys: [] }),
    ),
    holder: fc.constantFrom(...TEAMS),
    hot: fc.boolean(),
    carrierAt: fc.nat(2),
    zoneOf: fc.array(fc.constantFrom(...ZONES), { minLength: 6, maxLength: 6 }),
    initiatives: fc.array(fc.integer({ min: -2, max: 20 }), { minLength: 6, maxLength: 6 }),
  })
  .map(({ sizes, zones, links, holder, hot, carrierAt, zoneOf, initiatives }) => {
    const players = TEAMS.flatMap((team, t) =>
      idsOf(team, sizes[t]).map((id, i) => ({
        id,
        team,
        zone: zones ? zoneOf[t * 3 + i] : null, // zones on: everyone stands in one
        initiative: initiatives[t * 3 + i],
      })),
    );
    const holders = players.filter((p) => p.team === holder);
    const carrier = holders[carrierAt % holders.length].id;
    return { players, carrier, zones, links, holder, hot };
  });

/** One of these, now and then something else (an unknown action, target or zone). */
const mostly = (values, wrong) =>
  fc.oneof({ weight: 9, arbitrary: fc.constantFrom(...values) }, fc.constant(wrong));

/**
 * Everyone's declaration: none three times in four (so that a pass the rules take is common), else
 * any action with targets and zones right or wrong; the carrier's with a throw, pass or hot.
 */
const declarationsFor = ({ players, carrier }) => {
  const ids = players.map((p) => p.id);
  const acting = fc.record(
    {
      action: mostly(ACTIONS, "dribble"),
      target: mostly(ids, "ghost"),
      zone: mostly(ZONES, "z9"),
      throw: fc.record(
        { kind: fc.constantFrom("pass", "hot"), target: mostly(ids, "ghost") },
        { requiredKeys: ["kind"] },
      ),
    },
    { requiredKeys: ["action"] },
  );
  const declaration = (id) =>
    fc
      .oneof({ weight: 3, arbitrary: fc.constant({ action: "none" }) }, acting)
      .map((d) => (id === carrier ? d : { ...d, throw: undefined }));
  // someone acts: a pass with no action is refused whatever its declarations
  return fc.tuple(...ids.map(declaration)).filter((ds) => ds.some((d) => d.action !== "none"));
};

const cases = arenas.chain((arena) =>
  declarationsFor(arena).map((declared) => ({ arena, declared })),
);

/**
 * The companion's pass body for these declarations, as toPassRequest builds it with no checks:
 * the players carry their bonuses and the body a seed, so the companion rolls every check.
 */
function passBody({ players, carrier, zones, links, holder, hot }, declarations) {
  const teams = TEAMS.map((team) => ({
    id: team,
    players: players
      .filter((p) => p.team === team)
      .map((p, i) => ({
        id: p.id,
        platform: `${team}-p${i + 1}`,
        ...(p.zone ? { zone: p.zone } : {}),
        athletics: 2,
        acrobatics: 1,
      })),
  }));
  const possession = { team: holder, carrier, visited: [], hot };
  const settings = { zones, zone_links: links };
  return { ...declarations.toPassRequest({ teams, possession, settings }), seed: 7 };
}

/** The module's verdict on the declarations, and the body it would send (built even when refused). */
function moduleVerdict(arena, declared) {
  const { players, carrier, zones, links, holder, hot } = arena;
  const declarations = new Declarations(players, carrier, {
    possession: { team: holder, carrier, visited: [], hot },
    zones: zones ? { links } : null,
  });
  const problems = players
    .map((p, i) => declarations.problemWith(p.id, declared[i]))
    .filter(Boolean);
  players.forEach((p, i) => declarations.declared.set(p.id, { ...declared[i], player: p.id }));
  return { refused: problems.length > 0, problems, body: passBody(arena, declarations) };
}

/** The companion's answer: its status and, on a 422, the fields it names. */
async function companionVerdict(body) {
  const response = await fetch(`${companion.url}/api/v1/goatball/pass`, {
    method: "POST",
    headers: { Authorization: `Bearer ${TOKEN}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const answer = await response.json();
  const fields = Object.keys(answer.error?.fields ?? {});
  return { status: response.status, fields, answer };
}

const declarationField = (field) => /^(actions\.|throw)/.test(field);

async function agree(arena, declared) {
  const mine = moduleVerdict(arena, declared);
  const theirs = await companionVerdict(mine.body);
  const refusesDeclaration = theirs.status === 422 && theirs.fields.some(declarationField);
  const context = JSON.stringify({
    problems: mine.problems,
    body: mine.body,
    theirs: theirs.answer,
  });
  assert.ok(theirs.status < 500, context);
  if (mine.refused)
    assert.ok(refusesDeclaration, `the module refuses, the companion takes: ${context}`);
  else assert.ok(!refusesDeclaration, `the module takes, the companion refuses: ${context}`);
}

test("the module's declaration check agrees with the companion's verdict on the pass", async () => {
  await fc.assert(
    fc.asyncProperty(cases, ({ arena, declared }) => agree(arena, declared)),
    { numRuns: RUNS, seed: 20261207, includeErrorInReport: true },
  );
});

test("a throw on a declaration that is not a throw is no throw: neither checked nor sent", async () => {
  // found by the property: the module checked the carrier's throw whatever his action (refusing
  // a "none" the companion takes) and sent it with a knock-off (the companion refuses the pass:
  // the carrier does not take part in the throw)
  const arena = {
    players: [
      { id: "r1", team: "red", zone: "z1", initiative: 20 },
      { id: "b1", team: "blue", zone: "z1", initiative: 4 },
      { id: "b2", team: "blue", zone: "z2", initiative: 9 },
    ],
    carrier: "b1",
    zones: true,
    links: null,
    holder: "blue",
    hot: false,
  };
  const pass = { kind: "pass", target: "b2" };
  for (const carrier of [
    { action: "none", throw: { kind: "pass" } },
    { action: "knock_off", target: "r1", throw: pass },
    { action: "defend", target: "b2", throw: pass },
  ]) {
    await agree(arena, [{ action: "intercept" }, carrier, { action: "none" }]);
  }
});
