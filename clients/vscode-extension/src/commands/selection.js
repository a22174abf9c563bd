// @ts-check
'use strict';

const vscode = require('vscode');
const { chosenEngine } = require('../settings');

/** The text the active editor has selected (all selections joined), or undefined. */
function selectedText() {
  const editor = vscode.window.activeTextEditor;
  if (!editor) return undefined;
  const parts = editor.selections
    .filter((s) => !s.isEmpty)
    .map((s) => editor.document.getText(s));
  const text = parts.join('\n');
  return text.length ? text : undefined;
}

/**
 * "Fonsters: Preview Selection", "Save Selection as Fonster" and "Show the
 * Clock Creature": commands that show a seed's creature in the preview panel.
 * @param {object} ctx
 * @param {import('../server/api').FonstersApi} ctx.api
 * @param {import('../detail/panels').DetailPanels} ctx.panels
 */
function selectionCommands(ctx) {
  return {
    async 'fonsters.previewSelection'() {
      const text = selectedText();
      if (text === undefined) {
        vscode.window.showInformationMessage('Select some text first: every text is a creature.');
        return undefined;
      }
      return ctx.panels.preview(text);
    },

    /** The creature of the current second (the server's `clock/creature` seed), in the preview panel. */
    async 'fonsters.clockCreature'() {
      const { seed } = await ctx.api.clockCreature({ format: 'png', size: 32 });
      vscode.window.setStatusBarMessage(`Fonsters: the clock creature of ${seed}`, 10000);
      return ctx.panels.preview(seed);
    },

    /** @param {string} [seed] given by the preview panel's "Save as Fonster" */
    async 'fonsters.saveSelection'(seed) {
      const text = typeof seed === 'string' ? seed : selectedText();
      if (text === undefined) {
        vscode.window.showInformationMessage('Select some text first to save it as a Fonster.');
        return undefined;
      }
      const engine = chosenEngine(ctx.api.serverInfo());
      const fonster = await ctx.api.create(engine ? { seed: text, engine } : { seed: text });
      vscode.window.showInformationMessage(`Saved “${fonster.displayName}” to your Fonsters.`);
      return fonster;
    },
  };
}

module.exports = { selectionCommands, selectedText };
