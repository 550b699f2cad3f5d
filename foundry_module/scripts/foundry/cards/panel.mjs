/**
 * The score panel (ApplicationV2): score and clock, or possession and heat; last events; Undo;
 * Share board (a read-only viewer key and its live board URL, copied for the GM to hand out).
 */
import { escapeHtml } from "../../core/i18n.mjs";
import { renderBoard } from "../../core/scoreboard.mjs";
import { performAction } from "./chat.mjs";
import { BallcourtApplication } from "../world/app.mjs";
import { MODULE_ID, fvtt, i18n } from "../world/env.mjs";
import { companion, onMatchEvent } from "../world/link.mjs";
import { postReport, reportButton } from "./report.mjs";

export function scoreboardClass() {
  return class Scoreboard extends BallcourtApplication() {
    static DEFAULT_OPTIONS = {
      id: "ballcourt-scoreboard",
      window: { title: "BALLCOURT.Panel.Title", resizable: true },
      position: { width: 320, height: "auto" },
      actions: { undo: Scoreboard.undo, share: Scoreboard.share, report: Scoreboard.report },
    };

    constructor(matchId, options = {}) {
      super(options);
      this.matchId = matchId;
      this.unsubscribe = onMatchEvent((data) => {
        if (data.match === this.matchId) this.render();
      });
    }

    async _prepareContext() {
      const [state, log] = await Promise.all([
        companion("GET", `/api/v1/matches/${this.matchId}`),
        companion("GET", `/api/v1/matches/${this.matchId}/events`),
      ]);
      return { state, events: log.events };
    }

    async _renderHTML(context) {
      return (
        renderBoard(context.state, i18n(), context.events) +
        shareButton(i18n()) +
        reportButton(i18n())
      ); // the match report (report.mjs)
    }

    async close(options) {
      this.unsubscribe?.();
      return super.close(options);
    }

    /** Undo the newest applied card of this match (tokens too), else the bare event. */
    static async undo() {
      const messages = fvtt.game.messages.contents ?? [...fvtt.game.messages];
      const last = messages
        .filter((m) => {
          const f = m.flags?.[MODULE_ID];
          return f?.context?.matchId === this.matchId && f.applied && !f.undone;
        })
        .at(-1);
      if (last) await performAction(last.id, "undo", fvtt.game.user.id);
      else await companion("POST", `/api/v1/matches/${this.matchId}/undo`);
      this.render();
    }

    static async share() {
      return shareBoard(this.matchId);
    }

    /** The match report: its box score as a chat card, on demand. */
    static async report() {
      return postReport(this.matchId);
    }
  };
}

export function shareButton(lang) {
  return (
    `<footer class="ballcourt-share"><button type="button" data-action="share"` +
    ` title="${escapeHtml(lang.localize("BALLCOURT.Panel.ShareHint"))}">` +
    `<i class="fa-solid fa-tv"></i> ${escapeHtml(lang.localize("BALLCOURT.Panel.Share"))}</button></footer>`
  );
}

/** Copy text: Foundry's clipboard helper when there is one, else the browser's. */
async function copyText(text) {
  const clipboard = fvtt.game.clipboard;
  if (clipboard?.copyPlainText) return clipboard.copyPlainText(text);
  const nav = globalThis.navigator?.clipboard;
  if (!nav?.writeText) throw new Error("no clipboard");
  return nav.writeText(text);
}

/**
 * Ask the companion for a viewer key for the match and copy the board's URL. When the
 * browser will not copy (no permission, an insecure page), the URL is shown to copy by hand.
 * Answers the companion's `{key, url}`.
 */
export async function shareBoard(matchId) {
  const made = await companion("POST", `/api/v1/matches/${matchId}/viewers`, {});
  const notes = fvtt.ui.notifications;
  try {
    await copyText(made.url);
    notes?.info(i18n().format("BALLCOURT.Panel.ShareCopied", { url: made.url }));
  } catch {
    notes?.info(i18n().format("BALLCOURT.Panel.ShareNotCopied", { url: made.url }), {
      permanent: true,
    });
  }
  return made;
}

let open = null;

/** The score panel for a match; the one open for another match is closed first (its listener with it). */
export async function showScoreboard(matchId) {
  if (open?.matchId === matchId && open.rendered) return open.render();
  await open?.close?.();
  open = new (scoreboardClass())(matchId);
  return open.render({ force: true });
}
