/**
 * A failing list of commands as a node test to paste into test/random-table-regressions.test.mjs:
 * the commands by their factories (commands.mjs), played by playTable, which throws the breach
 * again; fast-check's seed and path in a comment replay the same run through the property.
 */
export function printTest({ breach, commands, seed, path, game = "yaotzin" }) {
  const name =
    `random table, ${breach.item === "error" ? "an error" : `item ${breach.item}`}: ${breach.text}`
      .replaceAll("\\", "\\\\")
      .replaceAll('"', '\\"');
  const lines = commands.map((c) => `    ${c},`).join("\n");
  return [
    `// found by the random table: fast-check seed ${seed}, path "${path}" (npm run table:explore -- --game ${game} --seed ${seed} --path "${path}")`,
    `test("${name}", async () => {`,
    "  await playTable([",
    lines,
    game === "yaotzin" ? "  ]);" : `  ], { game: "${game}" });`,
    "});",
  ].join("\n");
}
