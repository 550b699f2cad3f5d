/**
 * The Foundry doubles, one file per subsystem: clients (whose screen runs the code, settle),
 * the server (every document write), hooks, users and queries, documents, combat, canvas, UI,
 * dice and game systems; world.mjs installs them, module.mjs loads the module once per client.
 * Each behaviour cites the fact of docs/foundry-semantics.md it follows ("§1.4");
 * test/fakes-conformance.test.mjs pins them. Tests import from here.
 */
export { asUser, clientOf, onClient, settle, world } from "./clients.mjs";
export { FakeContainer, FakeGraphics, FakeGridLayer, FakeText, fakeStage } from "./canvas.mjs";
export { FakeCombat } from "./combat.mjs";
export { FakeRoll } from "./dice.mjs";
export { FakeActiveEffect, FakeItem } from "./documents.mjs";
export {
  FakeActor,
  FakeChatMessage,
  FakeDrawing,
  FakeGrid,
  FakeMessage,
  FakeScene,
  FakeToken,
  GRID_TYPES,
  visibleTo,
} from "./documents.mjs";
export { FakeHooks, HookRegistry } from "./hooks.mjs";
export { clientModule, loadModule, loadTable } from "./module.mjs";
export { FakeDnd5eActor, FakePf1Actor } from "./systems.mjs";
export {
  FakeApplicationV2,
  FakeDialogV2,
  FakeElement,
  FakeFormData,
  FakeKeybindings,
  FakeSceneControls,
  buttonsIn,
  fakeHtml,
  installDocument,
  listenerCount,
  press,
} from "./ui.mjs";
export { FakeUser } from "./users.mjs";
export {
  Collection,
  ForcedDeletion,
  ForcedReplacement,
  diffObject,
  expandObject,
  getProperty,
  mergeObject,
  newId,
  setProperty,
  transcript,
} from "./utils.mjs";
export { installFoundry, reload, view } from "./world.mjs";
export { openTable, until } from "./table.mjs";
