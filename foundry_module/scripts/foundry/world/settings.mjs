/** The module's settings: connection (client-scoped), table policy and rules (world). */
import { MODULE_ID, fvtt } from "./env.mjs";

export function registerSettings({ onConnectionChange = () => {} } = {}) {
  const reg = (key, data) =>
    fvtt.game.settings.register(MODULE_ID, key, {
      name: `BALLCOURT.Settings.${key}.Name`,
      hint: `BALLCOURT.Settings.${key}.Hint`,
      config: true,
      ...data,
    });
  reg("companionUrl", {
    scope: "client",
    type: String,
    default: "http://127.0.0.1:7770",
    onChange: onConnectionChange,
  });
  reg("token", { scope: "client", type: String, default: "", onChange: onConnectionChange });
  reg("companionGM", { scope: "world", type: String, default: "", onChange: onConnectionChange });
  reg("applyPermission", {
    scope: "world",
    type: String,
    default: "gm",
    choices: {
      gm: "BALLCOURT.Settings.applyPermission.gm",
      owner: "BALLCOURT.Settings.applyPermission.owner",
      anyone: "BALLCOURT.Settings.applyPermission.anyone",
    },
  });
  reg("diceSource", {
    scope: "world",
    type: String,
    default: "foundry",
    choices: {
      foundry: "BALLCOURT.Settings.diceSource.foundry",
      companion: "BALLCOURT.Settings.diceSource.companion",
    },
  });
  reg("rollPolicy", {
    scope: "world",
    type: String,
    default: "gm",
    choices: {
      gm: "BALLCOURT.Settings.rollPolicy.gm",
      players: "BALLCOURT.Settings.rollPolicy.players",
    },
  });
  reg("autoApplyTicks", { scope: "world", type: Boolean, default: false });
  reg("playerKicks", {
    scope: "world",
    type: Boolean,
    default: true,
    onChange: () => fvtt.ui.controls?.render?.({ reset: true }),
  });
  reg("scatterOne", {
    scope: "world",
    type: String,
    default: "long",
    choices: {
      long: "BALLCOURT.Settings.scatterOne.long",
      srd: "BALLCOURT.Settings.scatterOne.srd",
    },
  });
  reg("rollingDcBase", { scope: "world", type: Number, default: 4 });
  reg("equidistantDiagonals", { scope: "world", type: Boolean, default: false });
  reg("goatZones", { scope: "world", type: Boolean, default: false });
  reg("goatBloodball", { scope: "world", type: Boolean, default: false });
  reg("goatBloodballLethal", { scope: "world", type: Boolean, default: false });
  reg("goatMagic", { scope: "world", type: Boolean, default: false });
  reg("goatAllowedMagic", { scope: "world", type: String, default: "" });
  reg("declarationTimeout", { scope: "world", type: Number, default: 120 });
  // goat-ball autopilot: {team: "off"|"suggest"|"act"}, set from the menu's Autopilot form
  reg("autopilot", { scope: "world", type: Object, default: {}, config: false });
  reg("autopilotTactics", { scope: "world", type: String, default: "" });
  // Yaotzin autopilot: {team: {mode, tactics}} from the same form; act mode's pause before each step
  reg("yaotzinAutopilot", { scope: "world", type: Object, default: {}, config: false });
  reg("yaotzinAutopilotPause", { scope: "world", type: Number, default: 2 });
  // goat-ball: the table's budget of passes for the zone suggestion (how long a match may run)
  reg("tuneBudget", { scope: "world", type: Number, default: 40 });
}

const get = (key) => fvtt.game.settings.get(MODULE_ID, key);

/** The Yaotzin rules settings a new match (and every request) carries. */
export function yaotzinRules() {
  return {
    scatter_one: get("scatterOne"),
    rolling_dc_base: Number(get("rollingDcBase")),
    equidistant_diagonals: Boolean(get("equidistantDiagonals")),
  };
}

export function goatballRules({ zones } = {}) {
  const allowed = String(get("goatAllowedMagic") ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  return {
    zones: zones ?? Boolean(get("goatZones")),
    bloodball: Boolean(get("goatBloodball")),
    bloodball_lethal: Boolean(get("goatBloodball")) && Boolean(get("goatBloodballLethal")),
    magic: Boolean(get("goatMagic")),
    allowed_magic: allowed,
  };
}
