/**
 * The owner's side of a roll request (CONFIG.queries["ballcourt.roll"]): one button on his
 * client, then the check through his own system's sheet, answered as the Roll's JSON.
 */
import { dnd5e } from "../../adapters/dnd5e.mjs";
import { MODULE_ID, fvtt, i18n } from "../world/env.mjs";
import { rollKey, settledCloses } from "./open-dialogs.mjs";
import { checkLabel, escape } from "./roll-request-view.mjs";
import { adapter, owns, tokenList } from "../world/scene.mjs";

export const ROLL_QUERY = `${MODULE_ID}.roll`;

/**
 * The owner's side (CONFIG.queries["ballcourt.roll"]): one button, then the roll through his
 * own sheet, answered as the Roll's JSON; null if he closes it or does not own the token.
 */
export async function answerRollRequest({
  requestId,
  sceneId,
  tokenId,
  check,
  advantage,
  ask = true,
  closeIn = 0,
} = {}) {
  const scene = fvtt.game.scenes.get(sceneId);
  const token = tokenList(scene).find((t) => t.id === tokenId);
  if (!owns(fvtt.game.user, token)) return null;
  const actor = token.actor;
  const L = (k) => i18n().localize(k);
  const label = `${checkLabel(check)}${advantage ? ` (${L("BALLCOURT.Rolls.Advantage")})` : ""}`;
  // closed by itself when its row on the request card is settled (open-dialogs.mjs)
  const choice =
    ask === false
      ? "roll"
      : await fvtt.api.DialogV2.wait({
          window: { title: token.name },
          rejectClose: false,
          content: `<p>${escape(i18n().format("BALLCOURT.Rolls.Request", { player: token.name, check: label }))}</p>`,
          buttons: [
            {
              action: "roll",
              label: L("BALLCOURT.Rolls.Roll"),
              icon: "fa-solid fa-dice-d20",
              default: true,
            },
          ],
          ...settledCloses(rollKey(requestId, tokenId), closeIn),
        });
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
        result = await actor.rollSavingThrow(
          dnd5e.rollConfig({ ability: "dex" }, advantage),
          { configure: false },
          { create: false },
        );
      } else if (check.type === "skill" && typeof actor.rollSkill === "function") {
        result = await actor.rollSkill(
          dnd5e.rollConfig({ skill: check.id === "athletics" ? "ath" : "acr" }, advantage),
          { configure: false },
          { create: false },
        );
      }
    } else if (system === "pf1") {
      const options = {
        skipDialog: true,
        chatMessage: false,
        ...(advantage ? { dice: "2d20kh" } : {}),
      };
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
  const mod =
    check.type === "save"
      ? (a.yaotzinStats?.(actor)?.reflex ?? 0)
      : (a.goatballSkills(actor)[check.id] ?? 0);
  return new fvtt.Roll(advantage ? "2d20kh + @mod" : "1d20 + @mod", { mod }).evaluate();
}
