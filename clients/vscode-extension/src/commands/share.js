// @ts-check
'use strict';

const vscode = require('vscode');

/**
 * Build a share link on the server and put it on the clipboard. A link the
 * server marks too long (over 2,000 characters) is not copied: its warning is shown.
 * @param {import('../server/api').FonstersApi} api
 * @param {{ ids?: string[], seeds?: string[] }} what
 * @returns {Promise<string | undefined>} the copied link
 */
async function copyShareLink(api, what) {
  const link = await api.shareBuild(what);
  if (link.tooLong) {
    vscode.window.showWarningMessage(link.warning || `The share link would be ${link.length} characters, over the 2,000-character limit. Share fewer Fonsters.`);
    return undefined;
  }
  await vscode.env.clipboard.writeText(link.url);
  const count = (what.ids || what.seeds || []).length;
  vscode.window.showInformationMessage(`Share link for ${count === 1 ? '1 Fonster' : `${count} Fonsters`} copied (${link.length} characters).`);
  return link.url;
}

/**
 * Paste a link, review its creatures (thumbnails, which already exist), pick, import.
 * @param {import('../server/api').FonstersApi} api
 * @param {import('../tree/thumbnails').ThumbnailCache} thumbnails
 * @param {string} [url] skip the input box
 * @returns {Promise<{ created: any[], skipped: number } | undefined>}
 */
async function importShareLink(api, thumbnails, url) {
  let link = url;
  if (!link) {
    const clipboard = (await vscode.env.clipboard.readText()).trim();
    link = await vscode.window.showInputBox({
      title: 'Import Fonsters',
      prompt: 'Paste a Fonsters share link',
      placeHolder: 'https://nathanfennel.com/games/creature-avatar?cards=…',
      value: /[?&]cards=/.test(clipboard) ? clipboard : '',
      ignoreFocusOut: true,
    });
  }
  if (!link || !link.trim()) return undefined;
  const seeds = await api.sharePreview(link.trim());
  thumbnails.sweep(); // drop old imports' pictures
  const items = seeds.map((/** @type {any} */ s) => ({
    label: s.displayName,
    description: s.exists ? 'already in your library' : undefined,
    detail: s.seed,
    picked: !s.exists,
    iconPath: iconFor(thumbnails, s.thumbnail),
    index: s.index,
  }));
  const picked = await vscode.window.showQuickPick(items, {
    title: `Import Fonsters (${seeds.length} in the link)`,
    placeHolder: 'Pick the Fonsters to import',
    canPickMany: true,
    ignoreFocusOut: true,
  });
  if (!picked || picked.length === 0) return undefined;
  const result = await api.shareImport(link.trim(), picked.map((p) => p.index));
  vscode.window.showInformationMessage(`Imported ${result.created.length}. Skipped ${result.skipped}.`);
  return result;
}

/**
 * @param {import('../tree/thumbnails').ThumbnailCache} thumbnails
 * @param {string | undefined} dataUri
 */
function iconFor(thumbnails, dataUri) {
  if (!dataUri) return undefined;
  try {
    return vscode.Uri.file(thumbnails.fileFor(dataUri));
  } catch {
    return undefined;
  }
}

module.exports = { copyShareLink, importShareLink };
