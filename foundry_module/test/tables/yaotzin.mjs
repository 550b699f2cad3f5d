/**
 * The Yaotzin tables the tests share: the fake companions that answer a kick (and the ball's
 * ticks) or Yolteotl's interception with the recorded fixtures, the co-GM table, and the kick
 * card on the court of fakes/scenes.mjs (Ixpoetchitl, Alice's, on the ball; Yolteotl, Bob's).
 */
import { fakeCompanion } from "../fakes/companion.mjs";
import { FakeUser, asUser } from "../fakes/foundry.mjs";
import { fixture } from "../fakes/scenes.mjs";
import { moduleOf } from "./table.mjs";

/** A route that answers the recorded companion answer test/fixtures/<name>.json. */
export const recorded = (name) => () => ({ status: 200, body: fixture(name) });

/** A companion whose kick and tick answer the recorded ones; `routes` answer first. */
export const kickCompanion = (routes = {}) =>
  fakeCompanion({
    "/api/v1/yaotzin/kick": recorded("kick"),
    "/api/v1/yaotzin/tick": recorded("tick"),
    ...routes,
  });

/** A companion whose interception answers the recorded one (Yolteotl's save against the kick); `routes` first. */
export const interceptCompanion = (routes = {}) =>
  fakeCompanion({ "/api/v1/yaotzin/intercept": recorded("intercept"), ...routes });

/**
 * A contest route that answers each kind won, without a provoked attack of opportunity, on a
 * card whose Apply carries `payload(kind)` and whose title is `title(kind)`.
 */
export const wonContest =
  (payload, title = (kind) => ({ text: kind })) =>
  (body) => ({
    status: 200,
    body: {
      kind: body.kind,
      preview: Boolean(body.preview),
      provokes: false,
      success: true,
      chat_card: {
        kind: "yaotzin.contest",
        title: title(body.kind),
        lines: [],
        actions: [{ id: "apply", label: "Apply", payload: payload(body.kind) }],
      },
    },
  });

/** Tezca, Foundry's active GM; Maria, a GM too (the co-GM); Alice and Bob, players. */
export const coGmTable = () => [
  new FakeUser({ id: "gm", name: "Tezca", isGM: true }),
  new FakeUser({ id: "maria", name: "Maria", isGM: true, role: 3 }),
  new FakeUser({ id: "alice", name: "Alice" }),
  new FakeUser({ id: "bob", name: "Bob" }),
];

/** The recorded kick's card on `scene`, posted from a GM's page: Bob may intercept with Yolteotl. */
export const kickCard = (scene, userId = "gm") =>
  asUser(userId, async () =>
    (await moduleOf(userId, "chat")).postCard(fixture("kick"), {
      game: "yaotzin",
      kind: "kick",
      sceneId: scene.id,
      matchId: "m1",
      owners: { ix: ["alice"], yo: ["bob"], ball: [] },
    }),
  );

/** A user presses a card's action on his own page (its chat glue asks the companion's GM when it is not his to do). */
export const requestAs = (userId, messageId, action) =>
  asUser(userId, async () => (await moduleOf(userId, "chat")).requestAction(messageId, action));
