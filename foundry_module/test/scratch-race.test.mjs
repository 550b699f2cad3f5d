import { test } from "node:test";
import { useTables } from "./tables/table.mjs";
import { answer, nextThenAnswer, slow, turn } from "./random-table/commands.mjs";
import { playTable } from "./random-table/run.mjs";
useTables();
for (let k = 0; k <= 4; k += 1)
  test(`co-GM Next ${k} turns before the move answer`, async () => {
    await playTable([slow(true), turn("gm", "next"), answer(0), answer(0), nextThenAnswer("maria", 0, k)]);
  });
