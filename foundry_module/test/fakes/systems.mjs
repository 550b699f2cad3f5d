/**
 * Game systems' actors, as their roll methods behave.
 * - dnd5e 4.4/5.x: `rollSkill(config, dialog, message)` merges the caller's config over the
 *   sheet's (`system.skills.<id>.roll.mode`, 1 advantage, -1 disadvantage), so a passed
 *   `advantage: false` wipes out the sheet's advantage. It posts its own card unless
 *   `message.create` is false, and returns an array of rolls.
 * - pf1: `rollSavingThrow(id, options)`, `rollSkill`, `rollAbilityTest`; with `chatMessage:
 *   false` they return the chat message's data, whose `rolls` are Roll JSON strings.
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
}

export class FakePf1Actor extends FakeActor {
  async roll(mod, options, flavor) {
    const roll = await new globalThis.Roll(`${options.dice ?? "1d20"} + @mod`, { mod }).evaluate();
    const data = { flavor, rolls: [JSON.stringify(roll.toJSON())], speaker: { alias: this.name } };
    if (options.chatMessage === false) return data;
    return globalThis.ChatMessage.create({ ...data, rolls: [roll] });
  }

  rollSavingThrow(id, options = {}) {
    return this.roll(this.system.attributes.savingThrows[id].total, options, `${id} save`);
  }

  rollSkill(id, options = {}) {
    return this.roll(this.system.skills[id].mod ?? this.system.skills[id].total, options, `${id} check`);
  }

  rollAbilityTest(id, options = {}) {
    return this.roll(this.system.abilities[id].mod, options, `${id} check`);
  }
}
