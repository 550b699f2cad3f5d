/**
 * The GM's connection to the companion. Only a GM's browser connects: `localhost` in a
 * player's browser is the player's own machine. Players reach the companion through the GM.
 */
import { CompanionLink, STATUS } from "../../core/connection.mjs";
import { versionWarning } from "../../core/version.mjs";
import {
  BallcourtError,
  MODULE_ID,
  alreadyTold,
  fvtt,
  i18n,
  isCompanionGM,
  localizedError,
  notify,
  refreshControls,
  setting,
} from "./env.mjs";

let link = null;
const listeners = new Set();
const onConnect = new Set();

export function getLink() {
  return link;
}

export function onMatchEvent(handler) {
  listeners.add(handler);
  return () => listeners.delete(handler);
}

/** Run `handler` each time this page's link connects (work that needs the companion, once it can be reached). */
export function whenConnected(handler) {
  onConnect.add(handler);
}

/**
 * Connect this browser to its companion, if it is the companion's GM (env.mjs): a player's
 * `localhost` is his own machine, and another GM's browser has no companion of the table's.
 */
export function startLink({ ioFactory = fvtt.io, pageUrl = globalThis.location?.href } = {}) {
  link?.close();
  link = null;
  if (!linksHere()) {
    if (isCompanionGM()) adviseNamingOnce();
    return null;
  }
  link = new CompanionLink(ioFactory, {
    url: setting("companionUrl"),
    token: setting("token"),
    pageUrl,
    onStatus: showStatus,
  });
  link.on("match_event", (data) => listeners.forEach((h) => h(data)));
  link.connect();
  return link;
}

/**
 * Whether this browser holds the table's link: it is the companion's GM's, and, when no GM is
 * named and the world has several, it has link settings of its own. Client settings live in
 * one browser: a co-GM Foundry made active while the main GM reloads would otherwise reach his
 * own 127.0.0.1 with an empty token. A world with one GM connects whatever it has, so the
 * companion's refusal tells him to set the token.
 */
export function linksHere() {
  if (!isCompanionGM()) return false;
  if (setting("token") || String(setting("companionGM") ?? "").trim()) return true;
  return fvtt.game.users.filter((u) => u.isGM).length < 2;
}

let advisedNaming = false;

/** Tell this GM, once per page, that his browser has no link settings: the GMs should name the companion's. */
function adviseNamingOnce() {
  if (advisedNaming) return;
  advisedNaming = true;
  notify("warn", "BALLCOURT.Connection.NameCompanionGM", null, { permanent: true });
}

/**
 * When users come and go (userConnected): connect if this client has just become the
 * companion's GM (the setting unnamed, Foundry's active GM changed hands) and holds the link
 * here (linksHere; else its GM is told once to name one), close the link if it no longer
 * does, and rebuild the scene controls, whose GM tools follow it.
 */
export function followCompanionGM() {
  if (!fvtt.game.user?.isGM) return link; // a player's page never connects, nor has GM tools to show
  if (linksHere() !== Boolean(link)) startLink();
  else if (!link && isCompanionGM()) adviseNamingOnce();
  refreshControls();
  return link;
}

let lastWarned = null;

function showStatus(status, detail) {
  const el = indicator();
  if (el) {
    el.dataset.status = status;
    el.title = i18n().localize(`BALLCOURT.Connection.Status.${status}`);
  }
  if (status === STATUS.CONNECTED) {
    if (lastWarned) notify("info", "BALLCOURT.Connection.Connected");
    lastWarned = null;
    checkVersion();
    onConnect.forEach((handler) => handler());
    return;
  }
  if (detail?.key && lastWarned !== detail.key) {
    lastWarned = detail.key;
    notify(
      "warn",
      detail.key,
      { command: detail.command ?? "" },
      { permanent: status === STATUS.WRONG_TOKEN },
    );
  }
}

let versionChecked = null;

/** Once per companion: warn the GM when this module and the companion are not the same version. */
export async function checkVersion() {
  const url = setting("companionUrl");
  if (!link || versionChecked === url) return null;
  versionChecked = url;
  try {
    const health = await link.request("GET", "/api/v1/health");
    const warning = versionWarning(fvtt.game.modules.get(MODULE_ID)?.version, health, url);
    if (warning) notify("warn", warning.key, warning.data, { permanent: true });
    return warning;
  } catch {
    versionChecked = null; // ask again on the next connect
    return null;
  }
}

/** A small light by the player list: green connected, amber trying, red refused. */
function indicator() {
  const doc = globalThis.document;
  if (!doc?.body) return null;
  let el = doc.getElementById("ballcourt-status");
  if (!el) {
    el = doc.createElement("button");
    el.type = "button";
    el.id = "ballcourt-status";
    el.className = "ballcourt-status";
    el.textContent = "⚽";
    el.addEventListener("click", () => link?.connect());
    doc.body.appendChild(el);
  }
  return el;
}

/** The companion answer for a route; a failure is shown to the GM once and thrown. */
export async function companion(method, route, body) {
  try {
    return await quietly(method, route, body);
  } catch (err) {
    fvtt.ui.notifications?.error(err.message);
    throw alreadyTold(err);
  }
}

/**
 * The companion answer for a route, or a BallcourtError in the user's language, shown to
 * nobody: for calls made on every mouse move (previews), whose failures the canvas shows, and
 * for callers that tell their own. `options`: the link's ({timeout} for a slow route).
 */
export async function quietly(method, route, body, options = undefined) {
  if (!link) throw localizedError("BALLCOURT.Connection.GMOnly");
  try {
    return await link.request(method, route, body, options);
  } catch (err) {
    if (err instanceof BallcourtError) throw err.key ? localizedError(err.key, err.data, err) : err;
    // the socket's own: its ack never came in time (the companion gone, or stuck), said in the GM's language
    globalThis.console?.warn?.("Ballcourt: the companion did not answer", route, err);
    throw localizedError("BALLCOURT.Connection.NoAnswer", { command: "ballcourt serve" });
  }
}
