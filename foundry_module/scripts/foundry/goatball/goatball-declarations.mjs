/**
 * A goat-ball pass being declared, kept by the GM only: each player declares in turn (the
 * carrier's sealed until the end), through his owner's client or the GM's own dialog.
 */
import { declarationFormHtml } from "../../core/forms.mjs";
import { formDeclaration } from "../../core/goatball-autopilot.mjs";
import { Declarations } from "../../core/goatball.mjs";
import { autopilotAsk, reviewSuggestions } from "./goatball-autopilot.mjs";
import { fightOn } from "../world/encounters.mjs";
import { readArena } from "./goatball-arena.mjs";
import {
  MODULE_ID,
  closeAfter,
  formValues,
  fvtt,
  i18n,
  localizedError,
  notify,
} from "../world/env.mjs";
import { companion } from "../world/link.mjs";
import { progressClass } from "./declaration-progress.mjs";
import { ballcourtOf, missingStats, teamOf, tokenList } from "../world/scene.mjs";

/** The current pass's declarations, kept by the GM only (the carrier's sealed until the end). */
let current = null;

export function currentDeclarations() {
  return current;
}

/** The pass is resolved: it is no longer the one being declared. */
export function finishPass(pass) {
  if (current === pass) current = null;
}

/** A pass being started (its match asked of the companion): a second press meanwhile is refused as busy. */
let starting = false;

export async function startPass(scene) {
  // one pass is declared at a time: a second would take over the first one's players
  if (current?.collecting || starting) throw localizedError("BALLCOURT.Declare.Busy");
  starting = true;
  try {
    return await newPass(scene);
  } finally {
    starting = false;
  }
}

async function newPass(scene) {
  const match = await companion("GET", `/api/v1/matches/${ballcourtOf(scene).matchId}`);
  const carrier = match.possession?.carrier;
  if (!carrier) throw localizedError("BALLCOURT.Pass.NoCarrier");
  const missing = missingStats(scene);
  if (missing.length) {
    notify("warn", "BALLCOURT.Stats.Missing", { names: missing.join(", ") });
  }
  const combat = fightOn(scene); // the arena's, whatever scene the GM is viewing
  const initiative = (id) => combat?.combatants?.find?.((c) => c.tokenId === id)?.initiative ?? 0;
  const players = match.teams.flatMap((t) =>
    t.players
      .filter((p) => !p.out && !p.dead)
      .map((p) => ({ id: p.id, team: t.id, initiative: initiative(p.id), zone: p.zone ?? null })),
  );
  const reading = readArena(scene);
  let cancel;
  const cancelled = new Promise((resolve) => {
    cancel = resolve;
  });
  // the arena read once for the whole pass: its declarations' autopilot and its card use this reading
  current = {
    sceneId: scene.id,
    reading,
    match,
    // the rules' checks of a declaration, so one they refuse is asked again (not the whole pass refused after the rolls)
    declarations: new Declarations(players, carrier, {
      possession: match.possession,
      zones: reading.settings.zones ? { links: reading.settings.zone_links ?? null } : null,
    }),
    cancelled,
    cancel: () => cancel(CANCELLED),
  };
  return current;
}

/** Each player's time to declare, in milliseconds (the world setting, in seconds). */
export function declarationTimeout() {
  const seconds = Number(fvtt.game.settings.get(MODULE_ID, "declarationTimeout"));
  return (Number.isFinite(seconds) && seconds > 0 ? seconds : DEFAULT_TIMEOUT) * 1000;
}

const DEFAULT_TIMEOUT = 120;
const CANCELLED = Symbol("cancelled");
const TIMED_OUT = Symbol("timed out");

/** Abandon the pass being declared: nothing is sent, nothing rolled, no card posted. */
export function cancelPass() {
  current?.cancel();
}

/**
 * Ask each player's owner (or the GM) for a declaration, in order. The carrier's owner is
 * asked through User#query: the answer travels to the GM alone, never to other clients.
 * The GM watches the progress view; its Cancel (or cancelPass) abandons the pass: the
 * declarations so far are dropped and this returns null.
 */
export async function collectDeclarations(ask = askOwner) {
  const pass = current;
  const { declarations } = pass;
  const scene = fvtt.game.scenes.get(pass.sceneId);
  const names = pass.reading.names;
  ask = autopilotAsk(pass, scene, ask, pass.reading.settings); // autopilot: NPCs get the companion's proposals
  const view = new (progressClass())({
    declarations,
    names,
    seconds: declarationTimeout() / 1000,
    cancel: () => {
      if (pass.collecting) pass.cancel();
    },
    autopilot: pass.autopilot,
  });
  const show = () => view.render({ force: true });
  pass.collecting = true;
  try {
    await show();
    for (let turn = declarations.turn(); turn; turn = declarations.turn()) {
      const { player: id, sealed } = turn; // the carrier's turn comes at his own place, sealed
      const declaration = await Promise.race([
        validDeclaration(pass, id, sealed, ask),
        pass.cancelled,
      ]);
      if (declaration === CANCELLED) return abandon(pass);
      declarations.declare(id, declaration);
      await show();
    }
    // autopilot: proposals on "suggest" wait for the GM's Resolve (he may change them first)
    if ((await Promise.race([reviewSuggestions(pass, view), pass.cancelled])) === CANCELLED)
      return abandon(pass);
    return declarations;
  } finally {
    pass.collecting = false;
    await view.close();
  }
}

/** The GM cancelled the pass being declared: it is dropped, and collectDeclarations returns null. */
function abandon(pass) {
  if (current === pass) current = null;
  notify("info", "BALLCOURT.Declare.Cancelled");
  return null;
}

/** A player's declaration; one the rules refuse (a throw with no target) is asked again, twice at most. */
async function validDeclaration(pass, id, sealed, ask) {
  const { declarations } = pass;
  for (let attempt = 0; attempt < 3 && current === pass; attempt += 1) {
    const declaration = await ask(id, sealed);
    const problem = declarations.problemWith(id, declaration);
    if (!problem) return declaration;
    notify("warn", "BALLCOURT.Pass.Invalid", { reason: problem });
  }
  return { ...NO_ACTION };
}

/** The promise's answer, or TIMED_OUT once `ms` have passed. */
function withTimeout(promise, ms) {
  let timer;
  const late = new Promise((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** The GM's question to a player for his token's declaration (channels.mjs). */
export const DECLARE_QUERY = `${MODULE_ID}.declare`;

export async function askOwner(tokenId, sealed) {
  const { sceneId, reading } = current;
  const owners = reading.owners[tokenId] ?? [];
  const owner = fvtt.game.users.get(owners.find((u) => fvtt.game.users.get(u)?.active));
  const payload = {
    tokenId,
    sceneId,
    sealed,
    closeIn: Math.max(0, declarationTimeout() - 2000),
    teammates:
      current.match.teams
        .find((t) => t.players.some((p) => p.id === tokenId))
        ?.players.map((p) => p.id) ?? [],
  };
  // the GM's own dialog waits for him: the self-close is for a player's, whose answer the GM awaits
  if (!owner || owner.isSelf) return declarationPrompt({ ...payload, closeIn: 0 });
  const name = reading.names[tokenId] ?? tokenId;
  const timeout = declarationTimeout();
  try {
    // Foundry's own timeout rejects the query; ours also covers a client that never answers.
    const answer = await withTimeout(owner.query(DECLARE_QUERY, payload, { timeout }), timeout);
    if (answer === TIMED_OUT) {
      notify("warn", "BALLCOURT.Declare.TimedOut", { player: name });
      return NO_ACTION;
    }
    return answer ?? NO_ACTION;
  } catch (err) {
    // the player left, timed out or his client failed: he takes no action
    globalThis.console?.warn?.("Ballcourt: declaration", err);
    notify("warn", "BALLCOURT.Pass.NoAnswer", { player: name });
    return NO_ACTION;
  }
}

const NO_ACTION = Object.freeze({ action: "none" });

/** The owner's side of a declaration: a DialogV2 with the actions a player may take (core/forms.mjs declarationFormHtml). */
export async function declarationPrompt({ tokenId, sceneId, closeIn = 0 }) {
  const scene = fvtt.game.scenes.get(sceneId);
  const token = tokenList(scene).find((t) => t.id === tokenId);
  const others = tokenList(scene).filter((t) => teamOf(t) && t.id !== tokenId);
  const content = declarationFormHtml(
    others,
    i18n(),
    {},
    others.filter((t) => teamOf(t) === teamOf(token)),
  );
  const data = await fvtt.api.DialogV2.prompt({
    window: { title: token?.name ?? "" },
    content,
    ok: { callback: (_event, button) => formValues(button) },
    render: closeAfter(closeIn),
  });
  if (!data) return { ...NO_ACTION }; // closed with its X: no action this pass
  return formDeclaration(data);
}
