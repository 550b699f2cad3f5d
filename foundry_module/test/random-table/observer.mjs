/**
 * What the random table watches as it happens, through the doubles' public seams only: every
 * chat message created (globalThis.ChatMessage wrapped) and updated (FakeChatMessage.onUpdate),
 * every committed token move (table.mjs's WatchedToken), every request reaching the companion
 * (its gate), and every unhandled rejection. Each breach of an invariant that can be judged at
 * the moment it happens is kept in `breaches` under the name of what it breaks (invariants.mjs).
 */
import { currentClient } from "../fakes/clients.mjs";
import { FakeChatMessage } from "../fakes/foundry.mjs";
import { rawOf } from "../fakes/server.mjs";

const flagsOf = (message) => message.flags?.ballcourt ?? {};
const square = (token) => ({ x: Math.round(token.x / 100), y: Math.round(token.y / 100) });

export class Observer {
  constructor(companion) {
    this.breaches = [];
    this.rejections = [];
    this.shadow = new Map(); // message id -> {applied, undone} as last committed
    this.ballLog = []; // cards that move the ball, as applied ({id, to, applied: true}) and undone ({id, applied: false})
    this.asked = new Map(); // kicker -> kicks asked by users since the table last settled (a double click is one)
    this.kicksSent = new Map();
    this.doubleClickers = new Set(); // who double-clicked a kick since the table last settled   // kicker -> kick requests the companion got since then
    this.kicking = []; // the kickers of the kick requests in progress (asked, no card yet), oldest first
    this.started = false;
    this.proposals = { stale: [], fresh: [] }; // goat-ball: NPC proposals answered after their round ended, or in it
    this.closedWrites = new Set(); // messages last written by a page that was closing
    this.offTurn = new Map(); // NPC token id -> {from, text}: his move landed on another's turn, not yet taken back
    this.offTurnStands = new Map(); // NPC token id -> text: he stood up on another's turn, not yet prone again
    this.byHand = new Set(); // NPC token ids a GM is moving by hand now (not the autopilot's moves)
    this.cardMoves = new Map(); // NPC token id -> whose turn it was when a card's Apply or Undo last moved him
    this.dribbled = new Set(); // dribble cards applied once (the first Apply, the autopilot's, is judged)
    this.lateDribbles = new Map(); // message id -> text: an NPC's dribble applied on another's turn, not yet undone
    this.lateProposals = new Map(); // message id -> text: an autopilot card posted on another's turn (another GM's Next crossed it)
    this.onRejection = (reason) => {
      this.rejections.push(reason);
    };
    process.on("unhandledRejection", this.onRejection);
    const Base = globalThis.ChatMessage;
    const observer = this;
    globalThis.ChatMessage = class extends Base {
      static async create(data) {
        const message = await super.create(data);
        if (message) observer.created(message);
        return message;
      }
    };
    FakeChatMessage.onUpdate.push((message) => this.updated(message));
    companion.gate.onRequest = (sent) => this.requested(sent);
    companion.gate.onAnswer = (sent, result) => this.answered(sent, result);
  }

  close() {
    process.off("unhandledRejection", this.onRejection);
  }

  watch({ scene, encounter, ball }) {
    Object.assign(this, { scene, encounter, ball });
  }

  breach(item, text) {
    this.breaches.push({ item, text });
  }

  /**
   * Whose turn it is now at the server: the token of the encounter's current combatant. The
   * server's copy, not the page's whose write is heard: that page may not have heard a Next
   * yet, and the race is exactly that.
   */
  turnOf() {
    return rawOf(this.encounter)?.combatant?.tokenId ?? null;
  }

  created(message) {
    const flags = flagsOf(message);
    this.shadow.set(message.id, { applied: Boolean(flags.applied), undone: Boolean(flags.undone) });
    const kind = flags.card?.kind ?? "";
    if (flags.context?.kind === "kick") {
      this.kickPosted();
      const holder = this.companionGM();
      if (holder && message.author !== holder.id)
        this.breach(
          3,
          `a kick card posted by ${message.author}'s page after the companion went to ${holder.id}`,
        );
    }
    // a card that answers another card's button (an interception, a stop): that card must still be open
    const answers = flags.context?.answers;
    if (answers) {
      const answered = this.shadow.get(answers.messageId);
      if (answered?.applied || answered?.undone) {
        this.breach(
          1,
          `${kind} for "${answers.actionId}" posted after its card was ${answered.undone ? "undone" : "applied"}`,
        );
      }
    }
    if (kind === "yaotzin.autopilot" && this.started) {
      const tokenId = flags.context?.tokenId;
      if (tokenId !== this.turnOf())
        this.lateProposals.set(
          message.id,
          `autopilot proposal for ${tokenId} posted on ${this.turnOf()}'s turn`,
        );
    }
  }

  /**
   * Whether the message's last update was written by a page already closing: the doubles
   * render an update through its writer's page, so one whose page closed on the way leaves the
   * other clients' logs as they were, where Foundry's server still broadcasts it (a need
   * reported for the doubles; the view check skips those).
   */
  writtenByClosedPage(messageId) {
    return this.closedWrites.has(messageId);
  }

  updated(message) {
    const flags = flagsOf(message);
    if (currentClient()?.dead) this.closedWrites.add(message.id);
    else this.closedWrites.delete(message.id);
    const before = this.shadow.get(message.id) ?? { applied: false, undone: false };
    const now = { applied: Boolean(flags.applied), undone: Boolean(flags.undone) };
    this.shadow.set(message.id, now);
    const wasLive = before.applied && !before.undone;
    const isLive = now.applied && !now.undone;
    const write = message.updates?.at(-1) ?? {};
    if (wasLive && write["flags.ballcourt.applied"] === true) {
      this.breach("twice", `a ${flags.card?.kind ?? "card"} already applied was applied again`);
    }
    if (wasLive === isLive) return;
    const payload = flags.card?.actions?.find((a) => a.id === "apply")?.payload;
    if (flags.context?.kind === "dribble") this.dribbleLanded(message, payload, isLive);
    const to = payload?.ball ?? payload?.events?.find((e) => e.type === "ball"); // a dribble's: its event
    if (isLive && !to) return;
    if (isLive)
      this.ballLog.push({
        id: message.id,
        to: { x: to.x, y: to.y },
        applied: true,
      });
    else if (this.ballLog.some((e) => e.id === message.id))
      this.ballLog.push({ id: message.id, applied: false });
  }

  /**
   * Where the applied cards put the ball: replaying the log, an undo takes the ball back to
   * where it stood before its card (the squares before the first card: where the table began).
   */
  expectedBall(start) {
    const stack = [];
    for (const entry of this.ballLog) {
      if (entry.applied) stack.push(entry);
      else {
        const at = stack.findLastIndex((e) => e.id === entry.id);
        if (at === stack.length - 1) stack.pop();
        else if (at >= 0) return null; // an undo out of order: the module refuses those (checkStillLatest)
      }
    }
    return stack.at(-1)?.to ?? start;
  }

  /**
   * An NPC's move lands on his own turn, or is taken back: one that lands on another's turn
   * (another GM's Next crossed his walk) waits to be put back where it started; once the
   * table is quiet, one still not put back is a breach (`lateLeft`).
   */
  moved(token, from, options) {
    if (!this.isNpc(token) || this.byHand.has(token.id)) return;
    if (from.x === token.x && from.y === token.y) return;
    const late = this.offTurn.get(token.id);
    if (late && token.x === late.from.x && token.y === late.from.y) {
      this.offTurn.delete(token.id); // put back where he stood: the late move is taken back
      return;
    }
    if (options?.ballcourt?.internal) {
      // a card's Apply or Undo (a GM's press, on any turn): the autopilot's dribble is judged by its card (`updated`)
      this.cardMoves.set(token.id, this.turnOf());
      return;
    }
    const turn = this.turnOf();
    if (turn !== token.id)
      this.offTurn.set(token.id, {
        from: late?.from ?? from,
        text: `NPC ${token.id} moved to (${square(token).x}, ${square(token).y}) on ${turn}'s turn`,
      });
  }

  /**
   * An NPC's dribble lands on his own turn, or is undone: its first Apply (the autopilot's, as
   * its card is posted) must have moved him on his turn, else its card must be undone once the
   * table is quiet. A GM's later Undo or Apply of it, on any turn, is his own.
   */
  dribbleLanded(message, payload, applied) {
    if (!applied) {
      this.lateDribbles.delete(message.id);
      return;
    }
    if (this.dribbled.has(message.id)) return;
    this.dribbled.add(message.id);
    const dribbler = payload?.moves?.[0]?.player;
    const token = this.scene?.tokens?.get?.(dribbler);
    if (!token || !this.isNpc(token)) return;
    const turn = this.cardMoves.get(dribbler);
    if (turn !== dribbler)
      this.lateDribbles.set(message.id, `NPC ${dribbler}'s dribble landed on ${turn}'s turn`);
  }

  /** A court NPC (a token with a sheet no player owns) once the table has sat down. */
  isNpc(token) {
    return this.started && this.game !== "goatball" && token.actor && !token.actor.owners?.length;
  }

  /**
   * An NPC stands up on his own turn, or his standing up is taken back (prone again): on the
   * court only the autopilot stands an NPC up (no card there knocks one prone, so no Undo stands
   * one up); a GM puts one prone by hand, on any turn.
   */
  statusSet(token, id, active) {
    if (!this.isNpc(token) || id !== "prone") return;
    if (active) this.offTurnStands.delete(token.id);
    else if (this.turnOf() !== token.id)
      this.offTurnStands.set(token.id, `NPC ${token.id} stood up on ${this.turnOf()}'s turn`);
  }

  /**
   * Once quiet: each NPC's move that landed on another's turn and was not taken back; each
   * standing up likewise; each
   * autopilot card posted on another's turn still offering its buttons (one another GM's Next
   * crossed must be closed once its page has heard that Next).
   */
  lateLeft() {
    for (const { text } of this.offTurn.values()) this.breach(2, `${text}, and stands there`);
    this.offTurn.clear();
    for (const text of this.offTurnStands.values()) this.breach(2, `${text}, and stays up`);
    this.offTurnStands.clear();
    for (const text of this.lateDribbles.values()) this.breach(2, `${text}, and stands`);
    this.lateDribbles.clear();
    for (const [id, text] of this.lateProposals) {
      const card = globalThis.game.messages.get(id)?.flags?.ballcourt?.card;
      if (card?.actions?.length) this.breach(2, `${text}, and is still open`);
    }
    this.lateProposals.clear();
  }

  /** One kick in progress per kicker: a second request for him while one is being resolved. */
  requested(sent) {
    const { route, body } = sent.payload ?? {};
    if (this.game === "goatball") {
      this.goatRequested(route, body, sent);
      return;
    }
    if (route !== "/api/v1/yaotzin/kick" || !this.started) return;
    const kicker = body?.kicker;
    if (this.kicking.includes(kicker))
      this.breach(3, `a second kick for ${kicker} asked while one was being resolved`);
    this.kicking.push(kicker);
    this.kicksSent.set(kicker, (this.kicksSent.get(kicker) ?? 0) + 1);
    sent.kick = kicker;
  }

  /** The companion's GM as the world setting names him (null when it names nobody). */
  companionGM() {
    const name = globalThis.game.settings.get("ballcourt", "companionGM");
    return name ? globalThis.game.users.find((u) => u.name === name || u.id === name) : null;
  }

  /**
   * The page resolving kicks (the companion's GM's) let go of them: the companion handed to
   * another GM (the old page drops their answers, yaotzin.mjs resolveKick) or that page
   * reloaded (gone with it). The kicks it was resolving end there, so the next may begin.
   */
  kicksLetGo() {
    this.kicking = [];
  }

  /** A user's kick tool was clicked (once, or twice as a double click) for `kicker`. */
  kickClicked(kicker) {
    this.asked.set(kicker, (this.asked.get(kicker) ?? 0) + 1);
  }

  /** Once settled: no more kicks reached the companion than users asked for; the counts start again. */
  checkKicks() {
    for (const [kicker, sent] of this.kicksSent) {
      const asked = this.asked.get(kicker) ?? 0;
      if (["ix", "yo"].includes(kicker) && sent > asked)
        this.breach(
          3,
          `${sent} kicks for ${kicker} reached the companion; users asked for ${asked}`,
        );
    }
    this.asked.clear();
    this.kicksSent.clear();
  }

  /**
   * Goat-ball: an autopilot's proposals belong to the round they were asked in. A suggestion
   * answered once the encounter is in another round is stale; a pass that then sends one of
   * its NPC declarations (an action the GM's own dialogs are never filled in with), which no
   * suggestion answered in its own round proposed too, used it.
   */
  goatRequested(route, body, sent) {
    if (route === "/api/v1/goatball/suggest") sent.round = this.encounter?.round;
    if (route !== "/api/v1/goatball/pass") return;
    const same = (a) => (p) =>
      p.player === a.player && p.action === a.action && (p.target ?? null) === (a.target ?? null);
    for (const a of body?.actions ?? []) {
      if (this.proposals.stale.some(same(a)) && !this.proposals.fresh.some(same(a))) {
        this.breach(
          2,
          `the pass declares ${a.player}'s ${a.action}, proposed by an autopilot asked in an earlier round`,
        );
      }
    }
    this.proposals = { stale: [], fresh: [] };
  }

  /** A kick request answered with an error ends without a card; a pass refused for its declarations (422) is a breach. */
  answered(sent, result) {
    if (sent.payload?.route === "/api/v1/goatball/pass" && result?.status === 422)
      this.breach(
        "declare",
        `the companion refused a pass the module declared: ${result.body?.error?.message}`,
      );
    if (sent.round !== undefined) {
      const npcs = (result?.body?.declarations ?? []).filter(
        (d) => this.npcs?.includes(d.player) && d.action !== "none",
      );
      this.proposals[sent.round === this.encounter?.round ? "fresh" : "stale"].push(...npcs);
    }
    if (sent.kick && !(result?.status < 400)) this.kickPosted();
  }

  /** A kick card is posted: the oldest kick in progress is resolved (the recorded answer names no kicker of its own). */
  kickPosted() {
    this.kicking.shift();
  }
}
