/**
 * The one place the module reaches Foundry's globals. Everything else in scripts/foundry goes
 * through these getters, so tests can install faithful fakes on globalThis.
 */
import { BallcourtError } from "../../core/errors.mjs";
import { formatTemplate } from "../../core/i18n.mjs";

export { BallcourtError };

export const MODULE_ID = "ballcourt";

export const fvtt = {
  get game() {
    return globalThis.game;
  },
  get canvas() {
    return globalThis.canvas;
  },
  get ui() {
    return globalThis.ui;
  },
  get Hooks() {
    return globalThis.Hooks;
  },
  get ChatMessage() {
    return globalThis.ChatMessage;
  },
  get Roll() {
    return globalThis.Roll;
  },
  get utils() {
    return globalThis.foundry.utils;
  },
  get api() {
    return globalThis.foundry.applications.api;
  },
  get operators() {
    return globalThis.foundry?.data?.operators ?? null;
  }, // v14's _del/_replace; none in v13
  get PIXI() {
    return globalThis.PIXI;
  },
  get io() {
    return globalThis.io;
  },
  get CONFIG() {
    return globalThis.CONFIG;
  },
};

/** game.i18n, but formatting through core/i18n.mjs: Foundry's own format knows no plurals. */
export function i18n() {
  const g = fvtt.game.i18n;
  return {
    has: (k) => g.has(k),
    localize: (k) => g.localize(k),
    format: (k, d) => formatTemplate(g.localize(k), d, g.lang),
  };
}

export function setting(key) {
  return fvtt.game.settings.get(MODULE_ID, key);
}

/** v14 renamed core.rollMode to core.messageMode: read whichever this Foundry has. */
export function messageMode() {
  const settings = fvtt.game.settings;
  for (const key of ["messageMode", "rollMode"]) {
    try {
      const value = settings.get("core", key);
      if (value) return value;
    } catch {
      /* the key does not exist on this version */
    }
  }
  return "publicroll";
}

/** Apply the user's message mode (public, GM-only, blind, self) to message data. */
export function applyMessageMode(data, mode = messageMode()) {
  const CM = fvtt.ChatMessage;
  if (typeof CM.applyMode === "function") CM.applyMode(data, mode);
  else if (typeof CM.applyRollMode === "function") CM.applyRollMode(data, mode);
  return data;
}

/**
 * A card's message data in the world's message mode. A whispered card also goes to `owners`,
 * the players it waits for: they answer on it, so they must see it.
 */
export function cardMessageData(content, flags, owners = []) {
  const data = applyMessageMode({ content, speaker: fvtt.ChatMessage.getSpeaker?.() ?? {}, flags });
  if (data.whisper?.length) {
    data.whisper = [...new Set([...data.whisper, ...owners])];
    data.blind = false;
  }
  return data;
}

/**
 * The GM whose browser runs the companion: the world setting names him (by user id or name);
 * unset, Foundry's active GM. Null when he is not connected: nobody else can reach his
 * companion, so players are told to wait. Several users may hold the GM role (assistants,
 * co-GMs), and Foundry picks its active GM without asking which browser has the companion.
 */
export function companionGM() {
  const users = fvtt.game.users;
  const chosen = String(fvtt.game.settings.get(MODULE_ID, "companionGM") ?? "").trim();
  if (!chosen) return users.activeGM ?? null;
  const gm = users.find((u) => u.isGM && (u.id === chosen || u.name === chosen));
  return gm?.active ? gm : null;
}

/** Whether this client is the companion's GM: the one that answers players and runs the ball's turns. */
export function isCompanionGM() {
  const me = fvtt.game.user;
  return Boolean(me?.isGM && companionGM()?.id === me.id);
}

/** A lang key said in this user's language, with its data when it has any. */
const said = (key, data) => (data ? i18n().format(key, data) : i18n().localize(key));

/** A BallcourtError from a lang key (and its data), said in this user's language; it keeps the key, so a player it is sent to reads it in his. */
export function localizedError(key, data = null, { status = null, body = null } = {}) {
  return new BallcourtError(said(key, data), {
    key,
    data,
    status,
    body,
  });
}

const told = new WeakSet();

/** Mark a failure as already shown to this user: reportFailure shows it no second time. */
export function alreadyTold(err) {
  if (err && typeof err === "object") told.add(err);
  return err;
}

/**
 * Tell this user something in his own language (as Splittermond's warnUser): `level` is
 * info, warn or error; `key` a lang key and `data` its values; `options` Foundry's (permanent).
 */
export function notify(level, key, data = null, options = undefined) {
  fvtt.ui.notifications?.[level](said(key, data), options);
}

/**
 * Tell the GM that an action failed, once: a BallcourtError by its message (unless already
 * shown), anything else (a bug) as a short notice with the details in the console.
 */
export function reportFailure(err) {
  if (told.has(err)) return;
  if (err instanceof BallcourtError) {
    fvtt.ui.notifications?.error(err.message);
  } else {
    globalThis.console?.error?.("Ballcourt:", err);
    fvtt.ui.notifications?.error(
      i18n().format("BALLCOURT.Errors.Unexpected", { message: err?.message ?? String(err) }),
    );
  }
}

/**
 * A DialogV2 `render` option that closes the dialog after `ms` (then it resolves null, as
 * when closed by hand): a player's dialog does not outlive the GM's wait for it. None for 0.
 */
export function closeAfter(ms) {
  return (_event, dialog) => {
    if (ms > 0) setTimeout(() => dialog.close(), ms);
  };
}

/** Form values from a DialogV2 button's form, or null when the dialog was closed. */
export function formValues(button) {
  return Object.fromEntries(new FormData(button.form));
}

/** Rebuild the scene controls so tools whose visibility depends on the scene show or hide. */
export function refreshControls() {
  fvtt.ui.controls?.render?.({ reset: true });
}
