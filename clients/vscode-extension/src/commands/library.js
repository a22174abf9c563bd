// @ts-check
'use strict';

const vscode = require('vscode');
const { resolveFonsters } = require('./targets');
const { chosenEngine, serverEngines, ENGINE_WHY } = require('../settings');
const { showError } = require('../feedback');

/**
 * Library commands on the tree: add, open, rename, duplicate, delete, move.
 * @param {object} ctx
 * @param {import('../server/api').FonstersApi} ctx.api
 * @param {vscode.TreeView<import('../tree/provider').FonsterNode>} ctx.treeView
 * @param {import('../tree/provider').FonstersTreeProvider} ctx.tree
 * @param {import('../detail/panels').DetailPanels} ctx.panels
 */
function libraryCommands(ctx) {
  const { api, panels, tree } = ctx;
  return {
    /** New Fonster: optional seed (Esc cancels, empty lets the server choose). */
    async 'fonsters.add'() {
      const seed = await vscode.window.showInputBox({
        title: 'New Fonster',
        prompt: 'Seed text for the new Fonster (leave empty for a default)',
        placeHolder: 'Any text: it becomes the creature',
      });
      if (seed === undefined) return undefined;
      const engine = chosenEngine(api.serverInfo());
      const fonster = await api.create({ ...(seed === '' ? {} : { seed }), ...(engine ? { engine } : {}) });
      panels.open(fonster.id, fonster.displayName);
      return fonster;
    },

    /** @param {any} arg */
    async 'fonsters.open'(arg) {
      const [fonster] = await resolveFonsters(ctx, arg, undefined, { placeHolder: 'Open which Fonster?' });
      if (!fonster) return undefined;
      return panels.open(fonster.id, fonster.displayName);
    },

    /** @param {any} arg */
    async 'fonsters.rename'(arg) {
      const [fonster] = await resolveFonsters(ctx, arg, undefined, { placeHolder: 'Rename which Fonster?' });
      if (!fonster) return undefined;
      const current = fonster.name !== undefined ? fonster : await api.get(fonster.id);
      const name = await vscode.window.showInputBox({
        title: `Rename “${current.displayName}”`,
        prompt: 'New name (empty shows the seed instead)',
        value: current.name,
      });
      if (name === undefined) return undefined;
      return api.update(current.id, { name });
    },

    /** @param {any} arg @param {any} selected */
    async 'fonsters.duplicate'(arg, selected) {
      const fonsters = await resolveFonsters(ctx, arg, selected, { many: true, placeHolder: 'Duplicate which Fonsters?' });
      const copies = [];
      for (const f of fonsters) copies.push(await api.duplicate(f.id));
      return copies;
    },

    /** @param {any} arg @param {any} selected */
    async 'fonsters.delete'(arg, selected) {
      const fonsters = await resolveFonsters(ctx, arg, selected, { many: true, placeHolder: 'Delete which Fonsters?' });
      if (!fonsters.length) return [];
      const named = await Promise.all(fonsters.map((f) => (f.displayName ? f : api.get(f.id))));
      const what = named.length === 1 ? `“${named[0].displayName}”` : `${named.length} Fonsters`;
      const answer = await vscode.window.showWarningMessage(`Delete ${what}?`,
        { modal: true, detail: 'It goes to the library\'s trash: Undo brings it back with its seed history.' }, 'Delete');
      if (answer !== 'Delete') return [];
      const deleted = [];
      for (const f of named) deleted.push(await api.delete(f.id));
      // Undo restores from the trash (fonsters/restore): the same id, creation time, seed history and place.
      vscode.window.showInformationMessage(`Deleted ${what}.`, 'Undo').then(async (choice) => {
        if (choice !== 'Undo') return;
        try {
          for (const f of [...named].reverse()) await api.restore(f.id);
        } catch (error) {
          showError(error);
        }
      });
      return deleted;
    },

    /** @param {any} arg */
    async 'fonsters.moveUp'(arg) {
      return move(ctx, arg, -1);
    },

    /** @param {any} arg */
    async 'fonsters.moveDown'(arg) {
      return move(ctx, arg, +1);
    },

    async 'fonsters.refreshView'() {
      tree.refresh();
    },

    /** The library's default engine (library/settings): for every window on the library. */
    async 'fonsters.chooseDefaultEngine'() {
      const { defaultEngine } = await api.librarySettings();
      const items = serverEngines(api.serverInfo()).map((engine) => ({
        label: engine, description: engine === defaultEngine ? 'the library\'s default now' : undefined,
      }));
      const picked = await vscode.window.showQuickPick(items, {
        title: 'Default engine for new Fonsters', placeHolder: ENGINE_WHY,
      });
      if (!picked || picked.label === defaultEngine) return defaultEngine;
      const settings = await api.librarySettings({ defaultEngine: picked.label });
      return settings.defaultEngine;
    },
  };
}

/**
 * @param {Parameters<typeof libraryCommands>[0]} ctx
 * @param {any} arg
 * @param {number} delta
 */
async function move(ctx, arg, delta) {
  const [fonster] = await resolveFonsters(ctx, arg, undefined, { placeHolder: 'Move which Fonster?' });
  if (!fonster) return undefined;
  const current = typeof fonster.position === 'number' ? fonster : await ctx.api.get(fonster.id);
  const count = ctx.tree.nodes.length || (await ctx.api.list()).length;
  const index = current.position + delta;
  if (index < 0 || index >= count) return current; // already at the edge
  return ctx.api.move(current.id, index);
}

module.exports = { libraryCommands };
