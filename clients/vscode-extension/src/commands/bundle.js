// @ts-check
'use strict';

const os = require('os');
const path = require('path');
const vscode = require('vscode');
const { lookalikeNotes } = require('./share');

/** The largest bundle file read: the server accepts messages up to 64 MiB. */
const MAX_BUNDLE_BYTES = 64 * 1024 * 1024;

/**
 * "Export Library…": the server's `library/export` bundle, written as JSON
 * through a save dialog.
 * @param {import('../server/api').FonstersApi} api
 * @returns {Promise<vscode.Uri | undefined>} where it was written
 */
async function exportLibrary(api) {
  const bundle = await api.libraryExport();
  const day = String(bundle.exportedAt || new Date().toISOString()).slice(0, 10);
  const uri = await vscode.window.showSaveDialog({
    defaultUri: vscode.Uri.joinPath(defaultFolder(), `fonsters-library-${day}.json`),
    filters: { 'Fonsters library': ['json'] },
    saveLabel: 'Export',
    title: 'Export Library',
  });
  if (!uri) return undefined;
  await vscode.workspace.fs.writeFile(uri, Buffer.from(`${JSON.stringify(bundle, null, 2)}\n`, 'utf8'));
  const count = bundle.fonsters.length;
  vscode.window.showInformationMessage(`Exported ${count === 1 ? '1 Fonster' : `${count} Fonsters`} to ${path.basename(uri.fsPath)}.`);
  return uri;
}

/**
 * "Import Library…": read a bundle through an open dialog, confirm, then
 * `library/import` it. The server skips the Fonsters already in the library
 * (same id, or same name, seed and creation time) inside its import
 * transaction, so the counts reported are its answer. Every entry keeps the
 * engine the bundle gives it.
 * @param {import('../server/api').FonstersApi} api
 * @returns {Promise<{ created: any[], skipped: number } | undefined>}
 */
async function importLibrary(api) {
  const picked = await vscode.window.showOpenDialog({
    canSelectMany: false,
    canSelectFolders: false,
    filters: { 'Fonsters library': ['json'] },
    openLabel: 'Review',
    title: 'Import Library',
  });
  if (!picked || picked.length === 0) return undefined;
  const uri = picked[0];
  const file = path.basename(uri.fsPath);
  const { size } = await vscode.workspace.fs.stat(uri);
  if (size > MAX_BUNDLE_BYTES) {
    throw new Error(`The file ${file} is ${size.toLocaleString('en-US')} bytes long; a library bundle can be at most ${MAX_BUNDLE_BYTES.toLocaleString('en-US')} bytes (64 MiB).`);
  }
  const bundle = parseBundle(Buffer.from(await vscode.workspace.fs.readFile(uri)).toString('utf8'), file);
  const total = bundle.fonsters.length;
  if (total === 0) {
    vscode.window.showInformationMessage(`The file ${file} holds no Fonsters: nothing to import.`);
    return { created: [], skipped: 0 };
  }
  const answer = await vscode.window.showWarningMessage(`Import ${file}?`, {
    modal: true,
    detail: `It holds ${count(total)}. Those already in your library (the same Fonster, or the same name, seed and creation time) are skipped; each keeps its engine.`,
  }, 'Import');
  if (answer !== 'Import') return undefined;
  const result = await api.libraryImport(bundle);
  const notes = await lookalikeNotes(api, result.created);
  vscode.window.showInformationMessage(result.created.length === 0 && result.skipped === total
    ? `Nothing imported: ${total === 1 ? 'the Fonster' : `all ${count(total)}`} in ${file} ${total === 1 ? 'is' : 'are'} already in your library.`
    : `Imported ${result.created.length}. Skipped ${result.skipped}.${notes ? ` ${notes}` : ''}`);
  return { created: result.created, skipped: result.skipped };
}

/**
 * The bundle object, or an error naming the file and what is wrong. Every
 * other rule (format, version, engine, fields, limits) is the server's.
 * @param {string} text
 * @param {string} file
 */
function parseBundle(text, file) {
  let bundle;
  try {
    bundle = JSON.parse(text);
  } catch (error) {
    throw new Error(`The file ${file} is not a Fonsters library bundle: it is not valid JSON (${/** @type {Error} */ (error).message}).`);
  }
  if (!bundle || typeof bundle !== 'object' || !Array.isArray(bundle.fonsters)) {
    throw new Error(`The file ${file} is not a Fonsters library bundle: it has no "fonsters" list.`);
  }
  return bundle;
}

/** @param {number} n */
function count(n) {
  return n === 1 ? '1 Fonster' : `${n.toLocaleString('en-US')} Fonsters`;
}

function defaultFolder() {
  const folders = vscode.workspace.workspaceFolders;
  return folders && folders.length ? folders[0].uri : vscode.Uri.file(os.homedir());
}

module.exports = { exportLibrary, importLibrary, parseBundle, MAX_BUNDLE_BYTES };
