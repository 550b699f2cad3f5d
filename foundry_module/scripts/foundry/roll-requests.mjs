/**
 * Players roll their own checks. With the world setting rollPolicy "players", a check a card
 * needs (an interceptor's Reflex save, a goat-ball throw, intercept, knock-off or defence
 * check, a tip-off) is asked of the token's active owner through User#query: his client shows
 * one button, rolls it through his own system's sheet (no second chat card) and answers with
 * the Roll's JSON. The answer comes back from the queried user through Foundry's server, never
 * from a socket payload claiming to be him. The GM's view lists every request (pending, rolled
 * and by whom) with "roll for" for an absent player and a cancel. core/roll-requests.mjs
 * settles each request once, so a second click or a late answer never reaches the resolution.
 * With "the GM rolls everything" (the default) the GM's client rolls as it always has.
 */
import { dnd5e } from "../adapters/dnd5e.mjs";
import { CANCELLED, PENDING, ROLLED, RollRequests, readRollAnswer } from "../core/roll-requests.mjs";
import { BallcourtError, MODULE_ID, closeAfter, fvtt, i18n, setting } from "./env.mjs";
import { adapter, owns, ownersOf, tokenList } from "./scene.mjs";

export const ROLL_QUERY = `${MODULE_ID}.roll`;
export const VIEW_ID = "ballcourt-roll-requests";
const QUERY_TIMEOUT = 300000;

/** The GM's open requests (one table, one active GM). */
export const requests = new RollRequests();
const specs = new Map();   // request id -> {local, tag, flavor}
const rolling = new Set();   // requests the GM is rolling for right now
let view = null;

export function playersRoll() {
  return setting("rollPolicy") === "players";
}

const escape = (s) => String(s ?? "").replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** "Reflex save", "Athletics check": a check's name in the user's language. */
export function checkLabel(check) {
  return i18n().localize(`BALLCOURT.Rolls.Check.${check.type}.${check.id}`);
}

/** The first active non-GM owner of a token, or null (then the GM rolls). */
function activeOwner(scene, tokenId) {
  const users = fvtt.game.users;
  const ids = ownersOf(scene)[tokenId] ?? [];
  return ids.map((id) => users.get(id)).find((u) => u?.active && !u.isGM && !u.isSelf) ?? null;
}

/**
 * The rolls for a batch of checks, in the order asked. Each check:
 *   {scene, token, check: {type: "save"|"skill", id}, advantage, tag, flavor, local: () => Promise<Roll>,
 *    pressedBy}
 * `local` is how the GM's client rolls it (today's behaviour); `pressedBy` the user whose click
 * on the card asked for it (his own token's roll needs no second click). With the GM rolling everything
 * they are rolled one after the other; with players rolling, tokens with no active owner are
 * rolled at once by the GM and the others asked together. A cancel by the GM throws.
 */
export async function gatherRolls(checks) {
  if (!playersRoll()) {
    const out = [];
    for (const c of checks) out.push(await c.local());
    return out;
  }
  const out = new Array(checks.length);
  const asked = [];
  for (const [i, c] of checks.entries()) {
    const owner = activeOwner(c.scene, c.token?.id);
    if (!owner) out[i] = await c.local();
    else asked.push({ i, c, owner });
  }
  if (!asked.length) return out;
  const ids = asked.map(({ c, owner }) => {
    const id = requests.open({ tokenId: c.token.id, name: c.token.name, owner: owner.id,
      check: c.check, advantage: Boolean(c.advantage) });
    specs.set(id, c);
    return id;
  });
  renderView();
  for (const [n, { c, owner }] of asked.entries()) ask(ids[n], c, owner);
  try {
    const settled = await Promise.all(ids.map((id) => requests.waitFor(id)));
    if (settled.some((r) => r.state === CANCELLED)) {
      requests.cancel();
      throw new BallcourtError(i18n().localize("BALLCOURT.Rolls.CancelledError"));
    }
    for (const [n, { i }] of asked.entries()) out[i] = settled[n].roll;
    return out;
  } finally {
    requests.forget(ids);
    for (const id of ids) specs.delete(id);
    renderView();
  }
}

/** Send one request to its owner; his answer settles it unless something settled it first. */
function ask(id, c, owner) {
  // He just pressed this card's button for his token ("try to intercept"): that click was his
  // answer, so his client rolls without asking again
  const payload = { requestId: id, sceneId: c.scene.id, tokenId: c.token.id, check: c.check,
    advantage: Boolean(c.advantage), ask: c.pressedBy !== owner.id, closeIn: QUERY_TIMEOUT - 2000 };
  Promise.resolve()
    .then(() => owner.query(ROLL_QUERY, payload, { timeout: QUERY_TIMEOUT }))
    .then((answer) => accept(id, answer, owner))
    .catch((err) => {
      globalThis.console?.warn?.("Ballcourt: roll request", err);
      if (requests.get(id)?.state !== PENDING) return;
      fvtt.ui.notifications?.warn(i18n().format("BALLCOURT.Rolls.NoAnswer", { player: c.token.name }));
    });
}

/** The owner's answer (a Roll's JSON, or null if he closed the request): checked, then taken once. */
export function accept(id, answer, owner) {
  const request = requests.get(id);
  if (request?.state !== PENDING) return false;
  const c = specs.get(id);
  if (answer === null || answer === undefined) {
    fvtt.ui.notifications?.warn(i18n().format("BALLCOURT.Rolls.NoAnswer", { player: c.token.name }));
    return false;
  }
  try {
    readRollAnswer(answer);
  } catch (err) {
    fvtt.ui.notifications?.warn(i18n().format("BALLCOURT.Rolls.BadAnswer",
      { player: c.token.name, reason: err.message }));
    return false;
  }
  const roll = fvtt.Roll.fromData(answer);
  roll.options = { ...(roll.options ?? {}), ballcourt: c.tag, flavor: c.flavor };
  const taken = requests.settle(id, roll, owner.id);
  renderView();
  return taken;
}

/** The GM rolls for an absent player (his client, as with "the GM rolls everything"). */
export async function rollFor(id) {
  if (requests.get(id)?.state !== PENDING || rolling.has(id)) return false;
  rolling.add(id);
  try {
    const roll = await specs.get(id).local();
    const taken = requests.settle(id, roll, fvtt.game.user.id);
    renderView();
    return taken;
  } finally {
    rolling.delete(id);
  }
}

/** The GM cancels the waiting checks: the card they were for is not posted. */
export function cancelRequests() {
  const done = requests.cancel();
  renderView();
  return done;
}

/** The GM's view: every open request, its state, who rolled; roll-for and cancel buttons. */
export function viewHtml(list, L = (k) => i18n().localize(k)) {
  const users = fvtt.game.users;
  const rows = list.map((r) => {
    const who = escape(users.get(r.owner)?.name ?? r.owner);
    const check = `${escape(checkLabel(r.check))}${r.advantage ? ` (${L("BALLCOURT.Rolls.Advantage")})` : ""}`;
    let state;
    if (r.state === ROLLED) {
      state = i18n().format("BALLCOURT.Rolls.Rolled", { total: r.total, user: escape(users.get(r.by)?.name ?? r.by) });
    } else if (r.state === CANCELLED) {
      state = L("BALLCOURT.Rolls.Cancelled");
    } else {
      state = `${L("BALLCOURT.Rolls.Pending")} <button type="button" data-ballcourt-roll="${r.id}">`
        + `${L("BALLCOURT.Rolls.RollFor")}</button>`;
    }
    return `<li data-request="${r.id}" data-state="${r.state}"><b>${escape(r.name)}</b> · ${who} · ${check}: ${state}</li>`;
  });
  const cancel = list.some((r) => r.state === PENDING)
    ? `<button type="button" data-ballcourt-roll="cancel">${L("BALLCOURT.Rolls.Cancel")}</button>` : "";
  return `<header>${L("BALLCOURT.Rolls.Title")}</header><ul>${rows.join("")}</ul>${cancel}`;
}

function onClick(event) {
  const action = event.target?.closest?.("[data-ballcourt-roll]")?.dataset?.ballcourtRoll;
  if (!action) return;
  if (action === "cancel") cancelRequests();
  else rollFor(action).catch((err) => globalThis.console?.error?.("Ballcourt:", err));
}

/** Show, refresh or (nothing open) remove the GM's view; plain HTML in one element. */
export function renderView() {
  const doc = globalThis.document;
  const list = requests.status();
  if (!list.length) {
    view?.removeEventListener?.("click", onClick);
    view?.remove?.();
    view = null;
    return null;
  }
  if (!doc?.body) return null;
  view ??= doc.getElementById(VIEW_ID);
  if (!view) {
    view = doc.createElement("section");
    view.id = VIEW_ID;
    view.className = "ballcourt-palette ballcourt-roll-requests";
    view.addEventListener("click", onClick);
    doc.body.appendChild(view);
  }
  view.innerHTML = viewHtml(list);
  return view;
}

/**
 * The owner's side (CONFIG.queries["ballcourt.roll"]): one button, then the roll through his
 * own sheet, answered as the Roll's JSON; null if he closes it or does not own the token.
 */
export async function answerRollRequest({ sceneId, tokenId, check, advantage, ask = true, closeIn = 0 } = {}) {
  const scene = fvtt.game.scenes.get(sceneId);
  const token = tokenList(scene).find((t) => t.id === tokenId);
  if (!owns(fvtt.game.user, token)) return null;
  const actor = token.actor;
  const L = (k) => i18n().localize(k);
  const label = `${checkLabel(check)}${advantage ? ` (${L("BALLCOURT.Rolls.Advantage")})` : ""}`;
  const choice = ask === false ? "roll" : await fvtt.api.DialogV2.wait({ window: { title: token.name }, rejectClose: false,
    content: `<p>${escape(i18n().format("BALLCOURT.Rolls.Request", { player: token.name, check: label }))}</p>`,
    buttons: [{ action: "roll", label: L("BALLCOURT.Rolls.Roll"), icon: "fa-solid fa-dice-d20", default: true }],
    render: closeAfter(closeIn) });
  if (choice !== "roll") return null;
  const roll = await rollOnSheet(actor, check, advantage);
  return typeof roll?.toJSON === "function" ? roll.toJSON() : roll;
}

/**
 * A Roll out of whatever a system's roll method returned: a Roll (dnd5e's array of them, pf1's
 * D20RollPF with chatMessage false), or a chat message or its data (older pf1, D35E), whose
 * rolls may be Rolls, Roll data or Roll JSON strings.
 */
export function rollOf(result) {
  const r = Array.isArray(result) ? result[0] : result;
  if (!r || typeof r !== "object") return null;
  if (Number.isFinite(r.total) && (r.terms || r.dice) && typeof r.evaluate === "function") return r;
  let inner = r.rolls?.[0] ?? r.roll ?? null;
  if (typeof inner === "string") {
    try {
      inner = JSON.parse(inner);
    } catch {
      return null;
    }
  }
  if (!inner || typeof inner !== "object") return null;
  return typeof inner.evaluate === "function" ? inner : fvtt.Roll.fromData(inner);
}

/**
 * The check rolled through the actor's own system, without a chat card of its own:
 * dnd5e rollSkill / rollSavingThrow ({create: false}); pf1 rollSkill, rollAbilityTest (pf1's
 * Athletics is a Strength check) and rollSavingThrow (skipDialog, chatMessage: false, 2d20kh
 * for advantage). D35E's roll methods always open their own dialog and post their own card, so
 * there (and on any other system, or if a system call fails) the player's client rolls a d20
 * with the sheet's modifier as the adapter reads it, as the GM would.
 */
export async function rollOnSheet(actor, check, advantage = false) {
  const system = fvtt.game.system.id;
  const a = adapter();
  let result = null;
  try {
    if (system === "dnd5e") {
      if (check.type === "save" && typeof actor.rollSavingThrow === "function") {
        result = await actor.rollSavingThrow(dnd5e.rollConfig({ ability: "dex" }, advantage), { configure: false },
          { create: false });
      } else if (check.type === "skill" && typeof actor.rollSkill === "function") {
        result = await actor.rollSkill(dnd5e.rollConfig({ skill: check.id === "athletics" ? "ath" : "acr" }, advantage),
          { configure: false }, { create: false });
      }
    } else if (system === "pf1") {
      const options = { skipDialog: true, chatMessage: false, ...(advantage ? { dice: "2d20kh" } : {}) };
      const spec = check.type === "skill" ? a.checks[check.id] : null;
      if (check.type === "save" && typeof actor.rollSavingThrow === "function") {
        result = await actor.rollSavingThrow("ref", options);
      } else if (spec?.skill && typeof actor.rollSkill === "function") {
        result = await actor.rollSkill(spec.skill, options);
      } else if (spec && typeof actor.rollAbilityTest === "function") {
        result = await actor.rollAbilityTest(spec.ability, options);
      }
    }
  } catch (err) {
    globalThis.console?.warn?.("Ballcourt: the system's roll failed", err);
    result = null;
  }
  const roll = rollOf(result);
  if (roll) return roll;
  const mod = check.type === "save" ? a.yaotzinStats?.(actor)?.reflex ?? 0 : a.goatballSkills(actor)[check.id] ?? 0;
  return new (fvtt.Roll)(advantage ? "2d20kh + @mod" : "1d20 + @mod", { mod }).evaluate();
}

/** Register the owner's side of the request (Hooks "init"). */
export function registerRollQuery() {
  fvtt.CONFIG.queries ??= {};
  fvtt.CONFIG.queries[ROLL_QUERY] = (payload) => answerRollRequest(payload);
}
