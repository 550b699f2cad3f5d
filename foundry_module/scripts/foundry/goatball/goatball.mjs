/**
 * Goat-ball at the table, as the GM's menu and macros reach it (api.goatball): the arena,
 * the declarations of a pass and its resolution, one file each.
 */
export * from "./goatball-arena.mjs";
export * from "./goatball-declarations.mjs";
export * from "./goatball-pass.mjs";
