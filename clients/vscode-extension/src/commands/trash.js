// @ts-check
'use strict';

const vscode = require('vscode');

/**
 * The Trash node's commands: restore a deleted Fonster, delete one for good, empty the trash
 * (both after a modal confirmation, as they cannot be undone).
 * @param {object} ctx
 * @param {import('../server/api').FonstersApi} ctx.api
 * @param {import('../tree/provider').FonstersTreeProvider} ctx.tree
 */
function trashCommands(ctx) {
  const { api, tree } = ctx;
  return {
    /** @param {any} node a deleted Fonster's node */
    async 'fonsters.restore'(node) {
      if (!node || !node.trashed) return undefined;
      const back = await api.restore(node.trashed.id);
      vscode.window.showInformationMessage(`Restored “${back.displayName}”.`);
      return back;
    },

    /** @param {any} node a deleted Fonster's node */
    async 'fonsters.purge'(node) {
      if (!node || !node.trashed) return undefined;
      const f = node.trashed;
      const answer = await vscode.window.showWarningMessage(`Delete “${f.displayName}” for good?`,
        { modal: true, detail: 'It leaves the trash and cannot be restored.' }, 'Delete for Good');
      if (answer !== 'Delete for Good') return undefined;
      const result = await api.purge([f.id]);
      tree.refresh(); // a purge changes no list, so no fonsters/didChange says so
      return result;
    },

    async 'fonsters.emptyTrash'() {
      const { total } = await api.trash({ count: 0 });
      if (!total) {
        vscode.window.showInformationMessage('The trash is empty.');
        return undefined;
      }
      const answer = await vscode.window.showWarningMessage(`Delete all ${total} Fonster${total === 1 ? '' : 's'} in the trash for good?`,
        { modal: true, detail: 'They cannot be restored.' }, 'Empty Trash');
      if (answer !== 'Empty Trash') return undefined;
      const result = await api.purge();
      tree.refresh();
      return result;
    },
  };
}

module.exports = { trashCommands };
