/**
 * Game systems' actors, as their roll methods behave.
 * - dnd5e 4.4/5.x: `rollSkill(config, dialog, message)` merges the caller's config over the
 *   sheet's (`system.skills.<id>.roll.mode`, 1 advantage, -1 disadvantage), so a passed
 *   `advantage: false` wipes out the sheet's advantage. It posts its own card unless
 *   `message.create` is false, and returns an array of rolls.
 *   Its unconscious brings a separate prone effect (dnd5e 5.x, `CONFIG.DND5E.conditionTypes`'
 *   `riders`, made by ActiveEffect5e#createRiderConditions unless he is prone already); taking
 *   unconscious off leaves the prone.
 * - pf1 10.x: `rollSavingThrow(id, options)`, `rollSkill`, `rollAbilityTest`; with `chatMessage:
 *   false` they return the chat message's data, whose `rolls` are Roll JSON strings. A roll a
 *   `pf1PreActorRoll*` hook cancels (false) answers nothing (undefined), as does one the user
 *   may not make (pf1's actor-pf.mjs).
 * - D35E 2.4/3.0: its conditions are booleans in `system.attributes.conditions` (prone,
 *   unconscious, helpless, ...), its effect icons drawn from them. Its actor updater sets some
 *   itself: nonlethal damage equal to maximum hit points staggers, above it knocks unconscious;
 *   turning unconscious on sets helpless too. And an effect that is none of its conditions or buffs is
 *   deleted at its next update (ActorConditions#toggleConditionStatusIcons). Goat-ball's
 *   Athletics and Acrobatics are its Jump and Tumble skills (`jmp`, `tmb`).
 */
import { FakeActor } from "./documents.mjs";

function sheetMode(entry) {
  const mode = entry?.roll?.mode ?? 0;
  return { advantage: mode > 0, disadvantage: mode < 0 };
}

function d20(config) {
  if (config.advantage && !config.disadvantage) return "2d20kh + @mod";
  if (config.disadvantage && !config.advantage) return "2d20kl + @mod";
  return "1d20 + @mod";
}

export class FakeDnd5eActor extends FakeActor {
  constructor(data) {
    super(data);
    this.rollConfigs = [];
  }

  async roll5e(config, mod, entry, flavor, message) {
    const merged = { ...sheetMode(entry), ...config };
    this.rollConfigs.push(merged);
    const roll = await new globalThis.Roll(d20(merged), { mod }).evaluate();
    if (message.create !== false) await globalThis.ChatMessage.create({ rolls: [roll], flavor });
    return [roll];
  }

  rollSkill(config, _dialog = {}, message = {}) {
    const entry = this.system.skills[config.skill];
    return this.roll5e(config, entry.total, entry, `${config.skill} check`, message);
  }

  rollSavingThrow(config, _dialog = {}, message = {}) {
    const ability = this.system.abilities[config.ability];
    const mod = ability.save?.value ?? ability.save ?? 0;
    return this.roll5e(config, mod, ability.save, `${config.ability} save`, message);
  }

  async toggleStatusEffect(id, { active }) {
    await super.toggleStatusEffect(id, { active });
    if (!active) return;
    for (const rider of DND5E_RIDERS[id] ?? []) {
      if (!this.statuses.has(rider)) await super.toggleStatusEffect(rider, { active: true });
    }
  }
}

/** dnd5e 5.x's status riders (config.mjs, `conditionTypes`): the statuses one brings with it. */
const DND5E_RIDERS = { unconscious: ["prone"] };

export class FakePf1Actor extends FakeActor {
  async roll(mod, options, flavor, hook, id) {
    if (globalThis.Hooks.call(hook, this, options, id) === false) return undefined;
    const roll = await new globalThis.Roll(`${options.dice ?? "1d20"} + @mod`, { mod }).evaluate();
    const data = { flavor, rolls: [JSON.stringify(roll.toJSON())], speaker: { alias: this.name } };
    if (options.chatMessage === false) return data;
    return globalThis.ChatMessage.create({ ...data, rolls: [roll] });
  }

  rollSavingThrow(id, options = {}) {
    return this.roll(
      this.system.attributes.savingThrows[id].total,
      options,
      `${id} save`,
      "pf1PreActorRollSave",
      id,
    );
  }

  rollSkill(id, options = {}) {
    return this.roll(
      this.system.skills[id].mod ?? this.system.skills[id].total,
      options,
      `${id} check`,
      "pf1PreActorRollSkill",
      id,
    );
  }

  rollAbilityTest(id, options = {}) {
    return this.roll(
      this.system.abilities[id].mod,
      options,
      `${id} check`,
      "pf1PreActorRollAbility",
      id,
    );
  }
}

/** D35E's condition fields, all off (its template.json's `attributes.conditions`, those Ballcourt meets). */
const D35E_CONDITIONS = [
  "prone",
  "unconscious",
  "helpless",
  "staggered",
  "dying",
  "dead",
  "stable",
  "grappled",
];

export class FakeD35EActor extends FakeActor {
  constructor(data = {}) {
    super(data);
    const attributes = (this.system.attributes ??= {});
    attributes.conditions = {
      ...Object.fromEntries(D35E_CONDITIONS.map((c) => [c, false])),
      ...attributes.conditions,
    };
    for (const skill of ["jmp", "tmb"]) {
      this.system.skills ??= {};
      this.system.skills[skill] ??= {
        value: 0,
        rank: 0,
        mod: this.system.abilities?.[skill === "jmp" ? "str" : "dex"]?.mod ?? 0,
      };
    }
    this.syncStatuses();
  }

  /** Its effect icons: one per condition that is on. */
  syncStatuses() {
    this.statuses = new Set(
      Object.entries(this.system.attributes.conditions)
        .filter(([, on]) => on === true)
        .map(([c]) => c),
    );
  }

  async update(changes, options = {}) {
    const path = (c) => `system.attributes.conditions.${c}`;
    const extra = {};
    const nonlethal = changes["system.attributes.hp.nonlethal"];
    const max = this.system.attributes.hp?.max;
    if (nonlethal !== undefined && nonlethal === max) extra[path("staggered")] = true;
    else if (nonlethal !== undefined && nonlethal > max)
      Object.assign(extra, { [path("staggered")]: false, [path("unconscious")]: true });
    const all = { ...changes, ...extra };
    if (all[path("unconscious")] === true && this.system.attributes.conditions.unconscious !== true)
      all[path("helpless")] = true;
    const result = await super.update(all, options);
    this.syncStatuses(); // and every foreign effect (toggleStatusEffect's) is gone
    return result;
  }
}
