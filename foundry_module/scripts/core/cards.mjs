/**
 * Chat cards: the companion's card data rendered in the reader's language. Every title, line,
 * modifier, roll and button carries an i18n key and its data beside the English text; each client
 * renders the card from the message's flags with its own game.i18n (chat.mjs, on every
 * render), so one card reads in English for the GM and in Russian for a Russian player.
 */
import { cardPhase, refusal } from "./card-lifecycle.mjs";
import { escapeHtml } from "./i18n.mjs";

const TONES = new Set(["info", "good", "bad", "muted"]);

/**
 * Code values inside card data that read differently per language (E -> В, throw -> бросает);
 * the companion's present/text.py words action and skill alike for its English.
 */
const VALUE_KEYS = {
  direction: "BALLCOURT.Dir",
  heading: "BALLCOURT.Dir",
  action: "BALLCOURT.Card.Does",
  skill: "BALLCOURT.Card.Skill",
  rule: "BALLCOURT.Inspection.Rule",
  how: "BALLCOURT.Inspection.How",
};

function localData(data, i18n) {
  const out = { ...data };
  for (const [field, prefix] of Object.entries(VALUE_KEYS)) {
    const key = `${prefix}.${out[field]}`;
    if (field in out && i18n.has?.(key)) out[field] = i18n.localize(key);
  }
  return out;
}

/**
 * One entry (title, line, modifier, roll, action) in the reader's language; the companion's
 * English (`text`, or `label` for modifiers, rolls and actions) when this client's lang files
 * lack the key (a companion newer than the module), and a roll's bare name on a card from an
 * older companion.
 */
export function localText(entry, i18n) {
  const english = entry.text ?? entry.label ?? entry.name;
  if (!entry.key || (i18n.has?.(entry.key) === false && english !== undefined))
    return String(english ?? "");
  return i18n.format(entry.key, localData(entry.data ?? {}, i18n));
}

/**
 * @param card     the companion's chat_card
 * @param i18n     {format(key, data), localize(key)}
 * @param state    {applied: bool, undone: bool, resolved: Set of action ids already used,
 *                  phase: the card's lifecycle phase as this reader sees it (else from applied/undone)}
 */
export function renderCard(card, i18n, state = {}) {
  const text = (entry) => escapeHtml(localText(entry, i18n));
  const parts = [`<div class="ballcourt-card" data-kind="${escapeHtml(card.kind)}">`];
  parts.push(`<header class="ballcourt-title">${text(card.title)}</header>`);
  if (card.breakdown?.length) {
    parts.push('<ul class="ballcourt-breakdown">');
    for (const b of card.breakdown) {
      const v = b.value >= 0 ? `+${b.value}` : `${b.value}`;
      parts.push(`<li><span>${text(b)}</span><b>${v}</b></li>`);
    }
    parts.push("</ul>");
  }
  for (const line of card.lines ?? []) {
    const tone = TONES.has(line.tone) ? line.tone : "info";
    parts.push(`<p class="ballcourt-line ${tone}">${text(line)}</p>`);
  }
  if (card.rolls?.length) {
    parts.push('<ul class="ballcourt-rolls">');
    for (const r of card.rolls) {
      const nat = Array.isArray(r.natural) ? r.natural.join(", ") : r.natural;
      parts.push(
        `<li><span>${text(r)}</span> <code>${escapeHtml(r.formula)}</code> ` +
          `[${escapeHtml(nat)}] = <b>${escapeHtml(r.total)}</b></li>`,
      );
    }
    parts.push("</ul>");
  }
  parts.push(renderButtons(card, i18n, state));
  parts.push("</div>");
  return parts.join("");
}

/**
 * The card's buttons, each as its lifecycle allows it in the card's phase (core/card-lifecycle.mjs):
 * one it refuses is drawn disabled, its title saying why in the reader's language.
 */
function renderButtons(card, i18n, state = {}) {
  const used = state.resolved ?? new Set();
  const phase = state.phase ?? cardPhase({ card, applied: state.applied, undone: state.undone });
  // actions sharing a `once` group are one choice (a player's one try at a rolling ball, at
  // the square of his choice): once one is used, the others are gone
  const spent = new Set(
    (card.actions ?? []).filter((a) => a.once && used.has(a.id)).map((a) => a.once),
  );
  const button = (id, label) => {
    const refused = refusal(card, phase, id, used);
    const why = refused
      ? ` disabled title="${escapeHtml(i18n.format(refused.key, refused.data))}"`
      : "";
    return `<button type="button" data-ballcourt-action="${escapeHtml(id)}"${why}>${escapeHtml(label)}</button>`;
  };
  const out = ['<div class="ballcourt-actions">'];
  for (const action of card.actions ?? []) {
    if (action.once && spent.has(action.once) && !used.has(action.id)) continue;
    out.push(button(action.id, localText(action, i18n)));
  }
  if (state.applied && !state.undone)
    out.push(button("undo", i18n.localize("BALLCOURT.Action.Undo")));
  if (state.undone) {
    out.push(
      `<p class="ballcourt-line muted">${escapeHtml(i18n.localize("BALLCOURT.Chat.Undone"))}</p>`,
    );
  }
  out.push("</div>");
  return out.join("");
}

/** Foundry Roll data for the companion's rolls, so they ride on the message (Dice So Nice). */
export function rollData(rolls) {
  return (rolls ?? []).map((r) => {
    const faces = Array.isArray(r.natural) ? r.natural : [r.natural];
    const [count, rest] = r.formula.split("d");
    const sides = parseInt(rest, 10);
    const modifier = r.total - (r.kept ?? faces.reduce((a, b) => a + b, 0));
    return {
      name: r.name,
      count: parseInt(count, 10),
      sides,
      faces,
      modifier,
      total: r.total,
      formula: r.formula,
    };
  });
}
