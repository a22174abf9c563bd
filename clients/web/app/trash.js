// The trash: the sidebar's **Trash (N)** opens the deleted Fonsters, newest deletion first
// (fonsters/trash), each with when it was deleted; **Restore** brings one back as it was
// (fonsters/restore), **Delete for good** purges one, **Empty trash…** purges them all after
// a confirmation that says how many (fonsters/purge).

/**
 * @param {object} deps
 * @param {(method: string, params?: any) => Promise<any>} deps.call
 * @param {ReturnType<import('./thumbnails.js').createThumbnailCache>} deps.thumbnails
 * @param {ReturnType<import('./announce.js').createAnnouncer>} deps.say
 * @param {(fonster: any) => void} deps.onRestored a Fonster is back in the library
 * @param {() => Date} [deps.now] the clock "5 minutes ago" is counted by
 * @returns {{ refresh(): Promise<void>, open(): Promise<void>, readonly count: number }}
 */
export function setupTrash(deps) {
  const $ = (id) => document.getElementById(id);
  const opener = $('open-trash');
  const dialog = $('trash-dialog');
  const list = $('trash-list');
  const empty = $('trash-empty');
  const summary = $('trash-summary');
  const emptyButton = $('trash-empty-all');
  const confirmBox = $('trash-confirm');
  const confirmText = $('trash-confirm-text');
  const now = deps.now || (() => new Date());
  let count = 0;

  /** The sidebar's count, from the server. */
  async function refresh() {
    try {
      const result = await deps.call('fonsters/trash', { count: 0 });
      show(result.total);
    } catch { /* offline: the count stays as it was */ }
  }

  function show(total) {
    count = total;
    opener.textContent = total ? `Trash (${total.toLocaleString()})` : 'Trash';
    opener.setAttribute('aria-label', total ? `Trash, ${total} deleted Fonster${total === 1 ? '' : 's'}` : 'Trash, empty');
  }

  /** "just now", "5 minutes ago", "3 hours ago", "2 days ago", with the moment itself as a title. */
  function ago(iso) {
    const seconds = Math.max(0, (now().getTime() - Date.parse(iso)) / 1000);
    const [n, unit] = seconds < 60 ? [0, ''] : seconds < 3600 ? [Math.floor(seconds / 60), 'minute']
      : seconds < 86400 ? [Math.floor(seconds / 3600), 'hour'] : [Math.floor(seconds / 86400), 'day'];
    return n === 0 ? 'Deleted just now' : `Deleted ${n} ${unit}${n === 1 ? '' : 's'} ago`;
  }

  async function load() {
    const result = await deps.say.attempt(() => deps.call('fonsters/trash'));
    if (!result) return;
    show(result.total);
    list.textContent = '';
    confirmBox.hidden = true;
    empty.hidden = result.total > 0;
    emptyButton.disabled = result.total === 0;
    summary.textContent = result.total ? `${result.total} deleted Fonster${result.total === 1 ? '' : 's'}, kept for 30 days.` : '';
    for (const f of result.fonsters) list.appendChild(item(f));
  }

  function item(f) {
    const li = document.createElement('li');
    li.dataset.id = f.id;
    const img = document.createElement('img');
    img.width = 48;
    img.height = 48;
    img.alt = '';
    deps.thumbnails.get(f).then((p) => { img.src = p.src; }, () => {});
    const text = document.createElement('span');
    text.className = 'trash-text';
    const name = document.createElement('span');
    name.className = 'trash-name';
    name.textContent = f.displayName;
    const when = document.createElement('time');
    when.className = 'trash-when';
    when.dateTime = f.deletedAt;
    when.textContent = ago(f.deletedAt);
    when.title = new Date(f.deletedAt).toLocaleString();
    text.append(name, when);
    const restore = document.createElement('button');
    restore.type = 'button';
    restore.className = 'trash-restore';
    restore.textContent = 'Restore';
    restore.setAttribute('aria-label', `Restore “${f.displayName}”`);
    restore.addEventListener('click', async () => {
      const back = await deps.say.attempt(() => deps.call('fonsters/restore', { id: f.id }));
      if (!back) return;
      deps.say.toast(`Restored “${back.displayName}”.`);
      await load();
      deps.onRestored(back);
    });
    const purge = document.createElement('button');
    purge.type = 'button';
    purge.className = 'danger trash-purge';
    purge.textContent = 'Delete for good';
    purge.setAttribute('aria-label', `Delete “${f.displayName}” for good`);
    purge.addEventListener('click', async () => {
      const done = await deps.say.attempt(() => deps.call('fonsters/purge', { ids: [f.id] }));
      if (!done) return;
      deps.say.toast(`Deleted “${f.displayName}” for good.`);
      await load();
      (list.querySelector('button') || dialog.querySelector('#trash-close')).focus();
    });
    li.append(img, text, restore, purge);
    return li;
  }

  async function open() {
    await load();
    if (!dialog.open) dialog.showModal();
    (list.querySelector('button') || $('trash-close')).focus();
  }

  opener.addEventListener('click', open);
  $('trash-close').addEventListener('click', () => dialog.close());
  emptyButton.addEventListener('click', () => {
    confirmText.textContent = `Delete all ${count} Fonster${count === 1 ? '' : 's'} in the trash for good? This cannot be undone.`;
    confirmBox.hidden = false;
    $('trash-confirm-no').focus();
  });
  $('trash-confirm-no').addEventListener('click', () => { confirmBox.hidden = true; emptyButton.focus(); });
  $('trash-confirm-yes').addEventListener('click', async () => {
    const done = await deps.say.attempt(() => deps.call('fonsters/purge', {}));
    if (!done) return;
    deps.say.toast(`Emptied the trash: ${done.purged} Fonster${done.purged === 1 ? '' : 's'} deleted for good.`);
    await load();
    $('trash-close').focus();
  });

  return { refresh, open, get count() { return count; } };
}
