// @ts-check
'use strict';

const os = require('os');
const path = require('path');
const vscode = require('vscode');
const { decodeDataUri } = require('../util/dataUri');

/** Export choices: protocol format → save-dialog filter. */
const FORMATS = {
  png: { label: 'PNG', filters: { 'PNG image': ['png'] } },
  gif: { label: 'GIF', filters: { 'GIF image': ['gif'] } },
  jpeg: { label: 'JPEG', filters: { 'JPEG image': ['jpg', 'jpeg'] } },
  svg: { label: 'SVG', filters: { 'SVG image': ['svg'] } },
  'animated-gif': { label: 'Animated GIF (evolution)', filters: { 'GIF image': ['gif'] } },
};

/**
 * Render through the server and save through a save dialog whose default file
 * name is the server's export file name.
 * @param {import('../server/api').FonstersApi} api
 * @param {{ id: string } | { seed: string }} target
 * @param {string} format png | gif | jpeg | svg | animated-gif
 * @param {number} size
 * @returns {Promise<vscode.Uri | undefined>} where it was written
 */
async function exportCreature(api, target, format, size) {
  const choice = FORMATS[/** @type {'png'} */ (format)];
  if (!choice) throw new Error(`Unknown export format "${format}".`);
  const result = format === 'animated-gif'
    ? await api.animate(target, { size })
    : await api.render(target, { format, size });
  const { bytes } = decodeDataUri(result.dataUri);
  const uri = await vscode.window.showSaveDialog({
    defaultUri: vscode.Uri.joinPath(defaultFolder(), result.fileName),
    filters: choice.filters,
    saveLabel: 'Export',
    title: `Export ${choice.label}`,
  });
  if (!uri) return undefined;
  await vscode.workspace.fs.writeFile(uri, bytes);
  vscode.window.showInformationMessage(`Exported ${path.basename(uri.fsPath)} (${bytes.length.toLocaleString('en-US')} bytes).`);
  return uri;
}

/** Ask which format, for the tree's "Export…" command. */
async function pickFormat() {
  const items = Object.entries(FORMATS).map(([format, f]) => ({ label: f.label, format }));
  const picked = await vscode.window.showQuickPick(items, { placeHolder: 'Export as' });
  return picked ? picked.format : undefined;
}

function defaultFolder() {
  const folders = vscode.workspace.workspaceFolders;
  return folders && folders.length ? folders[0].uri : vscode.Uri.file(os.homedir());
}

module.exports = { exportCreature, pickFormat, FORMATS };
