/**
 * A contest that provokes (the companion's preview says so: the rule is its, not the module's)
 * first asks the target's owner whether he takes his attack of opportunity, and which: an
 * unarmed attack, a grapple or a trip, or, when the actor holds the ball, a disarm (rulebook
 * 10.0; contests.mjs plays it as a contest of its own). As with a roll request, the GM's client asks the
 * token's active owner through User#query, so the answer comes from him through Foundry's
 * server; an NPC target (no active player owns it) is the GM's to choose, on his own client,
 * unless the autopilot answers for him (`npcAnswer`: his team is on act, yaotzin/autopilot-npc.mjs).
 * A choice made once the tracker has moved on (core/turn-stamp.mjs) stops the contest: the
 * GMs are told.
 * While the owner is asked, the question also stands in chat (aoo-question.mjs): the GM may
 * choose for him there, and a page he reloads asks him again. A closed dialog, or no answer
 * within two minutes, means none.
 */
import { MODULE_ID, fvtt, i18n, notify } from "../world/env.mjs";
import { aooKey, settledCloses } from "./open-dialogs.mjs";
import { AOO_CHOICES, aooChoices } from "../../core/aoo-question.mjs";
import { askAgainAfterReload, openQuestion } from "./aoo-question.mjs";
import { activeOwner } from "./roll-requests.mjs";
import { requireCurrent, stampOn, trackerFor } from "./turns.mjs";
import { escape } from "./roll-request-view.mjs";
import { owns, tokenList } from "../world/scene.mjs";

export const AOO_QUERY = `${MODULE_ID}.aoo`;
export const AOO_KINDS = Object.freeze(AOO_CHOICES.filter((c) => c !== "none"));
const QUERY_TIMEOUT = 120000;

/**
 * On the GM's client: the target's choice, one of AOO_KINDS or null (none); it throws when it
 * comes after the turn. `question.disarm`: the actor holds the ball, so a disarm is offered;
 * `question.npcAnswer`: the autopilot's answer for an NPC target (choices -> a kind or null),
 * or null for the GM's dialog.
 */
export async function askTargetAoo(scene, question) {
  const stamp = stampOn(scene);
  const choice = await askChoice(scene, question);
  requireCurrent(stamp, trackerFor(scene), {
    key: "BALLCOURT.Turns.LateAoo",
    data: { player: question.target.name },
  });
  return choice;
}

/** The target's owner's choice (for an NPC, the autopilot's on act, else the GM's). */
async function askChoice(scene, { actor, target, kind, disarm = false, npcAnswer = null }) {
  const choices = aooChoices({ disarm });
  const owner = activeOwner(scene, target.id);
  if (!owner && npcAnswer) return npcAnswer(choices);
  if (!owner) return chooseAoo(target, actor.name, kind, 0, choices); // an NPC: the GM's choice
  const open = openQuestion(
    {
      sceneId: scene.id,
      tokenId: target.id,
      name: target.name,
      owner: owner.id,
      actorName: actor.name,
      kind,
      disarm,
      expiresAt: Date.now() + QUERY_TIMEOUT,
    },
    {
      onTimeout: () =>
        fvtt.ui.notifications?.warn(
          i18n().format("BALLCOURT.Aoo.NoAnswer", { player: target.name }),
        ),
    },
  );
  const payload = {
    sceneId: scene.id,
    tokenId: target.id,
    actorId: actor.id,
    kind,
    disarm,
    closeIn: QUERY_TIMEOUT - 2000,
  };
  owner
    .query(AOO_QUERY, payload, { timeout: QUERY_TIMEOUT })
    .then((answer) => open.settle(choices.includes(answer) ? answer : "none", owner.id)) // anything else is none
    .catch((err) => {
      // his page went away or failed: the card stays open for him and the GM
      if (open.done) return;
      globalThis.console?.warn?.("Ballcourt: attack of opportunity", err);
      notify("warn", "BALLCOURT.Aoo.NotReached", { user: owner.name, player: target.name });
    });
  const choice = await open.answer;
  return AOO_KINDS.includes(choice) ? choice : null;
}

/** The owner's side (CONFIG.queries["ballcourt.aoo"]): his choice, or null if he does not own the token. */
export async function aooPrompt({
  sceneId,
  tokenId,
  actorId,
  kind,
  disarm = false,
  closeIn = 0,
} = {}) {
  const tokens = tokenList(fvtt.game.scenes.get(sceneId));
  const token = tokens.find((t) => t.id === tokenId);
  if (!owns(fvtt.game.user, token)) return null;
  return chooseAoo(
    token,
    tokens.find((t) => t.id === actorId)?.name ?? actorId,
    kind,
    closeIn,
    aooChoices({ disarm: disarm === true }),
  );
}

/**
 * One button per choice offered (`choices`: a kind, or None), on this client; null when closed
 * or None. A player's dialog closes by itself once the question's card is settled
 * (open-dialogs.mjs), and after `closeIn` ms if given (0: only then).
 */
async function chooseAoo(token, actorName, kind, closeIn = 0, choices = aooChoices()) {
  const L = (k) => i18n().localize(k);
  const text = i18n().format("BALLCOURT.Aoo.Ask", {
    player: token.name,
    actor: actorName,
    contest: L(`BALLCOURT.Menu.Contests.${kind}`),
  });
  const choice = await fvtt.api.DialogV2.wait({
    window: { title: token.name },
    rejectClose: false,
    content: `<p>${escape(text)}</p>`,
    buttons: choices.map((k) => ({
      action: k,
      label: L(`BALLCOURT.Aoo.${k}`),
      default: k === "none",
    })),
    ...settledCloses(aooKey(token.parent?.id, token.id), closeIn),
  });
  return AOO_KINDS.includes(choice) && choices.includes(choice) ? choice : null;
}

/** At "ready" on a player's page: a question his reloaded page lost is asked again (aoo-question.mjs). */
export function askAooAgain() {
  return askAgainAfterReload(chooseAoo);
}
