// @ts-check
'use strict';

const vscode = require('vscode');
const { serverEngines, chosenEngine } = require('../settings');
const { importShared } = require('../detail/ui-location');

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
 * When the server has more than one engine, each seed is offered once per
 * engine, drawn by it (`share/preview {engines}`); the `fonsters.defaultEngine`
 * one is ticked. The picked creatures are imported with their engine
 * (`share/import {select, engine}`, one request per engine).
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
  link = link.trim();
  const info = api.serverInfo();
  const chosen = chosenEngine(info) || (info && info.engine); // unset: the library's default engine
  const all = serverEngines(info);
  // The chosen engine first: its creature is each seed's first row and `thumbnail`.
  const engines = all.length > 1 ? [...all].sort((a, b) => Number(b === chosen) - Number(a === chosen)) : [];
  const seeds = await api.sharePreview(link, engines);
  thumbnails.sweep(); // drop old imports' pictures
  const ticked = chosen || engines[0];
  const lookalike = await reviewNotes(api, seeds);
  const first = engines.length ? engines[0] : undefined; // the engine the preview's look-alikes are of
  const items = seeds.flatMap((/** @type {any} */ s) => (engines.length ? engines : [undefined]).map((engine) => ({
    label: s.displayName,
    description: [engine, s.exists ? 'already in your library' : '', engine === first ? lookalike(s) : ''].filter(Boolean).join(' · ') || undefined,
    detail: s.seed,
    picked: !s.exists && engine === ticked,
    iconPath: iconFor(thumbnails, engine && s.thumbnails ? s.thumbnails[engine] : s.thumbnail),
    index: s.index,
    engine: engine || chosen,
  })));
  const picked = await vscode.window.showQuickPick(items, {
    title: `Import Fonsters (${seeds.length} in the link)`,
    placeHolder: engines.length ? 'Each seed is drawn by each engine: pick the creatures to import' : 'Pick the Fonsters to import',
    canPickMany: true,
    ignoreFocusOut: true,
  });
  if (!picked || picked.length === 0) return undefined;
  // One import per engine, in the order offered; a seed picked twice is created once (the server skips the second).
  /** @type {Map<string | undefined, number[]>} */
  const byEngine = new Map();
  for (const item of items.filter((i) => picked.includes(i))) byEngine.set(item.engine, [...(byEngine.get(item.engine) || []), item.index]);
  const order = engines.length ? engines : [chosen];
  const groups = [...byEngine].sort(([a], [b]) => order.indexOf(a) - order.indexOf(b));
  const result = { created: /** @type {any[]} */ ([]), skipped: 0 };
  for (const [engine, select] of groups) {
    const part = await api.shareImport(link, select, engine);
    result.created.push(...part.created);
    result.skipped += part.skipped;
  }
  const notes = await lookalikeNotes(api, result.created);
  vscode.window.showInformationMessage(`Imported ${result.created.length}. Skipped ${result.skipped}.${notes ? ` ${notes}` : ''}`);
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

/**
 * What the review says of each previewed seed's look-alikes in the library (`share/preview`'s
 * `sameAs`/`nearlyAs`, of the first engine): “looks exactly like “Bob””, with up to 30 names fetched.
 * @param {import('../server/api').FonstersApi} api
 * @param {any[]} seeds the preview's seeds
 * @returns {Promise<(seed: any) => string>}
 */
async function reviewNotes(api, seeds) {
  const { reviewLookalike } = await importShared('lookalikes.mjs');
  const names = new Map();
  const ids = [...new Set(seeds.flatMap((s) => [...(s.sameAs || []), ...(s.nearlyAs || [])]))].slice(0, 30);
  await Promise.all(ids.map((id) => api.get(id).then((f) => { names.set(id.toUpperCase(), f.displayName); }, () => {})));
  return (seed) => reviewLookalike(seed, (/** @type {string} */ id) => names.get(id.toUpperCase()));
}

/**
 * What an import's answer says of the look-alikes of what it added: “pip” looks exactly like “Bob”.
 * @param {import('../server/api').FonstersApi} api
 * @param {any[]} created Fonsters with `sameAs`/`nearlyAs`
 * @returns {Promise<string>} empty when none looks like another
 */
async function lookalikeNotes(api, created) {
  const { importLookalikes } = await importShared('lookalikes.mjs');
  const names = new Map(created.map((f) => [String(f.id).toUpperCase(), f.displayName]));
  const ids = [...new Set(created.flatMap((f) => [...(f.sameAs || []), ...(f.nearlyAs || [])]))].slice(0, 30);
  await Promise.all(ids.filter((id) => !names.has(id.toUpperCase())).map((id) =>
    api.get(id).then((f) => { names.set(id.toUpperCase(), f.displayName); }, () => {})));
  return importLookalikes(created, (/** @type {string} */ id) => names.get(id.toUpperCase()));
}

module.exports = { copyShareLink, importShareLink, lookalikeNotes };
