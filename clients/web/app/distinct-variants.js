// "Find a distinct variant": variants of a seed that look like no other Fonster of the library
// (fonsters/distinctVariants: letters or digits added, judged by the rule the language server
// uses), shown at once as a grid of pictures on their skies, each to take as the open
// Fonster's seed (undoable) or to add as a new Fonster.

const PICTURE = 128;

/**
 * @param {object} deps
 * @param {(method: string, params?: any) => Promise<any>} deps.call
 * @param {ReturnType<import('./announce.js').createAnnouncer>} deps.say
 * @param {(created: any) => void} deps.onCreated
 * @param {(changed: any) => void} deps.onSeedSet
 * @returns {{ show(seed: string, fonster: any): Promise<void> }}
 */
export function setupDistinctVariants(deps) {
  const $ = (id) => document.getElementById(id);
  const dialog = $('variants-dialog');
  const title = $('variants-title');
  const note = $('variants-note');
  const grid = $('variants-grid');
  let asked = 0;

  async function show(seed, fonster) {
    const mine = ++asked;
    grid.textContent = '';
    grid.setAttribute('aria-busy', 'true');
    title.textContent = `Distinct variants of “${seed}”`;
    note.textContent = 'Looking for variants that look like no other Fonster…';
    if (!dialog.open) dialog.showModal();
    let result;
    try {
      result = await deps.call('fonsters/distinctVariants', { seed, count: 12, ...(fonster ? { engine: fonster.engine, except: fonster.id } : {}) });
    } catch (error) {
      if (mine !== asked) return;
      grid.setAttribute('aria-busy', 'false');
      note.textContent = `${error.message || error} Try Find a look… instead.`;
      return;
    }
    if (mine !== asked) return;
    const variants = result.variants || [];
    note.textContent = variants.length
      ? `${variants.length} variant${variants.length === 1 ? '' : 's'} drawn by ${result.engine}, each unlike every other Fonster.`
      : 'No distinct variant was found close to this seed. Try another seed, or Find a look….';
    for (const variant of variants) grid.appendChild(item(variant.seed, result.engine, fonster));
    grid.setAttribute('aria-busy', 'false');
    const first = grid.querySelector('button');
    if (first) first.focus();
    await Promise.all([...grid.querySelectorAll('img')].map((img) => img.decode().catch(() => {})));
  }

  function item(seed, engine, fonster) {
    const li = document.createElement('li');
    const img = document.createElement('img');
    img.width = PICTURE;
    img.height = PICTURE;
    img.alt = `The creature of “${seed}”`;
    deps.call('creature/render', { seed, engine, format: 'png', size: PICTURE, background: 'sky' })
      .then((r) => { img.src = r.dataUri; img.alt = r.alt || img.alt; }, () => { img.alt = `“${seed}” (picture unavailable)`; });
    const text = document.createElement('span');
    text.className = 'variant-seed';
    text.textContent = seed;
    li.append(img, text);
    if (fonster && fonster.engine === engine) {
      const use = document.createElement('button');
      use.type = 'button';
      use.className = 'primary';
      use.textContent = 'Use as seed';
      use.setAttribute('aria-label', `Use “${seed}” as the seed of “${fonster.displayName}”`);
      use.addEventListener('click', async () => {
        const changed = await deps.say.attempt(() => deps.call('fonsters/update', { id: fonster.id, seed }));
        if (!changed) return;
        dialog.close();
        deps.say.toast(`“${changed.displayName}” now grows from “${seed}”. Undo in its detail brings the old seed back.`);
        deps.onSeedSet(changed);
      });
      li.appendChild(use);
    }
    const add = document.createElement('button');
    add.type = 'button';
    add.textContent = 'Add as Fonster';
    add.setAttribute('aria-label', `Add “${seed}” as a new Fonster`);
    add.addEventListener('click', async () => {
      const created = await deps.say.attempt(() => deps.call('fonsters/create', { seed, engine }));
      if (!created) return;
      deps.say.toast(`Added “${created.displayName}”, last in the library.`);
      deps.onCreated(created);
    });
    li.appendChild(add);
    return li;
  }

  $('variants-close').addEventListener('click', () => dialog.close());
  dialog.addEventListener('close', () => { asked++; });
  return { show };
}
