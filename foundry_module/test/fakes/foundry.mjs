/**
 * The Foundry doubles, one file per subsystem: clients (whose screen runs the code, settle),
 * hooks, users and queries, documents, combat, canvas, UI, dice and game systems; world.mjs
 * installs them. Tests import from here.
 */
export { asUser, clientOf, settle, world } from "./clients.mjs";
export { FakeContainer, FakeGraphics, FakeGridLayer, FakeText, fakeStage } from "./canvas.mjs";
export { FakeCombat } from "./combat.mjs";
export { FakeRoll } from "./dice.mjs";
export { FakeActor, FakeChatMessage, FakeMessage, FakeScene, FakeToken, visibleTo } from "./documents.mjs";
export { FakeHooks } from "./hooks.mjs";
export { FakeDnd5eActor, FakePf1Actor } from "./systems.mjs";
export { FakeApplicationV2, FakeDialogV2, FakeElement, FakeFormData, FakeKeybindings, FakeSceneControls, buttonsIn, fakeHtml, installDocument,
  listenerCount, press } from "./ui.mjs";
export { FakeUser } from "./users.mjs";
export { Collection, diffObject, newId, setProperty, transcript } from "./utils.mjs";
export { installFoundry, reload, view } from "./world.mjs";
