/** The ball's token, made on a court or an arena (court.mjs and goatball-arena.mjs say where). */
import { MODULE_ID, i18n } from "./env.mjs";

/** A token with no actor, so it works in every system, at `pos` (top-left pixels), lying still. */
export async function createBallToken(scene, pos) {
  const [ball] = await scene.createEmbeddedDocuments("Token", [
    {
      name: i18n().localize("BALLCOURT.Court.Ball"),
      x: pos.x,
      y: pos.y,
      width: 1,
      height: 1,
      texture: { src: "modules/ballcourt/assets/ball.svg" },
      actorLink: false,
      flags: { [MODULE_ID]: { isBall: true, ball: { speed: 0, direction: null } } },
    },
  ]);
  return ball;
}
