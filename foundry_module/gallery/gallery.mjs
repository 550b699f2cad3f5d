/**
 * The gallery page: every exhibit (exhibits.mjs) in one language, one theme and one set of
 * names, each card at the chat sidebar's width and a pop-out's, each dialog in its window, and
 * the court pictures. URL: ?lang=en|ru&theme=light|dark&names=short|long. When it is drawn,
 * body[data-ready] is set and window.gallery holds the canvas words and the card kinds the
 * module knows (core/card-lifecycle.mjs): the browser tests check each is shown.
 */
import { makeLocalizer } from "../scripts/core/i18n.mjs";
import { renderCard } from "../scripts/core/cards.mjs";
import { CARD_KINDS } from "../scripts/core/card-lifecycle.mjs";
import { CARDS, DIALOGS, FIXTURES } from "./exhibits.mjs";
import { drawCourtView } from "./court.mjs";

const params = new URLSearchParams(location.search);
const lang = params.get("lang") ?? "en";
const theme = params.get("theme") ?? "light";
const long = params.get("names") === "long";
const get = async (path) => (await fetch(path)).json();

/** The fixtures' players, and the very long names (each language's own) that stand in for them. */
const SHORT = {
  ix: "Ixpoetchitl",
  yo: "Yolteotl",
  n2: "Nochtli",
  s2: "Citlali",
  r1: "Citlali",
  r2: "Tlaloc",
  r3: "Xochitl",
  b1: "Mixtli",
  b2: "Nochtli",
  b3: "Yaretzi",
};
const LONG = {
  en: {
    Ixpoetchitl: "Ixpoetchitl Tlahuizcalpantecuhtli-Xiuhcoatl of the Sunken Court",
    Yolteotl: "Quetzalpapalotlhuitzilopochtlitzin the Elder",
    Nochtli: "Nochtli Chalchiuhtlicue-Mictlantecuhtli",
    Citlali: "Citlalicue Tezcatlipoca-Xochiquetzal",
    Tlaloc: "Tlaloc Itzpapalotl-Coyolxauhqui",
    Xochitl: "Xochitl Huehuecoyotl-Tonatiuh",
    Mixtli: "Mixtli Ehecatl-Chantico",
    Yaretzi: "Yaretzi Tlazolteotl-Itztlacoliuhqui",
  },
  ru: {
    Ixpoetchitl: "Ишпоэтчитль Тлауискальпантекутли-Шиуткоатль из Затонувшего двора",
    Yolteotl: "Кецальпапалотльуицилопочтлицин Старший",
    Nochtli: "Ночтли Чальчиутликуэ-Миктлантекутли",
    Citlali: "Ситлаликуэ Тескатлипока-Шочикецаль",
    Tlaloc: "Тлалок Ицпапалотль-Койольшауки",
    Xochitl: "Шочитль Уэуэкойотль-Тонатиу",
    Mixtli: "Миштли Эекатль-Чантико",
    Yaretzi: "Яретци Тласольтеотль-Ицтлаколиуки",
  },
};
const nameOf = (text) => (long ? (LONG[lang][text] ?? text) : text);
const swap = long ? new RegExp(`\\b(${Object.keys(LONG.en).join("|")})\\b`, "g") : null;

/** A fixture with every player's name swapped for the variant's, wherever the companion wrote it. */
function renamed(value) {
  if (!swap) return value;
  if (typeof value === "string") return value.replace(swap, (n) => nameOf(n));
  if (Array.isArray(value)) return value.map(renamed);
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, renamed(v)]));
  return value;
}

const [words, ...answers] = await Promise.all([
  get(`../lang/${lang}.json`),
  ...FIXTURES.map((f) => get(`../test/fixtures/${f}.json`)),
]);
const L = makeLocalizer(words, lang);
const fixtures = Object.fromEntries(FIXTURES.map((f, i) => [f, renamed(answers[i])]));
const ctx = {
  L,
  fixture: (f) => structuredClone(fixtures[f]),
  name: (id) => nameOf(SHORT[id] ?? id),
  card: (answer, state = {}) => renderCard(answer.chat_card, L, state),
};

document.body.classList.add(`theme-${theme}`);
document.documentElement.lang = lang;
const element = (tag, className, html = "") =>
  Object.assign(document.createElement(tag), { className, innerHTML: html });

/** A card as a chat message in Foundry's chat log (the stand-in: gallery/standin.css). */
function message(html) {
  return (
    `<li class="chat-message message"><header class="message-header"><h4 class="message-sender">Gamemaster</h4></header>` +
    `<div class="message-content">${html}</div></li>`
  );
}

const cards = element("section", "exhibits cards");
for (const exhibit of CARDS) {
  const row = element("div", "exhibit");
  row.dataset.exhibit = exhibit.id;
  const html = exhibit.html(ctx);
  for (const where of ["sidebar", "popout"]) {
    const log = element("ol", `chat-log ${where}`, message(html));
    log.dataset.width = where;
    row.appendChild(log);
  }
  cards.appendChild(row);
}
document.body.appendChild(cards);

/** A DialogV2 prompt's own button: Foundry's word, not the module's (its lang files are Foundry's). */
const FOUNDRY_CONFIRM = { en: "Confirm", ru: "Подтвердить" };
const dialogs = element("section", "exhibits dialogs");
for (const d of DIALOGS) {
  const footer = d.buttons
    ? `<footer class="form-footer">${d
        .buttons(ctx)
        .map(
          (k) =>
            `<button type="button">${
              k === "Confirm" ? FOUNDRY_CONFIRM[lang] : L.localize(k)
            }</button>`,
        )
        .join("")}</footer>`
    : "";
  const title = d.title(ctx);
  const win = element(
    "div",
    `application window-app themed ${d.className ?? "dialog"}`,
    `${title ? `<header class="window-header"><h1 class="window-title">${title}</h1></header>` : ""}` +
      `<section class="window-content">${d.html(ctx)}</section>${footer}`,
  );
  win.style.width = `${d.width}px`;
  win.dataset.exhibit = d.id;
  dialogs.appendChild(win);
}
document.body.appendChild(dialogs);

const courts = element("section", "exhibits courts");
const IX = { id: "ix", team: "sun", x: 10, y: 12 };
const YO = { id: "yo", team: "moon", x: 13, y: 12 };
const texts = [];
const court = (id, options) => {
  const drawn = drawCourtView({ L, ...options });
  texts.push(...drawn.texts);
  const figure = element("figure", "court");
  figure.dataset.exhibit = id;
  figure.appendChild(drawn.canvas);
  return figure;
};
courts.appendChild(court("court-kick", { answer: fixtures.preview, players: [IX, YO], ball: IX }));
courts.appendChild(
  court("court-dribble", { reach: true, players: [IX, { ...YO, x: 12, y: 13 }], ball: IX }),
);
document.body.appendChild(courts);

// a kick told in three pictures (npm run gallery makes them one animation): the kick tool's
// preview; the kick's card and its flight; Apply, the ball at its landing and the card's Undo
const story = element("section", "exhibits story");
const kick = fixtures.kick;
for (const [step, options, card] of [
  [1, { answer: fixtures.preview, ball: IX }, ""],
  [2, { answer: kick, ball: IX }, ctx.card(kick)],
  [3, { ball: kick.overlay.landing }, ctx.card(kick, { applied: true })],
]) {
  const frame = court(`story-${step}`, { players: [IX, YO], ...options });
  frame.className = "story-frame";
  const crop = element("div", "crop"); // the squares the kick crosses, at the canvas's own scale
  crop.appendChild(frame.firstChild);
  frame.prepend(crop);
  const log = element("ol", "chat-log sidebar", card ? message(card) : "");
  log.dataset.width = "sidebar";
  frame.appendChild(log);
  story.appendChild(frame);
}
document.body.appendChild(story);

window.gallery = { texts, kinds: Object.keys(CARD_KINDS) }; // the kinds every card of the module is one of
document.body.dataset.ready = "1";
