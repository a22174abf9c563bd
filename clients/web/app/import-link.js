// Importing a share link through a review: paste the link, see each creature
// (drawn by the chosen engine, marked when already in the library, and with
// the Fonsters it would look exactly or nearly like), pick which to add, then
// import them.
import { reviewLookalike } from '../ui/lookalikes.mjs';

/**
 * @param {object} deps
 * @param {(method: string, params?: any) => Promise<any>} deps.call
 * @param {() => any} deps.info
 * @param {(id: string) => (string | undefined)} [deps.nameOf] the name of a loaded Fonster of the library
 * @param {HTMLElement} deps.opener the button that opens the dialog
 * @param {(result: any) => void} deps.onImported
 * @param {(error: any) => void} deps.onError
 * @returns {{ review(link: string): void }}
 */
export function setupImportDialog(deps) {
  const $ = (id) => document.getElementById(id);
  const dialog = $('import-dialog');
  const url = $('import-url');
  const previewButton = $('import-preview');
  const engineSelect = $('import-engine');
  const error = $('import-error');
  const list = $('import-list');
  const summary = $('import-summary');
  const confirm = $('import-confirm');
  let previewed = null; // { url, engine, seeds }; engine '': as the link says (else the default)

  function engines() {
    const caps = (deps.info().capabilities || {}).experimental || {};
    return caps.engines && caps.engines.length ? caps.engines : [deps.info().engine];
  }

  function reset() {
    previewed = null;
    list.textContent = '';
    summary.textContent = '';
    error.hidden = true;
    confirm.disabled = true;
  }

  function fail(message) {
    error.textContent = message;
    error.hidden = false;
  }

  async function preview() {
    reset();
    const link = url.value.trim();
    if (!link) { fail('Paste a share link first: it looks like https://…?cards=…'); url.focus(); return; }
    const engine = engineSelect.value;
    previewButton.disabled = true;
    previewButton.textContent = 'Reading the link…';
    try {
      const result = await deps.call('share/preview', engine ? { url: link, engines: [engine] } : { url: link });
      previewed = { url: link, engine, seeds: result.seeds };
      for (const item of result.seeds) {
        const li = document.createElement('li');
        const box = document.createElement('input');
        box.type = 'checkbox';
        box.id = `import-pick-${item.index}`;
        box.checked = !item.exists;
        box.dataset.index = String(item.index);
        box.addEventListener('change', count);
        const label = document.createElement('label');
        label.htmlFor = box.id;
        const img = document.createElement('img');
        img.src = (item.thumbnails && item.thumbnails[engine]) || item.thumbnail;
        img.alt = `The creature of “${item.displayName}”`;
        img.width = 48;
        img.height = 48;
        const text = document.createElement('span');
        text.className = 'import-name';
        text.textContent = item.displayName;
        label.append(img, text);
        const notes = [item.engine && !engine ? `drawn by ${item.engine}` : '', item.exists ? 'already in your library' : '',
          reviewLookalike(item, deps.nameOf || (() => undefined))];
        for (const text of notes.filter(Boolean)) {
          const note = document.createElement('span');
          note.className = 'import-note';
          note.textContent = text;
          label.appendChild(note);
        }
        li.append(box, label);
        list.appendChild(li);
      }
      count();
      const first = list.querySelector('input');
      if (first) first.focus();
    } catch (e) {
      fail(`${e.message} Check that you pasted the whole link.`);
    } finally {
      previewButton.disabled = false;
      previewButton.textContent = 'Show the creatures';
    }
  }

  function picked() {
    return [...list.querySelectorAll('input[type=checkbox]')].filter((b) => b.checked).map((b) => Number(b.dataset.index));
  }

  function count() {
    const n = picked().length;
    const all = previewed ? previewed.seeds.length : 0;
    summary.textContent = previewed ? `${all} creature${all === 1 ? '' : 's'} in the link; ${n} picked.` : '';
    confirm.disabled = n === 0;
    confirm.textContent = n ? `Import ${n}` : 'Import';
  }

  async function doImport() {
    if (!previewed) return;
    const select = picked();
    confirm.disabled = true;
    try {
      const params = { url: previewed.url, select };
      if (previewed.engine) params.engine = previewed.engine;
      const result = await deps.call('share/import', params);
      dialog.close();
      deps.onImported(result);
    } catch (e) {
      fail(`${e.message} Nothing was imported.`);
      confirm.disabled = false;
    }
  }

  /** Open the dialog empty, with the engines to draw with. */
  function open() {
    engineSelect.textContent = '';
    const shared = document.createElement('option');
    shared.value = '';
    shared.textContent = `As shared (else ${deps.info().engine})`;
    shared.selected = true;
    engineSelect.appendChild(shared);
    for (const e of engines()) {
      const option = document.createElement('option');
      option.value = e;
      option.textContent = e;
      engineSelect.appendChild(option);
    }
    reset();
    url.value = '';
    if (!dialog.open) dialog.showModal();
  }

  deps.opener.addEventListener('click', async () => {
    open();
    try {
      const text = await navigator.clipboard.readText();
      if (/[?&]cards=/.test(text)) url.value = text.trim();
    } catch { /* the clipboard is the person's: no permission, no prefill */ }
    url.focus();
  });
  previewButton.addEventListener('click', preview);
  engineSelect.addEventListener('change', () => { if (previewed) preview(); });
  url.addEventListener('keydown', (e) => { if (e.key === 'Enter' && !e.shiftKey) { e.preventDefault(); preview(); } });
  confirm.addEventListener('click', doImport);
  $('import-cancel').addEventListener('click', () => dialog.close());

  return {
    /** Open the review of a share link at once (a link opened as the page's address). */
    review(link) {
      open();
      url.value = link;
      preview();
    },
  };
}
