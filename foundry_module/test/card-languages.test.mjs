/**
 * Cards in each reader's language: the GM posts one card; the render hook on each client
 * renders it from the message's flags in that client's language, and a key this client's lang
 * files lack falls back to the companion's English. Each browser runs its own copy of the
 * module (openTable): its own render hook, its own game.i18n.
 */
import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";

import { fakeCompanion } from "./fakes/companion.mjs";
import { asUser, clientOf, fakeHtml, settle } from "./fakes/foundry.mjs";
import { courtScene } from "./fakes/scenes.mjs";
import { moduleOf, openOn, useTables } from "./tables/table.mjs";
import { kickCard } from "./tables/yaotzin.mjs";

useTables();

beforeEach(() => openOn(fakeCompanion(), { languages: { bob: "ru" } }));

const postKick = () => kickCard(courtScene());

/** What a user's chat log shows of the message: the render hook of his own page run on his client. */
async function seenBy(userId, message) {
  const chat = await moduleOf(userId, "chat");
  return asUser(userId, () => {
    const html = fakeHtml(message.content);
    chat.onRenderChatMessageHTML(message, html);
    return html.innerHTML;
  });
}

test("one card reads in English for the GM and in Russian for Bob", async () => {
  const message = await postKick();
  const gm = await seenBy("gm", message);
  const bob = await seenBy("bob", message);
  await settle();
  assert.equal(
    clientOf("bob").chat.get(message.id).innerHTML,
    bob,
    "his chat log, as his page's own hook rendered it",
  );
  assert.match(gm, /Ixpoetchitl kicks at \(18, 12\)/);
  assert.match(gm, /Attack 0 against AC 5: off by 2 squares \(E\)\./);
  assert.match(gm, /<span>Range \(8 sq, 2 free\)<\/span>/);
  assert.match(bob, /Ixpoetchitl бьёт в \(18, 12\)/);
  assert.match(
    bob,
    /мимо на 2 клетки \(В\)\./,
    "a count in his language's form, through game.i18n",
  );
  assert.match(bob, /<span>Дистанция \(8 кл\., 2 без штрафа\)<\/span>/);
  assert.match(bob, />Yolteotl пытается перехватить</, "his own button, in his words");
  assert.match(gm, /<li><span>Attack<\/span> <code>1d20-9<\/code>/);
  assert.match(bob, /<li><span>Атака<\/span> <code>1d20-9<\/code>/);
  assert.doesNotMatch(bob, /kicks at|lands at|Apply/);
});

test("the render comes from the flags, not the stored content (the GM's language)", async () => {
  const message = await postKick();
  assert.match(message.content, /kicks at/);
  message.content = '<div class="ballcourt-card">stale</div>';
  assert.match(await seenBy("bob", message), /бьёт в/);
});

test("a key this client does not know shows the companion's English; an older card's roll its name", async () => {
  const message = await postKick();
  const { lines, rolls } = message.flags.ballcourt.card;
  Object.assign(lines[0], {
    key: "BALLCOURT.Card.Kick.FromANewerCompanion",
    text: "Something new happens.",
  });
  for (const field of ["key", "data", "label"]) delete rolls[0][field];
  const bob = await seenBy("bob", message);
  assert.match(bob, /Something new happens\./);
  assert.match(bob, /бьёт в/);
  assert.match(bob, /<li><span>attack<\/span>/);
});

test("the buttons follow the flags on every client: Apply done, Undo offered, in each reader's words", async () => {
  await openOn(fakeCompanion(), { languages: { gm: "ru", bob: "ru" } });
  const message = await postKick();
  message.flags.ballcourt.applied = true;
  const gm = await seenBy("gm", message);
  assert.match(gm, /data-ballcourt-action="apply" disabled/);
  assert.match(gm, /data-ballcourt-action="undo">Отменить</);
  assert.doesNotMatch(
    await seenBy("bob", message),
    /data-ballcourt-action="(apply|undo)"/,
    "a player sees no button he may not press",
  );
});
