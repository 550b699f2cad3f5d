/**
 * The failures the random table (test/random-table/) found by itself in the module as it was
 * before their fixes, each as it printed it (one, said so, written by hand in its commands): the shortest list of commands that breaks an
 * invariant, played by playTable, which throws the breach. Each passes as it stands now its fix is
 * merged. The seeds are those of `npm run table:explore --
 * --seed S --only I` with the command set of test/random-table/run.mjs when they were found
 * (a later change to the commands draws other lists from the same seed).
 */
import assert from "node:assert/strict";
import { test } from "node:test";

import { moduleOf, useTables } from "./tables/table.mjs";
import {
  answer,
  answerThenNext,
  applyThenUndo,
  autopilot,
  closeDialogs,
  companionGMIs,
  kick,
  knockProne,
  nextThenAnswer,
  placeOnBall,
  press,
  reloadPage,
  rollPolicy,
  settled,
  slow,
  turn,
} from "./random-table/commands.mjs";
import { openArenaTable } from "./random-table/arena.mjs";
import { companionAway, declare, dice, menu } from "./random-table/goatball-commands.mjs";
import { closeRandomTable, playTable } from "./random-table/run.mjs";

useTables();

// seed 2, --only 1 (its 19th run)
test("random table, item 1: an interception pressed on a kick card already applied is resolved", async () => {
  await playTable([
    kick("gm", "ix", { keys: false, clicks: 1 }),
    press("gm", "kick", 0, "apply", { clicks: 1 }),
    settled(),
    press("gm", "kick", 0, "intercept", { clicks: 1 }),
  ]);
});

// seed 2, --only 1, with an earlier command set (its 21st run)
test("random table, item 1: an interception pressed on an undone kick card is resolved", async () => {
  await playTable([
    kick("gm", "ix", { keys: false, clicks: 1 }),
    applyThenUndo("kick", 0),
    press("gm", "kick", 0, "intercept", { clicks: 1 }),
  ]);
});

// not found by the table in its runs so far (few of them reach a tick): item 1's tick variant,
// the same commands written by hand
test("random table, item 1: a stop pressed on a tick card already applied is resolved", async () => {
  await playTable([
    kick("gm", "ix", { keys: false, clicks: 1 }),
    press("gm", "kick", 0, "apply", { clicks: 1 }),
    settled(),
    turn("gm", "next"),
    settled(),
    press("gm", "tick", 0, "apply", { clicks: 1 }),
    settled(),
    press("bob", "tick", 0, "stop", { clicks: 1 }),
  ]);
});

// seed 3, --only 2 (its 12th run)
test("random table, item 2: a proposal asked for on Tezcatl's turn comes after the GM pressed Next, and is posted", async () => {
  await playTable([slow(true), turn("gm", "next"), turn("gm", "next")]);
});

// seed 1, --only 3 (its first run)
test("random table, item 3: a player's double click on his kick tool asks a second kick while the first is resolved", async () => {
  await playTable([kick("alice", "ix", { keys: false, clicks: 2 })]);
});

// any seed: a player's K (the command's keys: true) for his own token
test("random table, item 10: a player's K does not turn his kick tool on", async () => {
  await playTable([kick("alice", "ix", { keys: true, clicks: 1 })]);
});

// seed 1, --only aoo, with an earlier command set (its 16th run). Not one of the twelve: the
// second kick card was worked out before the first interception spent Yolteotl's attack of
// opportunity, and the interception's handler does not read his budget again at its write.
test("random table, attacks of opportunity: two interceptions on two open kick cards spend two in one round", async () => {
  await playTable([
    kick("gm", "ix", { keys: false, clicks: 1 }),
    press("gm", "kick", 0, "intercept", { clicks: 1 }),
    kick("gm", "ix", { keys: false, clicks: 1 }),
    press("gm", "kick", 1, "intercept", { clicks: 1 }),
  ]);
});

// seed 41, --ignore 1,2,3,10,aoo (its 26th run). Not one of the twelve: the GM's page closes
// while his Apply is under way; the ball had moved (part of its way, in the doubles) and the
// card never said it was applied, so nothing could undo it. Now the card's journal is taken
// back when the reloaded page links (chat.mjs takeBackCutShort).
test("random table, the ball: an Apply cut short by the GM's reload is taken back whole when his page links again", async () => {
  await playTable([
    kick("gm", "ix", { keys: false, clicks: 1 }),
    press("gm", "kick", 0, "apply", { clicks: 1 }),
    reloadPage("gm"),
  ]);
});

// goat-ball: found by the random table at once (fast-check seed 1, path "5:1:2"; npm run table:explore -- --game goatball --seed 1 --runs 30)
test("random table, goat-ball, item quiet: a double press of the menu's pass starts one pass (the second is refused as busy), not two on one declarations", async () => {
  await playTable([menu("gm", "pass", { clicks: 2 })], { game: "goatball" });
});

// goat-ball: found by the random table (fast-check seed 1, path "8:4:3:5:4:7:7:7:7:7", before the GM's Roll for them was
// among what the table's users get round to); written by hand to judge the card against the page that awaits it.
// The card is kept by the GM whose page asked (core/roll-request-card.mjs cardKeeper): the companion GM's reload
// leaves it alone, and the owners' Roll on it reaches Maria's page, which settles its rows.
test("random table, goat-ball: the companion's GM's reload leaves a roll-request card the co-GM's tip-off awaits, and its owners roll from it", async () => {
  const real = await openArenaTable();
  try {
    for (const command of [rollPolicy("players"), menu("maria", "tipoff"), reloadPage("gm")])
      await command.run({}, real);
    const book = await moduleOf("maria", "roll-book");
    const awaited = new Set(book.requests.pending().map((r) => r.id));
    const rowsOf = () =>
      globalThis.ChatMessage.created
        .flatMap((m) => Object.values(m.flags.ballcourt?.rollCard?.rows ?? {}))
        .filter((r) => awaited.has(r.id));
    assert.ok(awaited.size > 0, "Maria's tip-off awaits its rolls");
    assert.deepEqual(
      rowsOf()
        .filter((r) => r.state === "expired")
        .map((r) => r.name),
      [],
      "no row her page still awaits is marked expired",
    );
    await settled().run({}, real);
    assert.deepEqual(
      rowsOf().map((r) => r.state),
      [...awaited].map(() => "rolled"),
      "each row rolled from the card",
    );
    assert.deepEqual(book.requests.pending(), [], "and her tip-off has its rolls");
  } finally {
    closeRandomTable(real);
  }
});

// goat-ball: found by the random table, fast-check seed 1, path "19:3:8:7:11:11:13:12:14:12:13:13:13:13"
// (npm run table:explore -- --game goatball --seed 1 --path "19:3:8:7:11:11:13:12:14:12:13:13:13:13")
test("random table, goat-ball, the ball: an Apply of a pass cut short by the GM's reload is taken back whole, its event at the companion too", async () => {
  await playTable(
    [
      menu("gm", "pass", { clicks: 1 }),
      slow(true),
      settled(),
      press("gm", "pass", 0, "apply", { clicks: 1 }),
      reloadPage("gm"),
    ],
    { game: "goatball" },
  );
});

// goat-ball, written by hand in the table's commands: few random lists slow the companion, start a pass and end the
// round between the autopilot's question and its answer (100 runs of seed 11 did not, with the round check taken out;
// this list fails then)
test("random table, goat-ball, item 2: the autopilot's proposals asked before the GM's Next Round are not declared in the pass", async () => {
  await playTable(
    [
      slow(true),
      menu("gm", "pass", { clicks: 1 }),
      answer(0),
      turn("gm", "round"),
      answer(0),
      settled(),
    ],
    { game: "goatball" },
  );
});

// found by the random table: fast-check seed 260208100, path "22:3:6:11:11:7:7" (npm run table:explore -- --game yaotzin --seed 260208100 --path "22:3:6:11:11:7:7")
test("random table, item quiet: Bob's kick asked of a slow companion, then the GM's reload: nothing waits for ever", async () => {
  await playTable([slow(true), kick("bob", "yo", { keys: false, clicks: 1 }), reloadPage("gm")]);
});

// found by the random table: fast-check seed 1772566771, path "17:9:9:12:17:16:16:8:8:8:8:8:9:9:9:9:9:9:9:9" (npm run table:explore -- --game yaotzin --seed 1772566771 --path "17:9:9:12:17:16:16:8:8:8:8:8:9:9:9:9:9:9:9:9")
// The kick's Apply supersedes the interception's card, but no client drew that card again (no
// update of its own message), so the co-GM still showed its Apply enabled while the GM's
// reloaded page, drawing it afresh, greyed it. Now every page draws again a card whose phase an
// Apply, an Undo or the ball's move changed (cards/chat.mjs redrawCards).
test("random table, item view: the GM's reload after an interception and an Apply: the co-GM's buttons are the GM's", async () => {
  await playTable([
    kick("gm", "ix", { keys: false, clicks: 1 }),
    press("gm", "kick", 0, "intercept", { clicks: 1 }),
    press("gm", "kick", 0, "apply", { clicks: 1 }),
    reloadPage("gm"),
  ]);
});

// found by the random table: fast-check seed 635222019, path "53:2:7:18:14:14:14:14:15:16:16:16:16:16:16:16:17:17:17:17" (npm run table:explore -- --game yaotzin --seed 635222019 --path "53:2:7:18:14:14:14:14:15:16:16:16:16:16:16:16:17:17:17:17")
// The companion's GM handed to Maria while Tezca's page applied the tick: Maria's page, once
// linked, took his journal for one a closed page left and took the tick back under him. Now a
// journal names the page that keeps it, and another GM's, while he is connected, is left to finish.
test("random table, item ball: a kick applied by the co-GM, a tick applied, then Maria named the companion's GM: the ball stands where the applied cards put it", async () => {
  await playTable([
    kick("gm", "ix", { keys: false, clicks: 1 }),
    press("maria", "kick", 0, "apply", { clicks: 1 }),
    autopilot("off"),
    closeDialogs("gm"),
    press("gm", "tick", 0, "apply", { clicks: 1 }),
    companionGMIs("gm", "Maria"),
  ]);
});

// found by the random table: fast-check seed 9104, path "91:4:3:6:6:8:12:11:11:12:12:12:12" (npm run table:explore -- --game yaotzin --seed 9104 --path "91:4:3:6:6:8:12:11:11:12:12:12:12")
// The GM pressed Next while Mixco's walk was checked by the companion: his page still read
// Mixco's turn, since its own turn change had not come back, and the walk landed in the
// ball's turn. Now a page that has sent a turn change starts no NPC's move until it is back.
test("random table, item 2: the GM's Next on its way as an NPC's walk is checked: the NPC does not move in the next turn", async () => {
  await playTable([
    turn("gm", "next"),
    turn("gm", "next"),
    turn("gm", "previous"),
    turn("gm", "next"),
    turn("gm", "next"),
    turn("gm", "next"),
  ]);
});

// found by the random table: fast-check seed 4, path "39:9:12:15:19:24:14:14:14:14:15:15:15:15:15:16:16" (npm run table:explore -- --game yaotzin --seed 4 --path "39:9:12:15:19:24:14:14:14:14:15:15:15:15:15:16:16" --only 2),
// against the module before the walk's landing was judged. Maria's Next crossed Mixco's walk on Tezca's page, and he
// walked in the ball's turn. Now the walk that landed after it is taken back (yaotzin-autopilot.mjs, landing, takeBack)
test("random table, item 2: NPC n2 moved to (29, 10) on null's turn, and stands there", async () => {
  await playTable([
    nextThenAnswer("gm", 0, 0),
    turn("gm", "next"),
    turn("gm", "previous"),
    nextThenAnswer("gm", 0, 0),
    nextThenAnswer("gm", 0, 0),
    nextThenAnswer("maria", 0, 0),
  ]);
});

// written by hand in the table's commands (nextThenAnswer, added for it): Maria's Next, pressed in her browser a turn
// of the event loop before the companion's check of Tezcatl's walk reaches Tezca's page, is made by the server first,
// and the walk lands in Yolteotl's turn. Now the walk is taken back (yaotzin-autopilot.mjs, landing and takeBack)
test("random table, item 2: a co-GM's Next crossing the companion's check of an NPC's walk: the walk that landed in the next turn is taken back", async () => {
  await playTable([
    slow(true),
    turn("gm", "next"),
    answer(0),
    answer(0),
    nextThenAnswer("maria", 0, 1),
  ]);
});

// written by hand likewise: on suggest, Maria's Next crossing the autopilot's proposal for Tezcatl is heard on Tezca's
// page only after Foundry's turn events there, and the proposal's card stayed open, Accept and Decline on Yolteotl's
// turn. Now a proposal follows the turn as the page hears the encounter's updates (followTurn)
test("random table, item 2: a co-GM's Next crossing an autopilot proposal on suggest: its card is closed, not left open on the next turn", async () => {
  await playTable([
    autopilot("suggest"),
    slow(true),
    turn("gm", "next"),
    answer(0),
    nextThenAnswer("maria", 0, 0),
  ]);
});

// found by the random table: fast-check seed 9304, path "89:4:4:8:8:13:12:18:19:20:13:12:12:12:14:14:14" (npm run table:explore -- --game yaotzin --seed 9304 --path "89:4:4:8:8:13:12:18:19:20:13:12:12:12:14:14:14" --commands 40)
// Tezca's kick was being worked out when Maria was named the companion's GM; her page, which knew nothing of it, took
// a kick for Ixpoetchitl, and both kicks posted their cards. Now the page that no longer holds the link drops the
// answer of a kick it was resolving (yaotzin.mjs resolveKick): a hand-over ends its kicks in progress, and item 3
// judges a kick card posted by a page that had handed the companion over
test("random table, item 3: a kick card posted by gm's page after the companion went to maria", async () => {
  await playTable([
    slow(true),
    kick("gm", "ix", { keys: false, clicks: 1 }),
    answer(0),
    companionGMIs("gm", "Maria"),
    kick("maria", "ix", { keys: false, clicks: 1 }),
  ]);
});

// found by the random table: fast-check seed 9305, path "24:3:3:9:12:11:11:13:11:10:10:10:9:9:9:9:10:9:9:9" (npm run table:explore -- --game yaotzin --seed 9305 --path "24:3:3:9:12:11:11:13:11:10:10:10:9:9:9:9:10:9:9:9" --commands 40).
// Not the module's but the doubles': Tezca's page reloaded while the companion worked out his kick's preview, and the
// closed page still sent the kick to the fake companion, which a closed page cannot. Now a closed page's socket sends
// nothing (fakes/companion.mjs)
test("random table, item 3: the companion's GM's reload while his kick's preview is worked out, then a kick from his new page", async () => {
  await playTable([
    slow(true),
    kick("gm", "ix", { keys: false, clicks: 1 }),
    reloadPage("gm"),
    kick("gm", "ix", { keys: false, clicks: 1 }),
  ]);
});

// written by hand beside it: the kick itself already at the companion when his page reloads, the table counted it
// as still being resolved; now a reload of the companion's GM's page ends the kicks it was resolving, as a hand-over does
test("random table, item 3: the companion's GM's reload while his kick is worked out, then a kick from his new page", async () => {
  await playTable([
    slow(true),
    kick("gm", "ix", { keys: false, clicks: 1 }),
    answer(0),
    reloadPage("gm"),
    kick("gm", "ix", { keys: false, clicks: 1 }),
  ]);
});

// goat-ball: found by the random table once its fake companion refused what the rules refuse: fast-check seed 400,
// path "1:2:2:2:4:3:4:5:5:5:5:5:5:7:7:7" (npm run table:explore -- --game goatball --seed 400 --commands 40 --path ...)
test("random table, goat-ball, item declare: a carrier's interception of his own team's throw is asked again, not the pass refused after its rolls", async () => {
  await playTable(
    [
      menu("gm", "pass", { clicks: 1 }),
      declare("anyone", {
        action: "none",
        gmAction: "none",
        target: "r1",
        skill: "athletics",
        zone: "Z1",
      }),
      declare("alice", { action: "intercept", target: "r1", skill: "athletics", zone: "Z1" }),
    ],
    { game: "goatball" },
  );
});

// goat-ball: seen by the random table (seed 303, as an unexpected error on the GM's screen, before an invariant
// named it), written by hand in its commands: Bob, asked first, knocks off nobody
test("random table, goat-ball, item errors: a knock-off with no target is asked again, not the pass thrown away on a TypeError", async () => {
  await playTable(
    [
      menu("gm", "pass", { clicks: 1 }),
      declare("bob", { action: "knock_off", target: "", skill: "athletics" }),
      settled(),
    ],
    { game: "goatball" },
  );
});

// goat-ball: found by the random table, fast-check seed 500, path
// "43:8:8:9:14:17:16:16:11:13:15:17:18:4:3:13:3:4:4:4:5:6:7:6:7" (npm run table:explore -- --game goatball --seed 500
// --commands 40 --path ...), with Maria reading Russian: a carrier named on a tip-off card not applied reached the
// companion, whose refusal ("no team is waiting to name a carrier") she read in English
test("random table, goat-ball, item language: a carrier named before the card is applied is refused by the module, in the presser's language", async () => {
  await playTable(
    [
      dice([1, 1]),
      menu("gm", "tipoff", { clicks: 1 }),
      press("maria", "tipoff", 0, "carrier", { clicks: 1 }),
    ],
    { game: "goatball" },
  );
});

// goat-ball, written by hand in the table's commands once the arena played the companion going away and Maria read
// Russian: the companion gone while its answer to her tip-off was held, the socket's own "operation has timed out"
// reached her screen in English
test("random table, goat-ball, item language: a call the companion never answers is told in the GM's language", async () => {
  await playTable(
    [
      companionGMIs("gm", "Maria"),
      settled(),
      slow(true),
      menu("maria", "tipoff", { clicks: 1 }),
      companionAway(true),
    ],
    { game: "goatball" },
  );
});

// goat-ball: found by the random table at 80 commands a run, fast-check seed 1300, path
// "12:4:4:4:10:11:16:17:17:19:19:21:17:16:17:16:16:18:18:18:18:18:18:18:18:18:18:18:19": a pass card's carrier pressed
// once a later tip-off had given the ball; the companion's refusal reached Maria, its GM reading Russian, in English
test("random table, goat-ball, item language: a carrier no team waits for any more is refused in the presser's language", async () => {
  await playTable(
    [
      companionGMIs("gm", "Maria"),
      menu("maria", "tipoff", { clicks: 1 }),
      menu("maria", "pass", { clicks: 1 }),
      settled(),
      press("gm", "pass", 0, "apply", { clicks: 1 }),
      press("gm", "tipoff", 0, "apply", { clicks: 1 }),
      press("gm", "pass", 0, "carrier", { clicks: 1 }),
    ],
    { game: "goatball" },
  );
});

// found by the random table: fast-check seed 9403, path "32:5:5:7:8:22:22:22:11:11:11:12:12:11:11:11:12:13" (npm run table:explore -- --game yaotzin --seed 9403 --path "32:5:5:7:8:22:22:22:11:11:11:12:12:11:11:11:12:13"),
// against the module before a GM's page named itself on his User: the GM reloaded mid-Apply and named Maria the
// companion's GM before his new page had linked; hers took him for still applying, and the half-done kick stayed
test("random table, item ball: a GM reloads mid-Apply and hands the companion over; the new companion GM takes the Apply back", async () => {
  await playTable([
    kick("gm", "ix", { keys: false, clicks: 1 }),
    press("gm", "kick", 0, "apply", { clicks: 1 }),
    slow(true),
    reloadPage("gm"),
    companionGMIs("gm", "Maria"),
  ]);
});

// found by the random table: fast-check seed 7000, path "33:2:3" (npm run table:explore -- --game yaotzin --seed 7000 --path "33:2:3"),
// against the module before a card's ball event moved the ball: the companion's dribble card names the ball's square
// only in its events (no `ball` in its Apply, as the kick's has), so Mixco's proposed dribble moved him and left the
// ball token behind, where the match said it went with him
test("random table, item ball: the ball stands at (10, 12); the applied cards put it at (9, 12)", async () => {
  await playTable([placeOnBall("gm", "n1"), turn("gm", "next")]);
});

// found by the random table: fast-check seed 7100, path "20:7:7:21:21:15:15:15:16:16:16:17:17:17:17:17:17:17:17:17:17" (npm run table:explore -- --game yaotzin --seed 7100 --path "20:7:7:21:21:15:15:15:16:16:16:17:17:17:17:17:17:17:17:17:17"),
// against the module when a proposed dribble was judged by its card's last write (marked applied): a Next between the
// dribble's moves and that write took back, by its Undo, a dribble that had landed on the court in the NPC's turn
test("random table, item 2: NPC n2 moved to (10, 12) on null's turn, and stands there", async () => {
  await playTable([
    placeOnBall("gm", "n2"),
    nextThenAnswer("gm", 0, 0),
    companionGMIs("gm", "Maria"),
    nextThenAnswer("gm", 0, 0),
    nextThenAnswer("maria", 0, 0),
    nextThenAnswer("gm", 0, 0),
  ]);
});

// found by the random table: fast-check seed 8101, path "48:3:12:5:5:5" (npm run table:explore -- --game yaotzin --seed 8101 --path "48:3:12:5:5:5"),
// against the module before a proposed dribble was judged by where it landed: the GM put Mixco's fellow NPC on the
// still ball and pressed Next twice; the second crossed the Apply of the NPC's dribble, which stood in Yolteotl's turn
test("random table, item 2: NPC n1's dribble landed on yo's turn, and stands", async () => {
  await playTable([placeOnBall("gm", "n1"), nextThenAnswer("gm", 0, 0), turn("gm", "next")]);
});

// found by the random table: fast-check seed 8204, path "19:9:8:18:20:18:21:18:17:17:17:17:17:17:17:17:17:17:17:17:17:17:18" (npm run table:explore -- --game yaotzin --seed 8204 --path "19:9:8:18:20:18:21:18:17:17:17:17:17:17:17:17:17:17:17:17:17:17:18"),
// against the module with a prone NPC's standing up unguarded: a GM's Next crossed n1's standing up (the GM laid him
// prone by hand), which stood in Yolteotl's turn
test("random table, item 2: NPC n1 stood up on yo's turn, and stays up", async () => {
  await playTable([
    turn("gm", "next"),
    nextThenAnswer("gm", 0, 0),
    nextThenAnswer("gm", 0, 0),
    knockProne("gm", "n1"),
    nextThenAnswer("gm", 0, 0),
    turn("gm", "next"),
    nextThenAnswer("gm", 0, 0),
    turn("maria", "next"),
  ]);
});

// found by the random table: fast-check seed 3, path "0:7:3:3:3:3:3" (npm run table:explore -- --game yaotzin --seed 3 --path "0:7:3:3:3:3:3"),
// against the module when an NPC's walk was heard landed by the token's own x and y: the GM dragged the NPC onto the
// ball as his walk landed; when the walk's end was heard the token already stood where the GM put him, so the turn
// waited 30 s for a landing it had heard, and then failed
test("random table, item quiet: the table was not quiet after 10000 ms, every dialog answered: something waits for ever", async () => {
  await playTable([nextThenAnswer("gm", 0, 0), placeOnBall("gm", "n1")]);
});

// seed 10103 (`npm run table:explore -- --runs 500 --seed 10100`, its fourth batch), found in
// the last review of this session and NOT FIXED: the table is still not quiet 10 s after
// Maria (a GM) puts n2 on the ball while Next and Previous cross the companion GM's answers;
// something (likely a step's landing, which waits up to 30 s for its write to come back) waits.
// Kept as todo so that it runs and shows until it is fixed; the note on #38 says so.
test.todo(
  "random table, item quiet (seed 10103, open): Maria puts n2 on the ball while Next and Previous cross the answers",
  async () => {
    await playTable([
      answerThenNext("gm", 0, 0),
      nextThenAnswer("gm", 0, 0),
      turn("gm", "previous"),
      nextThenAnswer("gm", 0, 0),
      nextThenAnswer("gm", 0, 0),
      placeOnBall("maria", "n2"),
    ]);
  },
);
