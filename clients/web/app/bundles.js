// Library files: Export library downloads the whole library as the server's bundle JSON; Import
// library reads one (at most 64 MB, checked before reading) and sends it, showing the import's
// progress.

const MAX_BUNDLE_BYTES = 64 * 1024 * 1024;

/**
 * @param {object} deps
 * @param {(method: string, params?: any, opts?: any) => Promise<any>} deps.call
 * @param {HTMLButtonElement} deps.exportButton
 * @param {HTMLButtonElement} deps.importButton
 * @param {HTMLInputElement} deps.file the hidden file input
 * @param {(fileName: string, data: Blob) => void} deps.download
 * @param {ReturnType<import('./announce.js').createAnnouncer>} deps.say
 * @param {(result: any, fileName: string) => void} deps.onImported
 */
export function setupBundles(deps) {
  const { say } = deps;

  deps.exportButton.addEventListener('click', async () => {
    const result = await say.attempt(() => deps.call('library/export'));
    if (!result) return;
    const text = JSON.stringify(result.bundle, null, 2);
    const day = new Date().toISOString().slice(0, 10);
    deps.download(`fonsters-library-${day}.json`, new Blob([text], { type: 'application/json' }));
    say.toast(`Downloaded the library (${result.bundle.fonsters.length} Fonsters).`);
  });

  deps.importButton.addEventListener('click', () => deps.file.click());
  deps.file.addEventListener('change', async () => {
    const file = deps.file.files && deps.file.files[0];
    deps.file.value = '';
    if (!file) return;
    if (file.size > MAX_BUNDLE_BYTES) {
      say.announceError(new Error(`“${file.name}” is ${(file.size / 1048576).toFixed(0)} MB; a library file can be at most 64 MB. Pick a smaller file.`));
      return;
    }
    let bundle;
    try {
      bundle = JSON.parse(await file.text());
    } catch {
      say.announceError(new Error(`“${file.name}” is not a library file (it is not JSON). Pick a file made by Export library.`));
      return;
    }
    const count = Array.isArray(bundle && bundle.fonsters) ? bundle.fonsters.length : 0;
    say.toast(`Importing ${count.toLocaleString()} Fonster${count === 1 ? '' : 's'} from “${file.name}”…`);
    const onProgress = (value) => {
      if (value && typeof value.percentage === 'number') say.toast(`Importing “${file.name}”… ${value.percentage} %`);
    };
    const result = await say.attempt(() => deps.call('library/import', { bundle }, { onProgress }));
    if (result) deps.onImported(result, file.name);
  });
}
