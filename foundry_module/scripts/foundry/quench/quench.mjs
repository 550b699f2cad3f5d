/**
 * Quench batches for a live world (a GM runs them from Quench's window). They drive the real
 * Foundry APIs this module uses: scene flags, token updates, chat cards and their flags.
 * Loaded by main.mjs only in a world where Quench is active (its quenchReady hook).
 */
import { planYaotzinApply } from "../../core/apply.mjs";
import { courtScene } from "../../core/court-drawings.mjs";
import { renderCard } from "../../core/cards.mjs";
import { cardFlags } from "../../core/roll-request-card.mjs";
import { MODULE_ID, fvtt, i18n } from "../world/env.mjs";
import { pressRow } from "../requests/roll-request-card.mjs";
import { registerAutopilotBatches } from "./quench-goatball-autopilot.mjs";
import { registerYaotzinAutopilotBatch } from "./quench-yaotzin-autopilot.mjs";
import { registerWorldBatches } from "./quench-world.mjs";

/**
 * A promise-maker for a message's rendered element: the chat log renders a new message after
 * ChatMessage.create resolves, so wait for renderChatMessageHTML (ours runs first: it was
 * registered at load) instead of querying the DOM at once.
 */
export function renderedElement(timeoutMs = 5000) {
  const seen = new Map();
  const waiting = new Map();
  const id = fvtt.Hooks.on("renderChatMessageHTML", (message, html) => {
    seen.set(message.id, html);
    waiting.get(message.id)?.(html);
  });
  return (messageId) =>
    new Promise((resolve, reject) => {
      const done = (html) => {
        fvtt.Hooks.off("renderChatMessageHTML", id);
        clearTimeout(timer);
        resolve(html);
      };
      const timer = setTimeout(
        () => reject(new Error(`message ${messageId} never rendered`)),
        timeoutMs,
      );
      if (seen.has(messageId)) done(seen.get(messageId));
      else waiting.set(messageId, done);
    });
}

export function registerQuenchBatches(quench) {
  quench.registerBatch(
    "ballcourt.court",
    (context) => {
      const { describe, it, assert, after } = context;
      describe("a Yaotzin court scene", () => {
        let scene;
        after(async () => scene?.delete());
        it("creates the scene with its mapping and drawings", async () => {
          const { createCourtScene } = await import("../setup/court.mjs");
          scene = await createCourtScene({ name: "Ballcourt Quench court" });
          const plan = courtScene();
          assert.equal(scene.flags[MODULE_ID].game, "yaotzin");
          assert.deepEqual(scene.flags[MODULE_ID].mapping, plan.mapping);
          assert.equal(scene.drawings.size, plan.drawings.length);
        });
        it("places an actorless ball token and moves it by a plan", async () => {
          const { placeBall } = await import("../setup/court.mjs");
          const ball = await placeBall(scene);
          assert.ok(ball.flags[MODULE_ID].isBall);
          const mapping = scene.flags[MODULE_ID].mapping;
          const plan = planYaotzinApply(
            mapping,
            { ball: { x: 40, y: 12, speed: 3, direction: "E" } },
            { ball: { id: ball.id, x: ball.x, y: ball.y, flags: ball.flags }, tokens: new Map() },
          );
          await scene.updateEmbeddedDocuments("Token", plan.updates);
          assert.equal(scene.tokens.get(ball.id).flags[MODULE_ID].ball.speed, 3);
          await scene.updateEmbeddedDocuments("Token", plan.undo.updates);
          assert.equal(scene.tokens.get(ball.id).x, ball.x);
        });
      });
    },
    { displayName: "Ballcourt: court scene, ball token, apply and undo" },
  );

  quench.registerBatch(
    "ballcourt.chat",
    (context) => {
      const { describe, it, assert } = context;
      describe("chat cards", () => {
        it("renders a card with type=button buttons and keeps state in flags", async () => {
          const card = {
            kind: "test",
            title: { key: "BALLCOURT.Card.Tick.Still", data: {} },
            lines: [],
            rolls: [],
            actions: [{ id: "apply", key: "BALLCOURT.Action.Apply", data: {}, payload: {} }],
          };
          const rendered = renderedElement();
          const message = await fvtt.ChatMessage.create({
            content: renderCard(card, i18n()),
            flags: {
              [MODULE_ID]: {
                card,
                context: { game: "none" },
                applied: false,
                undone: false,
                resolved: [],
              },
            },
          });
          const html = await rendered(message.id);
          const el = html.querySelector('button[data-ballcourt-action="apply"]');
          assert.equal(el?.type, "button");
          assert.equal(el?.dataset.ballcourtWired, "1", "wired by the module's render hook");
          await message.delete();
        });
      });
    },
    { displayName: "Ballcourt: chat cards" },
  );

  // cards in each reader's language, and the roll-request card's flags
  quench.registerBatch(
    "ballcourt.cards",
    (context) => {
      const { describe, it, assert } = context;
      describe("cards rendered from their flags", () => {
        it("renders a card in this user's language whatever its stored content", async () => {
          const card = {
            kind: "test",
            title: { key: "BALLCOURT.Card.Tick.Still", data: {}, text: "The ball is still." },
            lines: [],
            rolls: [],
            actions: [],
          };
          const rendered = renderedElement();
          const message = await fvtt.ChatMessage.create({
            content: '<div class="ballcourt-card">stale</div>',
            flags: {
              [MODULE_ID]: {
                card,
                context: { game: "none" },
                applied: false,
                undone: false,
                resolved: [],
              },
            },
          });
          const html = await rendered(message.id);
          assert.equal(
            html.querySelector(".ballcourt-card .ballcourt-title")?.textContent,
            i18n().localize("BALLCOURT.Card.Tick.Still"),
          );
          await message.delete();
        });
        it("greys a card's Apply in the log once a card for the same thing is applied, the card itself unwritten", async () => {
          const card = {
            kind: "test",
            title: { text: "Quench: the same thing twice" },
            lines: [],
            rolls: [],
            actions: [{ id: "apply", key: "BALLCOURT.Action.Apply", data: {}, payload: {} }],
          };
          const flags = (posted) => ({
            [MODULE_ID]: {
              card,
              context: { game: "none", sceneId: "none", ballAt: { x: 0, y: 0 } },
              posted,
              applied: false,
              undone: false,
              resolved: [],
            },
          });
          const rendered = renderedElement();
          const [first, second] = await fvtt.ChatMessage.create([
            { content: renderCard(card, i18n()), flags: flags(Date.now()) },
            { content: renderCard(card, i18n()), flags: flags(Date.now()) },
          ]);
          await rendered(second.id);
          await first.update({
            [`flags.${MODULE_ID}.applied`]: true,
            [`flags.${MODULE_ID}.record`]: { stamp: Date.now() + 1, undo: { updates: [] } },
          });
          await new Promise((resolve) => setTimeout(resolve, 100));
          const shown = globalThis.document.querySelectorAll(
            `[data-message-id="${second.id}"] button[data-ballcourt-action="apply"]`,
          );
          assert.ok(shown.length > 0, "the second card is in the log");
          for (const button of shown) assert.ok(button.disabled, "greyed where it is shown");
          await fvtt.ChatMessage.deleteDocuments([first.id, second.id]);
        });
        it("shows the GM a roll-request card's buttons; a press on a card nobody awaits expires its rows", async () => {
          const rendered = renderedElement();
          const message = await fvtt.ChatMessage.create({
            content: '<div class="ballcourt-card"></div>',
            flags: {
              [MODULE_ID]: {
                rollCard: cardFlags([
                  {
                    id: "r1",
                    sceneId: "none",
                    tokenId: "none",
                    name: "Quench",
                    owner: fvtt.game.user.id,
                    check: { type: "save", id: "reflex" },
                  },
                ]),
              },
            },
          });
          const html = await rendered(message.id);
          const rollFor = html.querySelector('button[data-ballcourt-action="rollFor:r1"]');
          assert.equal(rollFor?.type, "button");
          assert.equal(rollFor?.dataset.ballcourtWired, "1");
          await pressRow(message.id, "cancel");
          assert.equal(
            fvtt.game.messages.get(message.id).getFlag(MODULE_ID, "rollCard").rows.r1.state,
            "expired",
          );
          await message.delete();
        });
      });
    },
    { displayName: "Ballcourt: cards in each language, roll-request card" },
  );

  quench.registerBatch(
    "ballcourt.companion",
    (context) => {
      const { describe, it, assert } = context;
      describe("the companion link (GM only)", () => {
        it("answers health and echo through Socket.IO", async () => {
          const link = fvtt.game.modules.get(MODULE_ID).api.link();
          assert.ok(link, "connect the companion first (module settings)");
          const health = await link.request("GET", "/api/v1/health");
          assert.equal(health.status, "ok");
          const echo = await link.request("POST", "/api/v1/echo", { ping: 1 });
          assert.deepEqual(echo, { ping: 1 });
        });
      });
    },
    { displayName: "Ballcourt: companion round trip" },
  );

  registerAutopilotBatches(quench);
  registerYaotzinAutopilotBatch(quench);
  registerWorldBatches(quench); // what the test doubles assume, checked in this world
}
