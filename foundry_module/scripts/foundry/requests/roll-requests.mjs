/**
 * Players roll their own checks. With the world setting rollPolicy "players", a check a card
 * needs (an interceptor's Reflex save, a goat-ball throw, intercept, knock-off or defence
 * check, a tip-off) is asked of the token's active owner through User#query: his client shows
 * one button, rolls it through his own system's sheet (no second chat card) and answers with
 * the Roll's JSON. The answer comes back from the queried user through Foundry's server, never
 * from a socket payload claiming to be him (roll-answers.mjs is his side). The GM's view
 * (roll-request-view.mjs) lists every request with "roll for" and a cancel. core/roll-requests.mjs
 * settles each request once, so a second click or a late answer never reaches the resolution.
 * With "the GM rolls everything" (the default) the GM's client rolls as it always has.
 */
import { CANCELLED, PENDING } from "../../core/roll-requests.mjs";
import { fvtt, localizedError, notify, setting } from "../world/env.mjs";
import { accept, refreshView, requests, specs } from "./roll-book.mjs";
import { ROLL_QUERY } from "./roll-answers.mjs";
import { postRequestCard } from "./roll-request-card.mjs";
import { requireCurrent, stampOn, trackerFor } from "./turns.mjs";
import { ownersOf } from "../world/scene.mjs";

export { accept, cancelRequests, refreshView, requests, rollFor } from "./roll-book.mjs";

const QUERY_TIMEOUT = 300000;
let batches = 0; // batches asked so far: each batch's id

export function playersRoll() {
  return setting("rollPolicy") === "players";
}

/** The first active non-GM owner of a token, or null (then the GM rolls, or chooses: aoo-choice.mjs). */
export function activeOwner(scene, tokenId) {
  return firstActive(ownersOf(scene)[tokenId] ?? []);
}

function firstActive(ids) {
  const users = fvtt.game.users;
  return ids.map((id) => users.get(id)).find((u) => u?.active && !u.isGM && !u.isSelf) ?? null;
}

/** Each check's active owner (null: the GM rolls it), read for the whole batch before any die is rolled. */
function ownersFor(checks) {
  const byScene = new Map();
  const ownersIn = (scene) => {
    if (!byScene.has(scene?.id)) byScene.set(scene?.id, ownersOf(scene));
    return byScene.get(scene?.id);
  };
  return checks.map((c) => (c.byGM ? null : firstActive(ownersIn(c.scene)[c.token?.id] ?? []))); // byGM: a token on autopilot
}

/**
 * The rolls for a batch of checks, in the order asked. Each check:
 *   {scene, token, check: {type: "save"|"skill", id}, advantage, tag, flavor, local: () => Promise<Roll>,
 *    byGM, pressedBy}
 * `local` is how the GM's client rolls it (today's behaviour); `byGM` true to roll it so even with
 * players rolling their own (a goat-ball token on autopilot); `pressedBy` the user whose click
 * on the card asked for it (his own token's roll needs no second click). With the GM rolling everything
 * they are rolled one after the other; with players rolling, tokens with no active owner are
 * rolled at once by the GM and the others asked together. A cancel by the GM throws; so do
 * rolls that come once the tracker has moved on (core/turn-stamp.mjs): the GMs are told.
 */
export async function gatherRolls(checks) {
  if (!playersRoll()) {
    const out = [];
    for (const c of checks) out.push(await c.local());
    return out;
  }
  const out = new Array(checks.length);
  const asked = [];
  const owners = ownersFor(checks);
  for (const [i, c] of checks.entries()) {
    const owner = owners[i];
    if (!owner) out[i] = await c.local();
    else asked.push({ i, c, owner });
  }
  if (!asked.length) return out;
  batches += 1;
  const batch = `b${batches}`;
  const scene = asked[0].c.scene;
  const stamp = stampOn(scene);
  const ids = asked.map(({ c, owner }) => {
    const id = requests.open({
      tokenId: c.token.id,
      name: c.token.name,
      owner: owner.id,
      check: c.check,
      advantage: Boolean(c.advantage),
      batch,
    });
    specs.set(id, c);
    return id;
  });
  refreshView();
  // the same requests as a chat card that survives a reload (roll-request-card.mjs), but for a
  // roll whose owner's own click asked for it: his client rolls it at once, with nothing to press
  const onCard = ids.filter((_, n) => !pressedByOwner(asked[n].c, asked[n].owner));
  if (onCard.length)
    postRequestCard(onCard.map((id) => ({ ...requests.get(id), sceneId: specs.get(id).scene.id })));
  for (const [n, { c, owner }] of asked.entries()) ask(ids[n], c, owner);
  try {
    const settled = await Promise.all(ids.map((id) => requests.waitFor(id)));
    if (settled.some((r) => r.state === CANCELLED)) {
      requests.cancel(ids); // this batch only: another card's checks go on
      throw localizedError("BALLCOURT.Rolls.CancelledError");
    }
    requireCurrent(stamp, trackerFor(scene), {
      key: "BALLCOURT.Turns.LateRolls",
      data: { names: asked.map(({ c }) => c.token.name).join(", ") },
    });
    for (const [n, { i }] of asked.entries()) out[i] = settled[n].roll;
    return out;
  } finally {
    requests.forget(ids);
    for (const id of ids) specs.delete(id);
    refreshView();
  }
}

/** He just pressed a card's button for his token ("try to intercept"): that click was his answer. */
const pressedByOwner = (c, owner) => c.pressedBy === owner.id;

/** Send one request to its owner; his answer settles it unless something settled it first. */
function ask(id, c, owner) {
  // his own click asked for it: his client rolls without asking again
  const payload = {
    requestId: id,
    sceneId: c.scene.id,
    tokenId: c.token.id,
    check: c.check,
    advantage: Boolean(c.advantage),
    ask: !pressedByOwner(c, owner),
    closeIn: QUERY_TIMEOUT - 2000,
  };
  Promise.resolve()
    .then(() => owner.query(ROLL_QUERY, payload, { timeout: QUERY_TIMEOUT }))
    .then((answer) => accept(id, answer, owner))
    .catch((err) => {
      globalThis.console?.warn?.("Ballcourt: roll request", err);
      if (requests.get(id)?.state !== PENDING) return;
      notify("warn", "BALLCOURT.Rolls.NoAnswer", { player: c.token.name });
    });
}
