/**
 * The attack-of-opportunity question card. While a provoked target's owner is asked (his
 * dialog, through User#query), the question also stands in chat with its state in the
 * message's flags: a player whose page reloads finds it there and is asked again, and the GM
 * sees whom it waits for and may choose for him. Pure: the flags, their one-way settling, who
 * may answer, and the card's HTML for one reader.
 *
 * A question goes from pending to answered (a choice, by a user; or "none" by nobody when the
 * time ran out) or expired (nothing awaits it: the GM's page that asked was reloaded), once.
 * A disarm is among the choices only when the actor holds the ball (rulebook 10.0: "disarming
 * may also be conducted as an attack of opportunity"; it takes the ball from its controller).
 */
import { escapeHtml } from "./i18n.mjs";

export const AOO_CHOICES = Object.freeze(["unarmed", "grapple", "trip", "disarm", "none"]);
export const QUESTION_PENDING = "pending";
export const QUESTION_ANSWERED = "answered";
export const QUESTION_EXPIRED = "expired";

/** The choices a question offers: every one, the disarm only when the actor holds the ball (`disarm`). */
export const aooChoices = ({ disarm = false } = {}) =>
  AOO_CHOICES.filter((c) => disarm || c !== "disarm");

/** The choices on a question's card (one an earlier version posted lists none: it offered no disarm). */
export const choicesOf = (question) =>
  Array.isArray(question?.choices) ? question.choices : aooChoices();

/**
 * The card's flags for a question just asked.
 * @param q  {sceneId, tokenId, name (the target's), owner (user id asked), actorName, kind (the contest), expiresAt (ms),
 *            disarm (the actor holds the ball, so a disarm is offered)}
 */
export function questionFlags({
  sceneId,
  tokenId,
  name,
  owner,
  actorName,
  kind,
  expiresAt,
  disarm = false,
}) {
  return {
    sceneId,
    tokenId,
    name,
    owner,
    actorName,
    kind,
    expiresAt,
    choices: aooChoices({ disarm }),
    state: QUESTION_PENDING,
    choice: null,
    by: null,
  };
}

/**
 * The question after an outcome, or null when it is no longer pending or the choice is not one
 * it offers: a settled question never changes.
 * @param outcome  {state: "answered", choice, by (user id, or null: nobody in time)} | {state: "expired"}
 */
export function settleQuestion(question, outcome) {
  if (question?.state !== QUESTION_PENDING) return null;
  if (outcome.state === QUESTION_EXPIRED) return { ...question, state: QUESTION_EXPIRED };
  if (outcome.state !== QUESTION_ANSWERED || !choicesOf(question).includes(outcome.choice))
    return null;
  return { ...question, state: QUESTION_ANSWERED, choice: outcome.choice, by: outcome.by ?? null };
}

/**
 * Whether a reader may answer: while it is pending, the GM (for him) or an owner of the token.
 * @param viewer  {isGM, owns(question) -> bool}
 */
export function mayAnswer(question, viewer) {
  return (
    question?.state === QUESTION_PENDING && (Boolean(viewer.isGM) || Boolean(viewer.owns(question)))
  );
}

/** A choice's button value, and back: "aoo:trip" <-> "trip" (null for anything else). */
export const answerAction = (choice) => `aoo:${choice}`;
export function parseAnswer(value) {
  const [prefix, choice] = String(value ?? "").split(":");
  return prefix === "aoo" && AOO_CHOICES.includes(choice) ? choice : null;
}

/** What the card says of the question's state, for this reader. */
function stateLine(q, viewer, i18n, userName) {
  const player = q.name;
  if (q.state === QUESTION_EXPIRED) return i18n.localize("BALLCOURT.Aoo.Expired");
  if (q.state === QUESTION_ANSWERED) {
    return q.by
      ? i18n.format("BALLCOURT.Aoo.Answered", {
          player,
          choice: i18n.localize(`BALLCOURT.Aoo.${q.choice}`),
          user: userName(q.by) ?? q.by,
        })
      : i18n.format("BALLCOURT.Aoo.TimedOut", { player });
  }
  const waiting = i18n.format("BALLCOURT.Aoo.Waiting", { user: userName(q.owner) ?? q.owner });
  return viewer.isGM ? `${waiting} ${i18n.localize("BALLCOURT.Aoo.ChooseFor")}` : waiting;
}

/**
 * The card for one reader, in his language: the question, its state, and while pending its
 * choices for the GM and the token's owners (buttons whose data-ballcourt-action is "aoo:<choice>").
 * @param i18n      {localize(key), format(key, data)}
 * @param userName  user id -> name
 */
export function renderQuestionCard(question, viewer, i18n, userName = (id) => id) {
  const ask = i18n.format("BALLCOURT.Aoo.Ask", {
    player: question.name,
    actor: question.actorName,
    contest: i18n.localize(`BALLCOURT.Menu.Contests.${question.kind}`),
  });
  const buttons = mayAnswer(question, viewer)
    ? choicesOf(question)
        .map(
          (c) =>
            `<button type="button" data-ballcourt-action="${answerAction(c)}">` +
            `${escapeHtml(i18n.localize(`BALLCOURT.Aoo.${c}`))}</button>`,
        )
        .join("")
    : "";
  return (
    `<div class="ballcourt-card ballcourt-aoo-card" data-kind="aoo" data-state="${escapeHtml(question.state)}">` +
    `<header class="ballcourt-title">${escapeHtml(i18n.localize("BALLCOURT.Aoo.Title"))}</header>` +
    `<p class="ballcourt-line">${escapeHtml(ask)}</p>` +
    `<p class="ballcourt-line ballcourt-aoo-state">${escapeHtml(stateLine(question, viewer, i18n, userName))}</p>` +
    `<div class="ballcourt-actions">${buttons}</div></div>`
  );
}

/**
 * The actor's contest card once the target took his attack of opportunity as a disarm (played
 * first, as a contest of its own): the companion, asked for the actor's contest alone, says the
 * target "may take" one; the card says instead that he took it, as a disarm, and how it came
 * out (`took`: the disarm took the ball). A card without that line gets it after its title.
 */
export function withAooDisarm(card, { target, actor, took }) {
  const line = {
    key: `BALLCOURT.Card.Contest.AooDisarm.${took ? "won" : "lost"}`,
    data: { target, actor },
    text: took
      ? `${target} took his attack of opportunity first, as a disarm, and took the ball from ${actor}.`
      : `${target} took his attack of opportunity first, as a disarm, and failed: ${actor} keeps the ball.`,
    tone: took ? "bad" : "muted",
  };
  const lines = card.lines ?? [];
  const at = lines.findIndex((l) => l.key === "BALLCOURT.Card.Contest.Provokes");
  return {
    ...card,
    lines: at < 0 ? [line, ...lines] : lines.map((l, i) => (i === at ? line : l)),
  };
}
