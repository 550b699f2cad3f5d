// The module's linter (as dnd5e's and Splittermond's): ESLint's recommended rules over the
// module's scripts (a browser page with Foundry's globals) and its tests (Node); Prettier
// formats (.prettierrc.json), so no style rule here.
import js from "@eslint/js";
import globals from "globals";

const foundry = Object.fromEntries(
  [
    "game",
    "canvas",
    "ui",
    "Hooks",
    "foundry",
    "CONFIG",
    "PIXI",
    "io",
    "ChatMessage",
    "Roll",
    "quench",
  ].map((name) => [name, "readonly"]),
);

export default [
  { ignores: ["node_modules/"] },
  js.configs.recommended,
  {
    files: ["scripts/**/*.mjs"],
    languageOptions: {
      ecmaVersion: 2024,
      sourceType: "module",
      globals: { ...globals.browser, ...foundry },
    },
  },
  {
    files: ["test/**/*.mjs", "gallery/**/*.mjs", "*.js", "*.mjs"],
    languageOptions: {
      ecmaVersion: 2024,
      sourceType: "module",
      globals: { ...globals.node, ...globals.browser, ...foundry },
    },
  },
  {
    rules: {
      "no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true },
      ],
      "no-control-regex": "off", // core/i18n.mjs refuses control characters in names on purpose
    },
  },
];
