/**
 * The GM's view of a goat-ball pass's declarations (ApplicationV2): who has declared, whose
 * turn it is, who is pending, and a Cancel that abandons the pass (closing the window does too). The carrier's slip shows its
 * content only to the GM and its owner until everyone has declared (Declarations.progress).
 */
import { escapeHtml } from "../../core/i18n.mjs";
import { BallcourtApplication } from "../world/app.mjs";
import { i18n } from "../world/env.mjs";
import { autopilotFooterHtml, autopilotRowHtml, changeDeclaration } from "./goatball-autopilot.mjs";

/**
 * The view's HTML. `rows` from Declarations.progress, `names` maps token ids to names,
 * `seconds` is each player's time to answer; `autopilot` the pass's (rows annotated by it).
 */
export function renderProgress(rows, names, lang, { seconds, autopilot } = {}) {
  const L = (k) => lang.localize(k);
  const name = (id) => escapeHtml(names[id] ?? id);
  const what = (d) => {
    if (!d) return "";
    const action = L(`BALLCOURT.Pass.Action.${d.action}`);
    const target = d.throw?.target ?? d.target;
    return escapeHtml(target ? `${action} → ${names[target] ?? target}` : action);
  };
  const items = rows.map((r) => {
    const seal = r.sealed
      ? ` <i class="fa-solid fa-lock" title="${escapeHtml(L("BALLCOURT.Declare.Sealed"))}"></i>`
      : "";
    const shown =
      r.state === "declared"
        ? r.declaration
          ? what(r.declaration)
          : escapeHtml(L("BALLCOURT.Declare.Hidden"))
        : "";
    return (
      `<li class="ballcourt-declare ${r.state}" data-player="${escapeHtml(r.player)}"><b>${name(r.player)}</b>${seal}` +
      ` <span class="state">${escapeHtml(L(`BALLCOURT.Declare.State.${r.state}`))}</span>` +
      `${shown ? ` <span class="what">${shown}</span>` : ""}${autopilotRowHtml(r, lang)}</li>`
    );
  });
  const done = rows.filter((r) => r.state === "declared").length;
  return (
    `<div class="ballcourt-declarations"><p>${escapeHtml(
      lang.format("BALLCOURT.Declare.Count", { done, total: rows.length }),
    )}</p>` +
    (seconds
      ? `<p class="hint">${escapeHtml(lang.format("BALLCOURT.Declare.Timeout", { seconds }))}</p>`
      : "") +
    `<ol>${items.join("")}</ol>` +
    `<footer>${autopilotFooterHtml(autopilot, lang)}` +
    `<button type="button" data-action="cancel">${escapeHtml(L("BALLCOURT.Declare.Cancel"))}</button></footer></div>`
  );
}

/**
 * The view's class over a pass in progress: `pass` is {declarations, names, seconds, cancel(),
 * autopilot}.
 */
export function progressClass() {
  return class DeclarationProgress extends BallcourtApplication() {
    static DEFAULT_OPTIONS = {
      id: "ballcourt-declarations",
      window: { title: "BALLCOURT.Declare.Title" },
      position: { width: 340, height: "auto" },
      actions: {
        cancel: DeclarationProgress.cancel,
        change: DeclarationProgress.change,
        resolve: DeclarationProgress.resolve,
      },
    };

    constructor(pass, options = {}) {
      super(options);
      this.pass = pass;
    }

    async _prepareContext() {
      const rows = this.pass.declarations.progress({ isGM: true });
      return { rows: this.pass.autopilot?.state.annotate(rows) ?? rows }; // autopilot: reasons, Change
    }

    async _renderHTML(context) {
      return renderProgress(context.rows, this.pass.names, i18n(), {
        seconds: this.pass.seconds,
        autopilot: this.pass.autopilot,
      });
    }

    static async cancel() {
      this.pass.cancel();
    }

    /**
     * However the window closes (its X, Escape, the Cancel button), a pass still being
     * declared is abandoned: with the window gone, nothing else could resolve or cancel it.
     */
    async close(options) {
      this.pass.cancel();
      return super.close(options);
    }

    /** Autopilot: the GM changes an NPC's declaration (data-player), then the view shows it. */
    static async change(_event, target) {
      if (await changeDeclaration(this.pass.autopilot, target.dataset.player)) await this.render();
    }

    /** Autopilot: the GM has reviewed the proposals; the pass resolves. */
    static async resolve() {
      this.pass.autopilot?.finish?.();
    }
  };
}
