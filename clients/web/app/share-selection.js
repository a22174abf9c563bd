// Sharing the ticked Fonsters (app/selection.js) as one link: share/build with their ids gives
// the apps' `cards` with each one's name and engine in `meta`; the dialog shows the link, copies
// it, and — past the apps' 2,000 characters — says so and offers a library file of them instead.

/**
 * @param {object} deps
 * @param {(method: string, params?: any) => Promise<any>} deps.call
 * @param {(fileName: string, data: Blob) => void} deps.download
 * @param {ReturnType<import('./announce.js').createAnnouncer>} deps.say
 * @returns {{ share(ids: string[]): Promise<void> }}
 */
export function setupShareSelection(deps) {
  const $ = (id) => document.getElementById(id);
  const dialog = $('share-dialog');
  const title = $('share-dialog-title');
  const url = $('share-dialog-url');
  const length = $('share-dialog-length');
  const warning = $('share-dialog-warning');
  const copy = $('share-dialog-copy');
  const bundle = $('share-dialog-bundle');
  let ids = [];

  async function share(chosen) {
    ids = chosen;
    const result = await deps.say.attempt(() => deps.call('share/build', { ids }));
    if (!result) return;
    const n = ids.length;
    title.textContent = `Share ${n} Fonster${n === 1 ? '' : 's'}`;
    url.value = result.url;
    length.textContent = `${result.length.toLocaleString()} characters. The link keeps each Fonster's name and engine; the Fonsters apps read its seeds.`;
    warning.hidden = !result.tooLong;
    warning.textContent = result.tooLong
      ? `This link is ${result.length.toLocaleString()} characters long: the Fonsters apps refuse links over 2,000. Share fewer Fonsters, or send them as a library file.`
      : '';
    copy.hidden = result.tooLong;
    bundle.classList.toggle('primary', result.tooLong);
    if (!dialog.open) dialog.showModal();
    (result.tooLong ? bundle : copy).focus();
  }

  copy.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(url.value);
      deps.say.toast(`Copied the link to ${ids.length} Fonster${ids.length === 1 ? '' : 's'}.`);
      dialog.close();
    } catch {
      url.select();
      deps.say.toast('Could not copy: the link is selected, press Ctrl+C (⌘C).');
    }
  });
  bundle.addEventListener('click', async () => {
    const result = await deps.say.attempt(() => deps.call('library/export', { ids }));
    if (!result) return;
    const day = new Date().toISOString().slice(0, 10);
    deps.download(`fonsters-${ids.length}-shared-${day}.json`, new Blob([JSON.stringify(result.bundle, null, 2)], { type: 'application/json' }));
    deps.say.toast(`Downloaded a library file of ${ids.length} Fonsters: send it, and open it with Import library….`);
    dialog.close();
  });
  $('share-dialog-close').addEventListener('click', () => dialog.close());
  url.addEventListener('focus', () => url.select());

  return { share };
}
