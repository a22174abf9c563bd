// @ts-check
'use strict';

/**
 * Extension activation and every command, against the fake `vscode` module
 * with the real fonsters-rpc behind it (skipped only when no binary is found). Dialogs are answered from scripts; results are checked in the store
 * through the server, in the tree the workbench would draw, and in the
 * messages the detail webview would receive.
 */

const { describe, it, before, after } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { activateExtension } = require('./helpers/load-extension');
const { serverKinds, EXTENSION_ROOT } = require('./helpers/servers');
const { waitFor } = require('./helpers/wait');
const { decodePng } = require('./helpers/png');

const manifest = JSON.parse(fs.readFileSync(path.join(EXTENSION_ROOT, 'package.json'), 'utf8'));
const EXPORT_SIZE = 256;

/** @param {string} text */
const graphemes = (text) => [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text.trim())].length;

for (const kind of serverKinds()) {
  describe(`extension — ${kind.name}`, { skip: kind.skip }, () => {
    /** @type {Awaited<ReturnType<typeof activateExtension>>} */
    let win;
    /** @type {any} */
    let vscode;
    /** @type {{ method: string, params: any, options?: any }[]} */
    const requests = [];
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'fonsters-ext-test-'));

    /** All server requests since `mark`, by method. */
    const methodsSince = (/** @type {number} */ mark) => requests.slice(mark).map((r) => r.method);
    const request = (/** @type {string} */ method, /** @type {any} */ params) => win.api.host.request(method, params);
    /** The Fonsters' rows (the Trash node, last while the trash holds any, is `trashRow()`). */
    const rows = async () => {
      const view = vscode.__test.treeViews.get('fonsters.library');
      return (await view.__render()).filter((/** @type {any} */ r) => !r.element.trash);
    };
    const trashRow = async () => (await vscode.__test.treeViews.get('fonsters.library').__render()).find((/** @type {any} */ r) => r.element.trash);
    const labels = async () => (await rows()).map((/** @type {any} */ r) => r.item.label);
    const nodeNamed = async (/** @type {string} */ label) => {
      const row = (await rows()).find((/** @type {any} */ r) => r.item.label === label);
      assert.ok(row, `tree row "${label}"`);
      return row.element;
    };
    const create = (/** @type {any} */ fields) => request('fonsters/create', fields);
    /** Runs `fn` with the library's default engine set to `engine` (library/settings), then sets it back. */
    const withLibraryEngine = async (/** @type {string} */ engine, /** @type {() => Promise<any>} */ fn) => {
      const before = (await request('library/settings')).defaultEngine;
      await request('library/settings', { defaultEngine: engine });
      await waitFor(() => win.api.host.info().engine === engine, 'the settings notification');
      try { return await fn(); } finally { await request('library/settings', { defaultEngine: before }); }
    };
    /**
     * The welcome contents the workbench would show over an empty tree: the
     * viewsWelcome entries whose `when` holds for the context keys the
     * extension set (the clauses used are `key == value` joined by `&&`).
     */
    const welcome = () => manifest.contributes.viewsWelcome.filter((/** @type {any} */ w) => w.when.split('&&').every((/** @type {string} */ clause) => {
      const m = /^\s*([\w.]+)\s*==\s*([\w]+)\s*$/.exec(clause);
      assert.ok(m, `a when clause this test can evaluate: ${clause}`);
      return vscode.__test.contextKeys.get(m[1]) === m[2];
    })).map((/** @type {any} */ w) => w.contents);

    before(async () => {
      win = await activateExtension({
        serverCommand: kind.command,
        settings: { 'fonsters.exportSize': EXPORT_SIZE, 'fonsters.logLevel': 'debug' },
      });
      vscode = win.vscode;
      const host = win.api.host;
      const original = host.request.bind(host);
      host.request = (/** @type {string} */ method, /** @type {any} */ params, /** @type {any} */ options) => {
        requests.push({ method, params, options });
        return original(method, params, options);
      };
    });

    after(async () => {
      await win.deactivate();
      fs.rmSync(tmp, { recursive: true, force: true });
    });

    it('activates: every contributed command is registered, the tree view, serializer and output channel exist', async () => {
      const contributed = manifest.contributes.commands.map((/** @type {any} */ c) => c.command).sort();
      // Besides, the language's commands, which its code actions run with arguments (test/language.test.js).
      const { COMMANDS } = require('../src/language/client');
      const registered = [...vscode.__test.commandRegistry.keys()].filter((id) => !COMMANDS.includes(id)).sort();
      assert.deepEqual(registered, contributed);
      for (const id of COMMANDS) assert.ok(vscode.__test.commandRegistry.has(id), id);
      for (const event of manifest.activationEvents.filter((/** @type {string} */ e) => e.startsWith('onCommand:'))) {
        assert.ok(registered.includes(event.slice('onCommand:'.length)), `${event} names a registered command`);
      }
      const view = vscode.__test.treeViews.get('fonsters.library');
      assert.ok(view, 'tree view fonsters.library');
      assert.equal(view.__options.canSelectMany, true);
      assert.ok(view.__options.dragAndDropController, 'drag and drop for reordering');
      assert.ok(vscode.__test.serializers.has('fonsters.detail'));
      const channel = vscode.__test.outputChannels.get('Fonsters Server');
      assert.match(channel.text, /Server ready \(fonsters-rpc/);
      const serverLines = channel.text.split('\n').filter((/** @type {string} */ l) => l && !l.startsWith('[client '));
      assert.ok(serverLines.length > 0, `server stderr goes to the output channel:\n${channel.text}`);
      assert.deepEqual(await labels(), [], 'an empty store (--no-starter) shows no rows');
    });

    it('welcome: an empty library on a running server says "No Fonsters yet" with an Add link', async () => {
      assert.deepEqual(await labels(), []);
      assert.equal(vscode.__test.contextKeys.get('fonsters.serverState'), 'running');
      const shown = welcome();
      assert.equal(shown.length, 1, `one welcome text: ${JSON.stringify(shown)}`);
      assert.match(shown[0], /^No Fonsters yet\.\n\[Add a Fonster\]\(command:fonsters\.add\)/);
      assert.doesNotMatch(shown[0], /could not start/);
      assert.equal(vscode.__test.treeViews.get('fonsters.library').message, undefined, 'no message hides the welcome');
    });

    it('tree: rows show what the store holds, in order, with thumbnails and display names', async () => {
      const named = await create({ name: 'Named One', seed: 'tree seed one' });
      const unnamed = await create({ seed: 'tree seed two' });
      await waitFor(async () => (await labels()).length === 2, 'two rows');
      const list = (await request('fonsters/list', {})).fonsters;
      const r = await rows();
      assert.deepEqual(r.map((/** @type {any} */ x) => x.item.label), list.map((/** @type {any} */ f) => f.displayName));
      assert.deepEqual(r.map((/** @type {any} */ x) => x.item.id), [named.id, unnamed.id]);
      assert.equal(r[1].item.label, unnamed.displayName);
      for (const { item } of r) {
        assert.ok(item.iconPath instanceof vscode.Uri, 'thumbnail file icon');
        const png = decodePng(fs.readFileSync(item.iconPath.fsPath));
        assert.equal(png.width, 64);
        const onSky = await request('creature/render', { id: item.id, format: 'png', size: 64, background: 'sky' });
        assert.ok(fs.readFileSync(item.iconPath.fsPath).equals(Buffer.from(onSky.dataUri.split(',')[1], 'base64')), 'the creature on its sky');
        assert.equal(item.contextValue, 'fonster');
        assert.equal(item.command.command, 'fonsters.open');
        assert.match(item.tooltip.value, /Seed: tree seed/);
      }
      await request('fonsters/delete', { id: named.id });
      await request('fonsters/delete', { id: unnamed.id });
      await waitFor(async () => (await labels()).length === 0, 'rows gone after didChange');
    });

    it('tree: a birthday is marked in the row, its tooltip and its accessible label', () => {
      const provider = vscode.__test.treeViews.get('fonsters.library').__options.treeDataProvider;
      const base = { id: 'B1', name: 'Cake', displayName: 'Cake', seed: 'cake', position: 0 };
      const party = provider.getTreeItem({ fonster: { ...base, birthday: true }, thumbnail: undefined });
      assert.equal(party.description, '🎂 Birthday');
      assert.equal(party.contextValue, 'fonster.birthday');
      assert.match(party.tooltip.value, /happy birthday/);
      assert.equal(party.accessibilityInformation.label, 'Cake, birthday today');
      assert.ok(party.iconPath instanceof vscode.ThemeIcon, 'a theme icon until the thumbnail exists');
      const plain = provider.getTreeItem({ fonster: { ...base, birthday: false }, thumbnail: undefined });
      assert.equal(plain.description, undefined);
      assert.equal(plain.contextValue, 'fonster');
      const drawn = provider.getTreeItem({ fonster: { ...base, birthday: true, engine: 'fonsters-v2' }, thumbnail: undefined });
      assert.equal(drawn.description, '🎂 Birthday · fonsters-v2', 'the engine follows the birthday mark');
      assert.equal(drawn.accessibilityInformation.label, 'Cake, birthday today, drawn by fonsters-v2');
      assert.match(drawn.tooltip.value, /Engine: fonsters\\?-v2/);
    });

    it('tree: a row whose picture another Fonster draws says which (fonsters/lookalikes), beside it, in its tooltip and label', async () => {
      // "hello" and "grace" draw one picture in fonsters-v1.
      const hello = await create({ name: 'Hello', seed: 'hello', engine: 'fonsters-v1' });
      const grace = await create({ name: 'Grace', seed: 'grace', engine: 'fonsters-v1' });
      const alone = await create({ name: 'Alone', seed: 'a seed of its own', engine: 'fonsters-v1' });
      const rowOf = async (/** @type {string} */ id) => (await rows()).find((/** @type {any} */ r) => r.item.id === id);
      await waitFor(async () => { const r = await rowOf(grace.id); return r && /≡ Hello/.test(r.item.description); }, 'the look-alike mark');
      const row = (await rowOf(grace.id)).item;
      assert.equal(row.description, 'fonsters-v1 · ≡ Hello');
      assert.match(row.tooltip.value, /Looks exactly like “Hello”\\?\./);
      assert.match(row.accessibilityInformation.label, /Looks exactly like “Hello”\.$/);
      assert.equal((await rowOf(hello.id)).item.description, 'fonsters-v1 · ≡ Grace');
      assert.equal((await rowOf(alone.id)).item.description, 'fonsters-v1', 'no mark without a look-alike');
      for (const f of [hello, grace, alone]) await request('fonsters/delete', { id: f.id });
      await waitFor(async () => (await labels()).length === 0, 'rows gone');
    });

    it('fonsters.add creates from the typed seed and opens its editor; Esc cancels', async () => {
      vscode.__test.script('showInputBox', undefined);
      const mark = requests.length;
      assert.equal(await vscode.commands.executeCommand('fonsters.add'), undefined);
      assert.ok(!methodsSince(mark).includes('fonsters/create'), 'cancelled: nothing created');

      vscode.__test.script('showInputBox', 'Bob');
      const fonster = await vscode.commands.executeCommand('fonsters.add');
      assert.equal(fonster.seed, 'Bob');
      assert.ok(requests.some((r) => r.method === 'fonsters/create' && r.params.seed === 'Bob'));
      await waitFor(async () => (await labels()).includes('Bob'), 'Bob in the tree');
      const panel = vscode.__test.panels.at(-1);
      assert.equal(panel.viewType, 'fonsters.detail');
      assert.equal(panel.title, 'Bob');
    });

    it('fonsters.rename asks with the current name and updates it', async () => {
      const node = await nodeNamed('Bob');
      vscode.__test.script('showInputBox', (/** @type {any} */ options) => {
        assert.equal(options.value, '');
        return 'Robert';
      });
      await vscode.commands.executeCommand('fonsters.rename', node);
      assert.ok(requests.some((r) => r.method === 'fonsters/update' && r.params.name === 'Robert' && r.params.id === node.fonster.id));
      await waitFor(async () => (await labels()).includes('Robert'), 'renamed row');
      await waitFor(() => vscode.__test.panels.at(-1).title === 'Robert', 'open editor retitled through didChange');
    });

    it('fonsters.duplicate copies the selected rows', async () => {
      const node = await nodeNamed('Robert');
      const copies = await vscode.commands.executeCommand('fonsters.duplicate', node, [node]);
      assert.equal(copies.length, 1);
      assert.equal(copies[0].seed, 'Bob');
      assert.notEqual(copies[0].id, node.fonster.id);
      await waitFor(async () => (await labels()).filter((l) => l === 'Robert').length === 2, 'two Roberts');
    });

    it('fonsters.moveUp / moveDown and drag-and-drop reorder through fonsters/move', async () => {
      await create({ name: 'Third', seed: 'third' });
      await waitFor(async () => (await labels()).length === 3, 'three rows');
      const [first, second, third] = (await rows()).map((/** @type {any} */ r) => r.element);
      const mark = requests.length;
      await vscode.commands.executeCommand('fonsters.moveUp', third);
      assert.ok(requests.slice(mark).some((r) => r.method === 'fonsters/move' && r.params.id === third.fonster.id && r.params.index === 1));
      await waitFor(async () => (await rows()).map((/** @type {any} */ r) => r.element.fonster.id).join() === [first, third, second].map((n) => n.fonster.id).join(), 'Third moved up');
      const top = (await rows())[0].element;
      await vscode.commands.executeCommand('fonsters.moveUp', top); // already first: no request
      await vscode.commands.executeCommand('fonsters.moveDown', top);
      await waitFor(async () => (await rows())[1].element.fonster.id === top.fonster.id, 'moved down');

      const view = vscode.__test.treeViews.get('fonsters.library');
      const dnd = view.__options.dragAndDropController;
      const current = (await rows()).map((/** @type {any} */ r) => r.element);
      const transfer = new vscode.DataTransfer();
      await dnd.handleDrag([current[2]], transfer);
      await dnd.handleDrop(current[0], transfer);
      await waitFor(async () => (await rows())[0].element.fonster.id === current[2].fonster.id, 'dropped on the first row');
    });

    it('fonsters.delete confirms with a modal warning; cancelling keeps the Fonster', async () => {
      const third = await nodeNamed('Third');
      vscode.__test.script('showWarningMessage', undefined);
      await vscode.commands.executeCommand('fonsters.delete', third, [third]);
      const warning = vscode.__test.messages.warning.at(-1);
      assert.match(warning.message, /Delete “Third”\?/);
      assert.equal(warning.options.modal, true);
      assert.deepEqual(warning.items, ['Delete']);
      assert.ok((await labels()).includes('Third'));

      vscode.__test.script('showWarningMessage', 'Delete');
      const deleted = await vscode.commands.executeCommand('fonsters.delete', third, [third]);
      assert.deepEqual(deleted, [{ id: third.fonster.id, deleted: true }]);
      await waitFor(async () => !(await labels()).includes('Third'), 'Third deleted');
    });

    it('fonsters.copyShareLink copies the server\'s link; an over-long link is refused with the server\'s warning', async () => {
      const robert = await nodeNamed('Robert');
      await vscode.commands.executeCommand('fonsters.copyShareLink', robert, [robert]);
      const copied = await vscode.env.clipboard.readText();
      const expected = await request('share/build', { ids: [robert.fonster.id] });
      assert.equal(copied, expected.url);
      assert.match(vscode.__test.messages.info.at(-1).message, /Share link for 1 Fonster copied/);

      const long = await create({ name: 'Long', seed: 'x'.repeat(2500) });
      await vscode.env.clipboard.writeText('unchanged');
      await vscode.commands.executeCommand('fonsters.copyShareLink', long.id);
      assert.equal(await vscode.env.clipboard.readText(), 'unchanged');
      const warning = vscode.__test.messages.warning.at(-1).message;
      const built = await request('share/build', { ids: [long.id] });
      assert.equal(built.tooLong, true);
      assert.equal(warning, built.warning || warning);
      assert.match(warning, /2,?000/);
      await request('fonsters/delete', { id: long.id });
    });

    it('fonsters.importShareLink shows each seed drawn by each engine, ticks the default engine\'s new ones, imports with the picked engine', async () => {
      await withLibraryEngine('fonsters-v1', async () => { // the library's default engine is ticked: here fonsters-v1
      const bobV1 = await create({ name: 'Bob of v1', seed: 'Bob', engine: 'fonsters-v1' }); // what the seed Bob looks like in v1
      const engines = win.api.host.info().capabilities.experimental.engines;
      assert.deepEqual(engines, ['fonsters-v1', 'fonsters-v2'], 'the merged server draws with both engines');
      const link = await request('share/build', { seeds: ['Imported A', 'Imported B', 'Bob'] });
      const preview = (await request('share/preview', { url: link.url, engines })).seeds;
      await vscode.env.clipboard.writeText(link.url);
      vscode.__test.script('showInputBox', (/** @type {any} */ options) => {
        assert.equal(options.value, link.url, 'the clipboard link is offered');
        return options.value;
      });
      /** @type {any[]} */
      let offered = [];
      vscode.__test.script('showQuickPick', (/** @type {any[]} */ items, /** @type {any} */ options) => {
        offered = items;
        assert.equal(options.canPickMany, true);
        // The person takes A drawn by v1, B drawn by v2, and also ticks the existing Bob.
        return [items[0], items[3], items[4]];
      });
      const mark = requests.length;
      const result = await vscode.commands.executeCommand('fonsters.importShareLink');
      assert.deepEqual(offered.map((i) => i.detail), ['Imported A', 'Imported A', 'Imported B', 'Imported B', 'Bob', 'Bob']);
      assert.deepEqual(offered.map((i) => i.engine), ['fonsters-v1', 'fonsters-v2', 'fonsters-v1', 'fonsters-v2', 'fonsters-v1', 'fonsters-v2']);
      assert.deepEqual(offered.map((i) => !!i.picked), [true, false, true, false, false, false], 'the default engine\'s row of each new seed');
      // The default engine's row also says what the seed would look like in the library (share/preview's sameAs/nearlyAs).
      const base = ['fonsters-v1', 'fonsters-v2', 'fonsters-v1', 'fonsters-v2', 'fonsters-v1 · already in your library', 'fonsters-v2 · already in your library'];
      offered.forEach((item, n) => {
        const seed = preview[Math.floor(n / 2)];
        if (n % 2 === 1 || (seed.sameCount === 0 && seed.nearlyCount === 0)) assert.equal(item.description, base[n]);
        else assert.match(item.description, new RegExp(`^${base[n]} · looks ${seed.sameCount ? 'exactly' : 'nearly'} like `));
      });
      assert.ok(preview[2].sameAs.length >= 1, 'the seed Bob looks like the library\'s Fonster of that seed');
      const twin = await request('fonsters/get', { id: preview[2].sameAs[0] });
      assert.ok(offered[4].description.includes(`looks exactly like “${twin.displayName}”`), offered[4].description);
      offered.forEach((item, n) => {
        const bytes = fs.readFileSync(item.iconPath.fsPath);
        assert.equal(decodePng(bytes).width, 64);
        const expected = Buffer.from(preview[Math.floor(n / 2)].thumbnails[item.engine].split(',')[1], 'base64');
        assert.ok(bytes.equals(expected), `row ${n}: the server's ${item.engine} thumbnail`);
      });
      assert.notEqual(offered[0].iconPath.fsPath, offered[1].iconPath.fsPath, 'the two engines draw "Imported A" differently');
      const previews = requests.slice(mark).filter((r) => r.method === 'share/preview');
      assert.deepEqual(previews.map((r) => r.params.engines), [engines]);
      const imports = requests.slice(mark).filter((r) => r.method === 'share/import').map((r) => r.params);
      assert.deepEqual(imports.map((p) => [p.select, p.engine]), [[[0, 2], 'fonsters-v1'], [[1], 'fonsters-v2']], 'one import per engine');
      assert.equal(result.created.length, 2);
      assert.deepEqual(result.created.map((/** @type {any} */ f) => [f.seed, f.engine]), [['Imported A', 'fonsters-v1'], ['Imported B', 'fonsters-v2']]);
      assert.equal(result.skipped, 1, 'the server skipped Bob');
      assert.equal(vscode.__test.messages.info.at(-1).message, 'Imported 2. Skipped 1.');
      await waitFor(async () => (await labels()).includes('Imported A'), 'imported rows');
      const rowB = (await rows()).find((/** @type {any} */ r) => r.item.label === 'Imported B');
      assert.equal(rowB.item.description, 'fonsters-v2', 'the tree row says which engine draws it');

      vscode.__test.script('showInputBox', 'https://example.com/not-a-share-link');
      await vscode.commands.executeCommand('fonsters.importShareLink');
      assert.ok(vscode.__test.messages.error.at(-1).message.length > 10, 'a bad link gives a readable error');
      await request('fonsters/delete', { id: bobV1.id });
      });
    });

    it('fonsters.importShareLink says which imported creature looks exactly like a Fonster of the library', async () => {
      await withLibraryEngine('fonsters-v1', async () => { // imported with the library's default engine: here fonsters-v1, which draws grace as hello
      const bob = await create({ name: 'Bobby', seed: 'hello', engine: 'fonsters-v1' });
      const link = await request('share/build', { seeds: ['grace', 'a seed of its own'] });
      vscode.__test.script('showQuickPick', (/** @type {any[]} */ items) => items.filter((i) => i.picked));
      const result = await vscode.commands.executeCommand('fonsters.importShareLink', link.url);
      assert.equal(result.created.length, 2);
      const grace = result.created.find((/** @type {any} */ f) => f.seed === 'grace');
      assert.deepEqual(grace.sameAs, [bob.id], 'the server\'s answer names the look-alike');
      assert.equal(vscode.__test.messages.info.at(-1).message, 'Imported 2. Skipped 0. “grace” looks exactly like “Bobby”.');
      for (const f of [bob, ...result.created]) await request('fonsters/delete', { id: f.id });
      });
    });

    it('fonsters.defaultEngine: new Fonsters, saved selections and share-link imports use it as their engine param; the server is not restarted', async () => {
      const connection = win.api.host.connection;
      const pidBefore = connection.pid;
      vscode.__test.setConfiguration('fonsters.defaultEngine', 'fonsters-v2');
      try {
        vscode.__test.script('showInputBox', 'Engine two seed');
        const added = await vscode.commands.executeCommand('fonsters.add');
        assert.equal(added.engine, 'fonsters-v2');
        assert.ok(requests.some((r) => r.method === 'fonsters/create' && r.params.seed === 'Engine two seed' && r.params.engine === 'fonsters-v2'));
        const saved = await vscode.commands.executeCommand('fonsters.saveSelection', 'Saved with two');
        assert.equal(saved.engine, 'fonsters-v2');

        const link = await request('share/build', { seeds: ['Linked with two'] });
        /** @type {any[]} */
        let offered = [];
        vscode.__test.script('showQuickPick', (/** @type {any[]} */ items) => { offered = items; return items.filter((i) => i.picked); });
        const result = await vscode.commands.executeCommand('fonsters.importShareLink', link.url);
        assert.deepEqual(offered.map((i) => [i.engine, !!i.picked]), [['fonsters-v2', true], ['fonsters-v1', false]], 'the setting\'s engine first and ticked');
        assert.deepEqual(result.created.map((/** @type {any} */ f) => f.engine), ['fonsters-v2']);
        assert.equal(win.api.host.connection, connection, 'no new connection for an engine change');
        assert.equal(connection.pid, pidBefore, 'no restart for an engine change');
        for (const f of [added, saved, ...result.created]) await request('fonsters/delete', { id: f.id });
        vscode.__test.panels.filter((/** @type {any} */ p) => p.title === added.displayName).forEach((/** @type {any} */ p) => p.dispose());
      } finally {
        vscode.__test.setConfiguration('fonsters.defaultEngine', undefined);
      }
      vscode.__test.script('showInputBox', 'Engine one seed');
      const unsetMark = requests.length;
      const plain = await vscode.commands.executeCommand('fonsters.add');
      const library = (await request('library/settings')).defaultEngine;
      assert.equal(plain.engine, library, 'unset: the library\'s default engine');
      assert.equal(requests.slice(unsetMark).find((r) => r.method === 'fonsters/create').params.engine, undefined, 'no engine sent');
      vscode.__test.setConfiguration('fonsters.defaultEngine', 'fonsters-v9'); // typed by hand into settings.json
      const mark = requests.length;
      try {
        vscode.__test.script('showInputBox', 'Engine unknown seed');
        const fallback = await vscode.commands.executeCommand('fonsters.add');
        assert.equal(fallback.engine, 'fonsters-v2', 'an engine the server lacks: the library\'s default, not a failed create');
        const sent = requests.slice(mark).find((r) => r.method === 'fonsters/create');
        assert.equal(sent && sent.params.engine, undefined);
        await request('fonsters/delete', { id: fallback.id });
      } finally {
        vscode.__test.setConfiguration('fonsters.defaultEngine', undefined);
      }
      await request('fonsters/delete', { id: plain.id });
      vscode.__test.panels.filter((/** @type {any} */ p) => p.title === plain.displayName || p.title === 'Engine unknown seed').forEach((/** @type {any} */ p) => p.dispose());
    });

    it('package.json: fonsters.defaultEngine is empty (the library\'s default engine) or one of the server\'s engines', () => {
      const setting = manifest.contributes.configuration.properties['fonsters.defaultEngine'];
      assert.equal(setting.type, 'string');
      assert.equal(setting.default, '');
      assert.deepEqual(setting.enum, ['', ...win.api.host.info().capabilities.experimental.engines]);
      assert.match(setting.enumDescriptions[2], /16,575/);
    });

    it('Default Engine for New Fonsters… sets the library\'s default engine (with why fonsters-v2); the view says it and follows a change made elsewhere', async () => {
      const view = vscode.__test.treeViews.get('fonsters.library');
      const before = (await request('library/settings')).defaultEngine;
      assert.match(view.description, new RegExp(`new: ${before}$`), 'the view says the library\'s default engine');
      /** @type {any} */
      let asked = null;
      vscode.__test.script('showQuickPick', (/** @type {any[]} */ items, /** @type {any} */ options) => {
        asked = { items, options };
        return items.find((i) => i.label === 'fonsters-v1');
      });
      try {
        assert.equal(await vscode.commands.executeCommand('fonsters.chooseDefaultEngine'), 'fonsters-v1');
        assert.deepEqual(asked.items.map((/** @type {any} */ i) => i.label), ['fonsters-v1', 'fonsters-v2']);
        assert.match(asked.options.placeHolder, /fonsters-v1 draws 10 distinct pictures, fonsters-v2 draws 16,575/);
        assert.equal((await request('library/settings')).defaultEngine, 'fonsters-v1');
        await waitFor(async () => /new: fonsters-v1$/.test(view.description), 'the view follows the setting');
        vscode.__test.script('showInputBox', 'Drawn by the library\'s engine');
        const added = await vscode.commands.executeCommand('fonsters.add');
        assert.equal(added.engine, 'fonsters-v1', 'a new Fonster is drawn by the library\'s default engine');
        await request('fonsters/delete', { id: added.id });
        vscode.__test.panels.filter((/** @type {any} */ p) => p.title === added.displayName).forEach((/** @type {any} */ p) => p.dispose());
        await request('library/settings', { defaultEngine: 'fonsters-v2' }); // as another window would
        await waitFor(async () => /new: fonsters-v2$/.test(view.description), 'a change made elsewhere');
        assert.equal(win.api.host.info().engine, 'fonsters-v2');
      } finally {
        await request('library/settings', { defaultEngine: before });
      }
    });

    it('Undo after a delete restores the Fonster from the trash: the same id, creation time and seed history', async () => {
      const kept = await create({ name: 'Trashed', seed: 'one' });
      await request('fonsters/update', { id: kept.id, seed: 'two' });
      await waitFor(async () => (await labels()).includes('Trashed'), 'its row');
      const node = await nodeNamed('Trashed');
      vscode.__test.script('showWarningMessage', 'Delete');
      vscode.__test.script('showInformationMessage', 'Undo');
      const mark = requests.length;
      await vscode.commands.executeCommand('fonsters.delete', node, [node]);
      assert.match(vscode.__test.messages.warning.at(-1).options.detail, /trash/);
      await waitFor(async () => requests.slice(mark).some((r) => r.method === 'fonsters/restore'), 'the restore');
      const back = await waitFor(async () => (await request('fonsters/list')).fonsters.find((/** @type {any} */ f) => f.id === kept.id), 'the Fonster back');
      assert.deepEqual([back.name, back.seed, back.createdAt, back.canUndo], ['Trashed', 'two', kept.createdAt, true]);
      assert.ok(!requests.slice(mark).some((r) => r.method === 'fonsters/create'), 'restored, not re-created');
      assert.equal((await request('fonsters/undo', { id: kept.id })).seed, 'one', 'its seed history came back');
      await request('fonsters/delete', { id: kept.id });
    });

    it('the Trash node lists deleted Fonsters; Restore, Delete for Good and Empty Trash (each confirmed) act on them', async () => {
      await request('fonsters/purge', {});
      const view = vscode.__test.treeViews.get('fonsters.library');
      const provider = view.__options.treeDataProvider;
      const made = [];
      for (const name of ['Trash A', 'Trash B', 'Trash C']) made.push(await create({ name, seed: name.toLowerCase() }));
      for (const f of made) await request('fonsters/delete', { id: f.id });
      const node = await waitFor(async () => { const r = await trashRow(); return r && r.element.count === 3 ? r : undefined; }, 'the Trash node with 3');
      assert.equal(node.item.label, 'Trash');
      assert.equal(node.item.description, '3');
      assert.equal(node.item.contextValue, 'trash');
      assert.equal(node.item.collapsibleState, vscode.TreeItemCollapsibleState.Collapsed);
      assert.match(node.item.accessibilityInformation.label, /Trash, 3 deleted Fonsters/);
      const children = await provider.getChildren(node.element);
      const items = children.map((/** @type {any} */ c) => provider.getTreeItem(c));
      assert.deepEqual(items.map((/** @type {any} */ i) => i.label), ['Trash C', 'Trash B', 'Trash A'], 'newest deletion first');
      assert.ok(items.every((/** @type {any} */ i) => i.contextValue === 'trashed' && /^deleted /.test(i.description)));
      const menus = manifest.contributes.menus['view/item/context'];
      assert.ok(menus.some((/** @type {any} */ m) => m.command === 'fonsters.restore' && m.when.includes('viewItem == trashed')));
      assert.ok(menus.some((/** @type {any} */ m) => m.command === 'fonsters.emptyTrash' && m.when.includes('viewItem == trash')));

      await vscode.commands.executeCommand('fonsters.restore', children[1]);
      await waitFor(async () => (await labels()).includes('Trash B'), 'Trash B back in the library');
      await waitFor(async () => (await trashRow()).element.count === 2, 'the node counts 2');

      vscode.__test.script('showWarningMessage', undefined); // the confirmation dismissed: nothing is purged
      await vscode.commands.executeCommand('fonsters.purge', children[0]);
      assert.equal((await request('fonsters/trash')).total, 2);
      vscode.__test.script('showWarningMessage', 'Delete for Good');
      await vscode.commands.executeCommand('fonsters.purge', children[0]);
      assert.deepEqual((await request('fonsters/trash')).fonsters.map((/** @type {any} */ f) => f.name), ['Trash A']);
      await waitFor(async () => (await trashRow()).element.count === 1, 'the node counts 1 after a purge');

      vscode.__test.script('showWarningMessage', 'Empty Trash');
      await vscode.commands.executeCommand('fonsters.emptyTrash');
      assert.match(vscode.__test.messages.warning.at(-1).message, /Delete all 1 Fonster in the trash for good\?/);
      assert.equal((await request('fonsters/trash')).total, 0);
      await waitFor(async () => (await trashRow()) === undefined, 'the Trash node goes once empty');
      await request('fonsters/delete', { id: made[1].id });
      await request('fonsters/purge', {});
    });

    it('fonsters.export writes each format through a save dialog named by the server\'s export rule', async () => {
      const robert = await nodeNamed('Robert');
      const magic = { png: '89504e47', gif: '47494638', jpeg: 'ffd8ff', svg: null, 'animated-gif': '47494638' };
      for (const format of Object.keys(magic)) {
        const expectedName = format === 'animated-gif'
          ? (await request('creature/animate', { id: robert.fonster.id, size: 32 })).fileName
          : (await request('creature/render', { id: robert.fonster.id, format, size: 32 })).fileName;
        const target = vscode.Uri.file(path.join(tmp, `export-${format}-${expectedName}`));
        vscode.__test.script('showSaveDialog', (/** @type {any} */ options) => {
          assert.equal(path.basename(options.defaultUri.fsPath), expectedName);
          assert.ok(Object.values(options.filters).length > 0);
          return target;
        });
        await vscode.commands.executeCommand('fonsters.export', robert, format);
        const bytes = fs.readFileSync(target.fsPath);
        const m = /** @type {any} */ (magic)[format];
        if (m) assert.equal(bytes.subarray(0, m.length / 2).toString('hex'), m, `${format} bytes`);
        else assert.match(bytes.toString('utf8', 0, 400), /<svg/);
        if (format === 'png') assert.equal(decodePng(bytes).width, EXPORT_SIZE, 'exportSize setting');
      }
      assert.equal(expectedFileName('Robert', 'png'), 'Robert.png');
      vscode.__test.script('showSaveDialog', undefined);
      assert.equal(await vscode.commands.executeCommand('fonsters.export', robert, 'png'), undefined, 'cancelled dialog writes nothing');
      vscode.__test.script('showQuickPick', (/** @type {any[]} */ items) => items.find((i) => i.format === 'svg'));
      vscode.__test.script('showSaveDialog', vscode.Uri.file(path.join(tmp, 'picked.svg')));
      await vscode.commands.executeCommand('fonsters.export', robert);
      assert.ok(fs.existsSync(path.join(tmp, 'picked.svg')), 'format chosen from a quick pick');
    });

    it('fonsters.undo / fonsters.redo act on a tree row and on the active detail editor', async () => {
      const f = await create({ name: 'History', seed: 'first' });
      await request('fonsters/update', { id: f.id, seed: 'second' });
      const mark = requests.length;
      const undone = await vscode.commands.executeCommand('fonsters.undo', f.id);
      assert.equal(undone.seed, 'first');
      const redone = await vscode.commands.executeCommand('fonsters.redo', f.id);
      assert.equal(redone.seed, 'second');
      assert.deepEqual(methodsSince(mark).filter((m) => m !== 'fonsters/get'), ['fonsters/undo', 'fonsters/redo']);
      await vscode.commands.executeCommand('fonsters.redo', f.id);
      assert.ok(vscode.__test.messages.error.length > 0 && vscode.__test.messages.error.at(-1).message.length > 5, 'nothing to redo is said readably');
      await request('fonsters/delete', { id: f.id });
    });

    it('fonsters.exportLibrary saves the server\'s bundle through a save dialog', async () => {
      const pip = await create({ name: 'Pip', seed: 'pip' });
      await request('fonsters/update', { id: pip.id, seed: 'pip two' });
      const target = vscode.Uri.file(path.join(tmp, 'library.json'));
      vscode.__test.script('showSaveDialog', (/** @type {any} */ options) => {
        assert.match(path.basename(options.defaultUri.fsPath), /^fonsters-library-\d{4}-\d\d-\d\d\.json$/);
        assert.deepEqual(Object.values(options.filters), [['json']]);
        return target;
      });
      const mark = requests.length;
      await vscode.commands.executeCommand('fonsters.exportLibrary');
      assert.deepEqual(methodsSince(mark), ['library/export']);
      const saved = JSON.parse(fs.readFileSync(target.fsPath, 'utf8'));
      const fresh = (await request('library/export', {})).bundle;
      assert.equal(saved.format, 'fonsters-library');
      assert.deepEqual(saved.fonsters, fresh.fonsters, 'the file holds the server\'s bundle');
      const list = (await request('fonsters/list', {})).fonsters;
      assert.equal(saved.fonsters.length, list.length);
      assert.deepEqual(saved.fonsters.find((/** @type {any} */ f) => f.id === pip.id).history, ['pip']);
      assert.equal(vscode.__test.messages.info.at(-1).message, `Exported ${list.length} Fonsters to library.json.`);

      vscode.__test.script('showSaveDialog', undefined);
      fs.rmSync(target.fsPath);
      assert.equal(await vscode.commands.executeCommand('fonsters.exportLibrary'), undefined);
      assert.equal(fs.existsSync(target.fsPath), false, 'a cancelled dialog writes nothing');
    });

    it('fonsters.importLibrary confirms, imports the whole bundle and reports the server\'s created and skipped counts; entries keep their engine', async () => {
      const bundle = (await request('library/export', {})).bundle;
      const file = path.join(tmp, 'again.json');
      fs.writeFileSync(file, JSON.stringify(bundle));
      const before = (await request('fonsters/list', {})).fonsters.length;

      // The library's own bundle: the server skips every entry.
      vscode.__test.script('showOpenDialog', [vscode.Uri.file(file)]);
      vscode.__test.script('showWarningMessage', 'Import');
      let mark = requests.length;
      const nothing = await vscode.commands.executeCommand('fonsters.importLibrary');
      assert.deepEqual(nothing, { created: [], skipped: before });
      assert.equal(vscode.__test.messages.info.at(-1).message, `Nothing imported: all ${before} Fonsters in again.json are already in your library.`);
      assert.deepEqual(methodsSince(mark), ['library/import'], 'no client-side duplicate check: no fonsters/list');
      assert.equal((await request('fonsters/list', {})).fonsters.length, before);

      // Two new entries (one with history, one drawn by fonsters-v2) among the existing ones;
      // a third has an existing name and seed but another creation time: the server's rule imports it.
      const existing = bundle.fonsters[0];
      const extra = [
        { name: 'Imported Bundle One', seed: 'bundle one', createdAt: '2025-03-01T09:30:00.000+01:00', history: ['bundle'], future: [] },
        { name: '', seed: 'bundle two', createdAt: '2025-03-02T09:30:00.000Z', history: [], future: [], engine: 'fonsters-v2' },
        { name: existing.name, seed: existing.seed, createdAt: '2024-01-01T00:00:00.000Z', history: [], future: [], engine: existing.engine },
      ];
      fs.writeFileSync(file, JSON.stringify({ ...bundle, fonsters: [...bundle.fonsters, ...extra] }, null, 2));
      vscode.__test.script('showOpenDialog', (/** @type {any} */ options) => {
        assert.equal(options.canSelectMany, false);
        assert.deepEqual(Object.values(options.filters), [['json']]);
        return [vscode.Uri.file(file)];
      });
      vscode.__test.script('showWarningMessage', undefined); // the person cancels the review
      mark = requests.length;
      assert.equal(await vscode.commands.executeCommand('fonsters.importLibrary'), undefined);
      const review = vscode.__test.messages.warning.at(-1);
      assert.equal(review.message, 'Import again.json?');
      assert.equal(review.options.modal, true);
      assert.equal(review.options.detail, `It holds ${before + 3} Fonsters. Those already in your library (the same Fonster, or the same name, seed and creation time) are skipped; each keeps its engine.`);
      assert.deepEqual(review.items, ['Import']);
      assert.ok(!methodsSince(mark).includes('library/import'), 'cancelling imports nothing');

      vscode.__test.script('showOpenDialog', [vscode.Uri.file(file)]);
      vscode.__test.script('showWarningMessage', 'Import');
      mark = requests.length;
      const result = await vscode.commands.executeCommand('fonsters.importLibrary');
      const sent = requests.slice(mark).find((r) => r.method === 'library/import');
      assert.ok(sent, 'library/import sent');
      assert.equal(sent.params.select, undefined, 'the whole bundle: the server picks what is new');
      assert.equal(sent.params.engine, undefined, 'entries keep their own engine');
      assert.equal(result.created.length, 3);
      assert.equal(result.skipped, before);
      // The third entry draws the picture of the Fonster it copies: the summary says so.
      const copy = result.created.find((/** @type {any} */ f) => f.createdAt.startsWith('2024-01-01'));
      assert.ok(copy.sameAs.length >= 1);
      const message = vscode.__test.messages.info.at(-1).message;
      assert.ok(message.startsWith(`Imported 3. Skipped ${before}. “${copy.displayName}” looks exactly like “`), message);
      const one = result.created.find((/** @type {any} */ f) => f.seed === 'bundle one');
      assert.equal(one.name, 'Imported Bundle One');
      assert.equal(one.canUndo, true, 'its history came along');
      assert.equal(one.engine, bundle.engine, 'no entry engine: the bundle\'s');
      assert.equal(result.created.find((/** @type {any} */ f) => f.seed === 'bundle two').engine, 'fonsters-v2', 'the entry\'s engine');
      await waitFor(async () => (await labels()).includes('Imported Bundle One') && (await labels()).includes('bundle two'), 'imported rows');
      for (const f of result.created) await request('fonsters/delete', { id: f.id });
    });

    it('fonsters.importLibrary: a file that is not a bundle is refused readably and changes nothing', async () => {
      const before = (await request('fonsters/list', {})).fonsters.length;
      const notJson = path.join(tmp, 'notes.json');
      fs.writeFileSync(notJson, '{"fonsters": [');
      vscode.__test.script('showOpenDialog', [vscode.Uri.file(notJson)]);
      await vscode.commands.executeCommand('fonsters.importLibrary');
      assert.match(vscode.__test.messages.error.at(-1).message, /^The file notes\.json is not a Fonsters library bundle: it is not valid JSON \(.+\)\.$/);

      const noList = path.join(tmp, 'other.json');
      fs.writeFileSync(noList, '{"name": "package"}');
      vscode.__test.script('showOpenDialog', [vscode.Uri.file(noList)]);
      await vscode.commands.executeCommand('fonsters.importLibrary');
      assert.equal(vscode.__test.messages.error.at(-1).message, 'The file other.json is not a Fonsters library bundle: it has no "fonsters" list.');

      const huge = path.join(tmp, 'huge.json');
      fs.writeFileSync(huge, '');
      fs.truncateSync(huge, 64 * 1024 * 1024 + 1); // sparse: nothing is written
      vscode.__test.script('showOpenDialog', [vscode.Uri.file(huge)]);
      await vscode.commands.executeCommand('fonsters.importLibrary');
      assert.equal(vscode.__test.messages.error.at(-1).message, 'The file huge.json is 67,108,865 bytes long; a library bundle can be at most 67,108,864 bytes (64 MiB).');
      fs.rmSync(huge);

      // The server's own rules: a bundle without an engine is refused with its message.
      const noEngine = path.join(tmp, 'no-engine.json');
      fs.writeFileSync(noEngine, JSON.stringify({ format: 'fonsters-library', version: 1, fonsters: [{ name: 'X', seed: 'brand new seed', createdAt: '2025-01-01T00:00:00Z', history: [], future: [] }] }));
      vscode.__test.script('showOpenDialog', [vscode.Uri.file(noEngine)]);
      vscode.__test.script('showWarningMessage', 'Import');
      await vscode.commands.executeCommand('fonsters.importLibrary');
      const serverError = vscode.__test.messages.error.at(-1).message;
      const direct = await request('library/import', { bundle: JSON.parse(fs.readFileSync(noEngine, 'utf8')) }).then(() => null, (/** @type {any} */ e) => e.message);
      assert.ok(direct, 'the server refuses it');
      assert.ok(serverError.includes(direct), `the server's message is shown: ${serverError}`);
      vscode.__test.script('showOpenDialog', undefined);
      assert.equal(await vscode.commands.executeCommand('fonsters.importLibrary'), undefined, 'a cancelled dialog does nothing');
      assert.equal((await request('fonsters/list', {})).fonsters.length, before, 'nothing created');
    });

    it('fonsters.clockCreature shows the current second\'s creature in the preview panel', async () => {
      await withLibraryEngine('fonsters-v1', async () => { // a free seed is drawn by the library's default engine
      const mark = requests.length;
      const started = Date.now();
      const detail = await vscode.commands.executeCommand('fonsters.clockCreature');
      assert.equal(methodsSince(mark)[0], 'clock/creature');
      const panel = detail.panel;
      assert.equal(panel.title, 'Fonster Preview');
      panel.__fromPage({ type: 'ready' });
      const init = await panel.__waitForPosted((/** @type {any} */ m) => m.type === 'init');
      assert.equal(init.mode, 'preview');
      assert.match(init.seed, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/, 'the clock seed is the time to the second');
      assert.ok(Math.abs(Date.parse(init.seed) - started) < 60000, `${init.seed} is now`);
      const expected = await request('creature/render', { seed: init.seed, size: 512, engine: 'fonsters-v1' }); // the library's default
      assert.equal(init.image.dataUri, expected.dataUri);
      assert.ok(vscode.__test.calls.some((/** @type {any} */ c) => c.method === 'setStatusBarMessage' && c.args[0].includes(init.seed)));
      panel.dispose();
      });
    });

    describe('detail editor', () => {
      /** @type {any} */
      let panel;
      /** @type {any} */
      let fonster;
      const posted = (/** @type {(m: any) => boolean} */ p) => panel.__waitForPosted(p, 20000);
      const fromPage = async (/** @type {any} */ m, /** @type {(m: any) => boolean} */ until) => {
        const before = panel.__posted.length;
        panel.__fromPage(m);
        return panel.__waitForPosted((/** @type {any} */ x) => panel.__posted.indexOf(x) >= before && until(x), 20000);
      };

      before(async () => {
        fonster = await create({ name: '', seed: 'Detail 👾 seed', engine: 'fonsters-v1' });
        await vscode.commands.executeCommand('fonsters.open', fonster.id);
        panel = vscode.__test.panels.at(-1);
      });

      it('serves a strict-CSP page whose script and style load by nonce from media/', () => {
        const html = panel.webview.html;
        const csp = /Content-Security-Policy" content="([^"]+)"/.exec(html)[1];
        const nonce = /'nonce-([^']+)'/.exec(csp)[1];
        assert.match(csp, /^default-src 'none'; img-src data:; style-src 'nonce-[^']+'; script-src 'nonce-[^']+';$/);
        assert.match(html, new RegExp(`<script nonce="${nonce.replace(/[+/=]/g, '\\$&')}" src="https://[^"]+/media/detail\\.js">`));
        assert.match(html, new RegExp(`<link rel="stylesheet" nonce="${nonce.replace(/[+/=]/g, '\\$&')}" href="https://[^"]+/media/detail\\.css">`));
        assert.doesNotMatch(html, / style="/, 'no inline style attributes');
        assert.equal(panel.webview.options.enableScripts, true);
        // media/ and the detail view's modules shared with the web page (../web/ui in the repository, ui/ in a .vsix).
        assert.deepEqual(panel.webview.options.localResourceRoots.map((/** @type {any} */ u) => u.path),
          [`${vscode.Uri.file(EXTENSION_ROOT).path}/media`, vscode.Uri.file(path.resolve(EXTENSION_ROOT, '..', 'web', 'ui')).path]);
        assert.match(html, /data-ui="https:\/\/[^"]+\/web\/ui"/);
      });

      it('ready → init with the Fonster, a 512-pixel PNG and the server\'s random sources', async () => {
        const init = await fromPage({ type: 'ready' }, (m) => m.type === 'init');
        assert.equal(init.mode, 'fonster');
        assert.equal(init.fonster.id, fonster.id);
        assert.equal(init.fonster.displayName, fonster.displayName);
        const png = decodePng(Buffer.from(init.image.dataUri.split(',')[1], 'base64'));
        assert.equal(png.width, 512);
        assert.deepEqual(init.sources, win.api.host.info().capabilities.experimental.randomSources);
      });

      it('typing previews live (creature/render of the draft) without committing', async () => {
        const mark = requests.length;
        const preview = await fromPage({ type: 'typing', seed: 'Detail draft', seq: 7 }, (m) => m.type === 'preview');
        assert.equal(preview.seq, 7);
        const expected = await request('creature/render', { seed: 'Detail draft', size: 512, engine: 'fonsters-v1' }); // the Fonster's engine
        assert.equal(preview.image.dataUri, expected.dataUri);
        assert.ok(!methodsSince(mark).includes('fonsters/update'), 'typing does not commit');
        const err = await fromPage({ type: 'typing', seed: 'y'.repeat(10001), seq: 8 }, (m) => m.type === 'seedError');
        assert.ok(err.message.length > 10);
      });

      it('commit on blur/Enter is one undoable fonsters/update; Undo/Redo keys go to the active editor', async () => {
        const committed = await fromPage({ type: 'commitSeed', seed: 'Detail committed' }, (m) => m.type === 'fonster' && m.fonster.seed === 'Detail committed');
        assert.equal(committed.fonster.seed, 'Detail committed');
        assert.equal(committed.fonster.canUndo, true);
        assert.match(committed.image.dataUri, /^data:image\/png;base64,/);
        assert.ok(requests.some((r) => r.method === 'fonsters/update' && r.params.seed === 'Detail committed' && r.params.name === undefined));

        panel._setState(true, true); // the editor has focus: Ctrl+Z runs fonsters.undo
        const before = panel.__posted.length;
        await vscode.commands.executeCommand('fonsters.undo');
        const undone = await posted((m) => panel.__posted.indexOf(m) >= before && m.type === 'fonster' && m.fonster.seed === 'Detail 👾 seed');
        assert.equal(undone.fonster.canRedo, true);
        await vscode.commands.executeCommand('fonsters.redo');
        await posted((m) => m.type === 'fonster' && m.fonster.seed === 'Detail committed' && m.fonster.canRedo === false);
        const none = await fromPage({ type: 'redo' }, (m) => m.type === 'status');
        assert.ok(none.message.length > 5, 'nothing to redo: a status line, not an error box');
      });

      it('a changed field sets the fonsters.draftDirty context key so Ctrl+Z stays text undo', async () => {
        panel.__fromPage({ type: 'draftDirty', dirty: true });
        await waitFor(() => vscode.__test.contextKeys.get('fonsters.draftDirty') === true, 'context key set');
        panel.__fromPage({ type: 'draftDirty', dirty: false });
        await waitFor(() => vscode.__test.contextKeys.get('fonsters.draftDirty') === false, 'context key cleared');
      });

      it('rename from the page updates the name and the tab title', async () => {
        const renamed = await fromPage({ type: 'rename', name: 'Detailed' }, (m) => m.type === 'fonster' && m.fonster.name === 'Detailed');
        assert.equal(renamed.fonster.displayName, 'Detailed');
        assert.equal(panel.title, 'Detailed');
      });

      it('Load random / Prepend random / Refresh go to fonsters/random and fonsters/refresh', async () => {
        const loaded = await fromPage({ type: 'random', source: 'words', mode: 'replace' }, (m) => m.type === 'fonster' && m.fonster.randomSource === 'words');
        assert.notEqual(loaded.fonster.seed, 'Detail committed');
        const prepended = await fromPage({ type: 'random', source: 'uuid', mode: 'prepend' }, (m) => m.type === 'fonster' && m.fonster.seed.endsWith(` ${loaded.fonster.seed}`));
        assert.ok(prepended.fonster.seed.endsWith(` ${loaded.fonster.seed}`), 'prepend keeps the old seed after the new text');
        const mark = requests.length;
        const earlier = [prepended.fonster.seed, loaded.fonster.seed, 'Detail committed'];
        await fromPage({ type: 'refresh' }, (m) => m.type === 'fonster' && !earlier.includes(m.fonster.seed));
        assert.ok(methodsSince(mark).includes('fonsters/refresh'));
        await fromPage({ type: 'commitSeed', seed: 'Evolve 👩‍👩‍👧!' }, (m) => m.type === 'fonster' && m.fonster.seed === 'Evolve 👩‍👩‍👧!');
      });

      it('play asks the server for frames (pages, interval from speed); "Use as seed" is fonsters/useFrame', async () => {
        const frames = await fromPage({ type: 'frames', requestId: 1, start: 0, count: 3, speed: 0.5 }, (m) => m.type === 'frames');
        assert.equal(frames.total, graphemes('Evolve 👩‍👩‍👧!'));
        assert.equal(frames.intervalMs, 60, '0.3 s / (speed × 10) at speed 0.5');
        assert.deepEqual(frames.frames.map((/** @type {any} */ f) => f.index), [1, 2, 3]);
        assert.deepEqual(frames.frames.map((/** @type {any} */ f) => f.prefix), ['E', 'Ev', 'Evo']);
        const page2 = await fromPage({ type: 'frames', requestId: 2, start: 7, count: 5, speed: 1 }, (m) => m.type === 'frames' && m.requestId === 2);
        assert.deepEqual(page2.frames.map((/** @type {any} */ f) => f.prefix), ['Evolve 👩‍👩‍👧', 'Evolve 👩‍👩‍👧!']);
        assert.equal(page2.intervalMs, 30);
        const used = await fromPage({ type: 'useFrame', frame: 6 }, (m) => m.type === 'fonster' && m.fonster.seed === 'Evolve');
        assert.equal(used.fonster.canUndo, true);
      });

      it('tap asks for the server\'s tap animation for the seed, tap number and view size', async () => {
        const tap = await fromPage({ type: 'tap', tap: 2, size: 384 }, (m) => m.type === 'tap');
        const expected = await request('creature/tapAnimation', { seed: 'Evolve', tap: 2, viewSize: 384, samples: 21, engine: 'fonsters-v1' });
        assert.deepEqual(tap.animation, expected);
        assert.equal(tap.animation.samples.length, 21);
      });

      it('engines: each picture comes with the seed drawn by every engine; picking one is fonsters/update {engine}, not an undoable edit; typing and taps follow it', async () => {
        const init = await fromPage({ type: 'ready' }, (m) => m.type === 'init');
        assert.equal(init.fonster.engine, 'fonsters-v1');
        assert.equal(init.engines.current, 'fonsters-v1');
        assert.deepEqual(init.engines.choices.map((/** @type {any} */ c) => c.engine), ['fonsters-v1', 'fonsters-v2']);
        for (const choice of init.engines.choices) {
          const expected = await request('creature/render', { seed: 'Evolve', engine: choice.engine, size: 128 });
          assert.equal(choice.image.dataUri, expected.dataUri, `${choice.engine}'s creature`);
          assert.equal(choice.image.width, 128);
        }
        assert.notEqual(init.engines.choices[0].image.dataUri, init.engines.choices[1].image.dataUri, 'the engines draw "Evolve" differently');

        const before = await request('fonsters/get', { id: fonster.id });
        let mark = requests.length;
        const switched = await fromPage({ type: 'setEngine', engine: 'fonsters-v2' }, (m) => m.type === 'fonster' && m.fonster.engine === 'fonsters-v2');
        assert.deepEqual(requests.slice(mark).filter((r) => r.method === 'fonsters/update').map((r) => r.params), [{ id: fonster.id, engine: 'fonsters-v2' }]);
        assert.equal(switched.fonster.seed, before.seed);
        assert.equal(switched.fonster.canUndo, before.canUndo);
        assert.equal(switched.fonster.canRedo, before.canRedo, 'the switch adds no history');
        assert.equal(switched.engines.current, 'fonsters-v2');
        assert.equal(switched.image.dataUri, (await request('creature/render', { seed: 'Evolve', engine: 'fonsters-v2', size: 512 })).dataUri);
        await waitFor(async () => {
          const row = (await rows()).find((/** @type {any} */ r) => r.item.id === fonster.id);
          return row && row.item.description === 'fonsters-v2' && /Engine: fonsters\\?-v2/.test(row.item.tooltip.value);
        }, 'the tree row shows the new engine');

        const typed = await fromPage({ type: 'typing', seed: 'Evolve more', seq: 30 }, (m) => m.type === 'preview' && m.seq === 30);
        assert.equal(typed.image.dataUri, (await request('creature/render', { seed: 'Evolve more', engine: 'fonsters-v2', size: 512 })).dataUri);
        const tap = await fromPage({ type: 'tap', tap: 1, size: 256 }, (m) => m.type === 'tap');
        assert.deepEqual(tap.animation, await request('creature/tapAnimation', { seed: 'Evolve', tap: 1, viewSize: 256, samples: 21, engine: 'fonsters-v2' }));
        const frames = await fromPage({ type: 'frames', requestId: 40, start: 0, count: 1, speed: 1 }, (m) => m.type === 'frames' && m.requestId === 40);
        assert.equal(frames.frames[0].dataUri, (await request('creature/frames', { seed: 'Evolve', engine: 'fonsters-v2', size: 512, start: 0, count: 1, speed: 1 })).frames[0].dataUri);

        mark = requests.length;
        panel.__fromPage({ type: 'setEngine', engine: 'fonsters-v2' }); // already in use: nothing to do
        const undone = await fromPage({ type: 'undo' }, (m) => m.type === 'fonster' && m.fonster.seed !== 'Evolve');
        assert.ok(!requests.slice(mark).some((r) => r.method === 'fonsters/update'), 'picking the engine in use sends nothing');
        assert.equal(undone.fonster.engine, 'fonsters-v2', 'undo steps the seed back, the engine stays');
        await fromPage({ type: 'redo' }, (m) => m.type === 'fonster' && m.fonster.seed === 'Evolve');

        const refused = await fromPage({ type: 'setEngine', engine: 'fonsters-v9' }, (m) => m.type === 'status' && m.error);
        assert.match(refused.message, /fonsters-v9/);
        assert.equal((await request('fonsters/get', { id: fonster.id })).engine, 'fonsters-v2', 'an unknown engine changes nothing');
        await fromPage({ type: 'setEngine', engine: 'fonsters-v1' }, (m) => m.type === 'fonster' && m.fonster.engine === 'fonsters-v1');
      });

      it('export and share from the page use the same dialogs and server rules', async () => {
        const target = vscode.Uri.file(path.join(tmp, 'from-page.svg'));
        vscode.__test.script('showSaveDialog', (/** @type {any} */ options) => {
          assert.equal(path.basename(options.defaultUri.fsPath), 'Detailed.svg');
          return target;
        });
        panel.__fromPage({ type: 'export', format: 'svg' });
        await waitFor(() => fs.existsSync(target.fsPath), 'exported SVG');
        panel.__fromPage({ type: 'share' });
        const expected = await request('share/build', { ids: [fonster.id] });
        await waitFor(async () => (await vscode.env.clipboard.readText()) === expected.url, 'share link on the clipboard');
      });

      it('follows changes made elsewhere (didChange) and restores itself after hide/show', async () => {
        await request('fonsters/update', { id: fonster.id, name: 'Changed elsewhere' });
        await posted((m) => m.type === 'fonster' && m.fonster.name === 'Changed elsewhere');
        panel._setState(false, false);
        assert.equal(await panel.webview.postMessage({ type: 'status', message: 'lost' }), false, 'a hidden page gets no messages');
        panel._setState(true, true);
        const init = await fromPage({ type: 'ready', state: { target: { id: fonster.id }, speed: 40 } }, (m) => m.type === 'init');
        assert.equal(init.fonster.name, 'Changed elsewhere');
      });

      it('after a window reload the serializer restores the editor from the page state', async () => {
        const serializer = vscode.__test.serializers.get('fonsters.detail');
        panel.dispose();
        const revived = vscode.window.createWebviewPanel('fonsters.detail', 'restored', vscode.ViewColumn.One, {});
        await serializer.deserializeWebviewPanel(revived, { target: { id: fonster.id } });
        assert.match(revived.webview.html, /detail\.js/);
        revived.__fromPage({ type: 'ready' });
        const init = await revived.__waitForPosted((/** @type {any} */ m) => m.type === 'init');
        assert.equal(init.fonster.id, fonster.id);
        panel = revived;
      });

      it('an edit\'s look-alikes reach the page: “Looks exactly like …” while the picture stays, gone with another seed', async () => {
        const twin = await create({ name: 'Twin', seed: 'twin seed', engine: 'fonsters-v1' });
        await request('fonsters/update', { id: fonster.id, engine: 'fonsters-v1' });
        const edited = await fromPage({ type: 'commitSeed', seed: 'twin seed' }, (m) => m.type === 'fonster' && m.fonster.seed === 'twin seed' && m.lookalikes);
        assert.deepEqual(edited.lookalikes.sameAs, [{ id: twin.id, name: 'Twin' }]);
        // fonsters-v1 draws many creatures of one shape: others of the library may look nearly like it too.
        assert.match(edited.lookalikes.text, /^Looks exactly like “Twin”\.( Looks nearly like .*)?$/);
        assert.equal(edited.fonster.sameAs, undefined, 'the page gets the Fonster\'s own fields');
        const renamed = await fromPage({ type: 'rename', name: 'Twin too' }, (m) => m.type === 'fonster' && m.fonster.name === 'Twin too');
        assert.equal(renamed.lookalikes.text, edited.lookalikes.text);
        const undone = await fromPage({ type: 'undo' }, (m) => m.type === 'fonster' && m.fonster.seed !== 'twin seed');
        assert.ok(undone.lookalikes === null || !/Twin/.test(undone.lookalikes.text), 'another picture: the old look-alikes are not shown');
        await request('fonsters/delete', { id: twin.id });
      });

      it('closes when its Fonster is deleted', async () => {
        await request('fonsters/delete', { id: fonster.id });
        await waitFor(() => panel._disposed, 'editor closed');
      });
    });

    describe('Find a Look', () => {
      it('a detail editor warns of a typed seed\'s look-alikes before it is kept; Find a distinct variant opens Find a Look on that seed', async () => {
        const hello = await create({ name: 'Hello there', seed: 'hello', engine: 'fonsters-v1' });
        const typist = await create({ name: 'Typist', seed: 'a seed of its own', engine: 'fonsters-v1' });
        await vscode.commands.executeCommand('fonsters.open', typist.id);
        const editor = vscode.__test.panels.at(-1);
        const fromEditor = async (/** @type {any} */ m, /** @type {(m: any) => boolean} */ until) => {
          const before = editor.__posted.length;
          editor.__fromPage(m);
          return editor.__waitForPosted((/** @type {any} */ x) => editor.__posted.indexOf(x) >= before && until(x), 20000);
        };
        await fromEditor({ type: 'ready' }, (m) => m.type === 'init');
        const warned = await fromEditor({ type: 'typing', seed: 'grace', seq: 1 }, (m) => m.type === 'lookalikes' && m.seq === 1);
        assert.equal(warned.lookalikes.text, 'Looks exactly like “Hello there”.');
        assert.equal(warned.lookalikes.drawWith, 'fonsters-v2', 'fonsters-v2 draws grace unlike the library');
        assert.equal((await request('fonsters/get', { id: typist.id })).seed, 'a seed of its own', 'typing keeps nothing');
        editor.__fromPage({ type: 'findVariant', seed: 'grace' });
        const finder = await waitFor(() => win.api.findLook && win.api.findLook.panel, 'Find a Look opened');
        finder.__fromPage({ type: 'ready' });
        const init = await finder.__waitForPosted((/** @type {any} */ m) => m.type === 'init', 20000);
        assert.equal(init.base, 'grace');
        assert.equal(init.target.id, typist.id);
        finder.dispose();
        editor.dispose();
        for (const f of [hello, typist]) await request('fonsters/delete', { id: f.id });
      });

      it('fonsters.findLook opens the shared panel; matches stream in and really have the trait; a pick creates or sets the seed (undoable)', async () => {
        const alpha = await create({ name: 'Alpha', seed: 'alpha', engine: 'fonsters-v2' });
        await waitFor(async () => (await labels()).includes('Alpha'), 'the row');
        const node = await nodeNamed('Alpha');
        await vscode.commands.executeCommand('fonsters.findLook', node);
        const panel = vscode.__test.panels.at(-1);
        assert.equal(panel.viewType, 'fonsters.findLook');
        assert.match(panel.webview.html, /media\/findlook\.js"/);
        assert.match(panel.webview.html, /web\/ui\/findlook\.css"/);
        assert.strictEqual(win.api.findLook.panel, panel);
        const fromPage = async (/** @type {any} */ m, /** @type {(m: any) => boolean} */ until) => {
          const before = panel.__posted.length;
          panel.__fromPage(m);
          return panel.__waitForPosted((/** @type {any} */ x) => panel.__posted.indexOf(x) >= before && until(x), 20000);
        };
        const init = await fromPage({ type: 'ready' }, (m) => m.type === 'init');
        assert.deepEqual(init.target, { id: alpha.id, name: 'Alpha', engine: 'fonsters-v2' });
        assert.equal(init.engine, 'fonsters-v2');
        assert.equal(init.engines[0], 'fonsters-v2', 'the Fonster\'s engine is offered first');

        const mark = requests.length;
        const done = await fromPage({ type: 'search', seq: 1, base: 'alice', want: { antlers: true } }, (m) => m.type === 'done' || m.type === 'failed');
        assert.equal(done.type, 'done');
        const sent = requests.slice(mark).find((r) => r.method === 'creature/search');
        assert.equal(sent.params.engine, 'fonsters-v2');
        assert.deepEqual(sent.params.unlike, [alpha.id]);
        assert.equal(typeof sent.options.onProgress, 'function', 'results stream as $/progress (the client adds the workDoneToken)');
        const found = panel.__posted.filter((/** @type {any} */ m) => m.type === 'result' && m.seq === 1).map((/** @type {any} */ m) => m.result);
        assert.ok(found.length >= 3 && found.length === done.count, `${found.length} matches`);
        const startedAt = panel.__posted.findIndex((/** @type {any} */ m) => m.type === 'started' && m.seq === 1);
        assert.ok(panel.__posted.indexOf(done) > startedAt);
        for (const r of found) {
          const config = (await request('creature/describe', { seed: r.seed, engine: 'fonsters-v2' })).configuration;
          assert.ok(config.antlers && config.mode === 'creature' && config.tier >= 4, r.seed);
          assert.match(r.thumbnail, /^data:image\/png;base64,/);
        }

        const created = await fromPage({ type: 'create', seed: found[0].seed }, (m) => m.type === 'created');
        assert.equal(created.fonster.seed, found[0].seed);
        assert.equal(created.fonster.engine, 'fonsters-v2');
        assert.match(vscode.__test.messages.info.at(-1).message, /^Created “/);
        const set = await fromPage({ type: 'setSeed', seed: found[1].seed }, (m) => m.type === 'seedSet');
        assert.equal(set.fonster.id, alpha.id);
        assert.equal((await request('fonsters/get', { id: alpha.id })).seed, found[1].seed);
        await fromPage({ type: 'undo' }, (m) => m.type === 'undone');
        assert.equal((await request('fonsters/get', { id: alpha.id })).seed, 'alpha', 'Undo takes the pick back');

        // A search cancelled by Stop says so; the command again reveals the same panel.
        panel.__fromPage({ type: 'search', seq: 2, base: 'alice', want: { antlers: true, beard: true, hair: true, ears: true } });
        const stopped = await fromPage({ type: 'cancel' }, (m) => (m.type === 'cancelled' || m.type === 'done') && m.seq === 2);
        assert.ok(stopped);
        await vscode.commands.executeCommand('fonsters.findLook');
        assert.equal(vscode.__test.panels.filter((/** @type {any} */ p) => p.viewType === 'fonsters.findLook' && !p._disposed).length, 1);
        panel.dispose();
        assert.equal(win.api.findLook, null);
        for (const f of [alpha, created.fonster]) await request('fonsters/delete', { id: f.id });
      });
    });

    describe('selection', () => {
      it('fonsters.previewSelection shows the selected text\'s creature; Save as Fonster stores it', async () => {
        vscode.__test.setActiveEditor('hello\nBob world', [[6, 9]]);
        await vscode.commands.executeCommand('fonsters.previewSelection');
        const panel = vscode.__test.panels.at(-1);
        assert.equal(panel.title, 'Fonster Preview');
        panel.__fromPage({ type: 'ready' });
        const init = await panel.__waitForPosted((/** @type {any} */ m) => m.type === 'init');
        assert.equal(init.mode, 'preview');
        assert.equal(init.seed, 'Bob');
        const expected = await request('creature/render', { seed: 'Bob', size: 512, engine: win.api.host.info().engine }); // unset: the library's default
        assert.equal(init.image.dataUri, expected.dataUri);

        const tap = await (panel.__fromPage({ type: 'tap', tap: 0, size: 100 }), panel.__waitForPosted((/** @type {any} */ m) => m.type === 'tap'));
        assert.ok(tap.animation.kind);

        panel.__fromPage({ type: 'saveAsFonster', seed: 'Bob' });
        await waitFor(() => /Saved “.+” to your Fonsters/.test(vscode.__test.messages.info.at(-1).message), 'saved message');
        const list = (await request('fonsters/list', {})).fonsters;
        assert.ok(list.filter((/** @type {any} */ f) => f.seed === 'Bob').length >= 2);
      });

      it('the preview panel draws with fonsters.defaultEngine and redraws when the setting changes', async () => {
        await withLibraryEngine('fonsters-v1', async () => { // unset, the setting follows the library's default engine
        const open = win.api.panels.previewPanel;
        if (open) open.panel.dispose();
        vscode.__test.setActiveEditor('engine text', [[0, 6]]);
        const detail = await vscode.commands.executeCommand('fonsters.previewSelection');
        const panel = detail.panel;
        panel.__fromPage({ type: 'ready' });
        const init = await panel.__waitForPosted((/** @type {any} */ m) => m.type === 'init');
        assert.equal(init.engines.current, 'fonsters-v1');
        assert.equal(init.image.dataUri, (await request('creature/render', { seed: 'engine', engine: 'fonsters-v1', size: 512 })).dataUri);
        try {
          const before = panel.__posted.length;
          vscode.__test.setConfiguration('fonsters.defaultEngine', 'fonsters-v2');
          const redrawn = await panel.__waitForPosted((/** @type {any} */ m) => panel.__posted.indexOf(m) >= before && m.type === 'init');
          assert.equal(redrawn.engines.current, 'fonsters-v2');
          assert.equal(redrawn.image.dataUri, (await request('creature/render', { seed: 'engine', engine: 'fonsters-v2', size: 512 })).dataUri);
          assert.notEqual(redrawn.image.dataUri, init.image.dataUri);
          panel.__fromPage({ type: 'saveAsFonster', seed: 'engine' });
          const saved = await waitFor(async () => (await request('fonsters/list', {})).fonsters.find((/** @type {any} */ f) => f.seed === 'engine'), 'saved Fonster');
          assert.equal(saved.engine, 'fonsters-v2', 'saved with the engine it was previewed with');
          await request('fonsters/delete', { id: saved.id });
        } finally {
          vscode.__test.setConfiguration('fonsters.defaultEngine', undefined);
        }
        });
      });

      it('fonsters.saveSelection saves the selection directly; no selection is explained', async () => {
        vscode.__test.setActiveEditor('one two three', [[4, 7]]);
        const saved = await vscode.commands.executeCommand('fonsters.saveSelection');
        assert.equal(saved.seed, 'two');
        vscode.__test.setActiveEditor('nothing selected', [[3, 3]]);
        assert.equal(await vscode.commands.executeCommand('fonsters.previewSelection'), undefined);
        assert.match(vscode.__test.messages.info.at(-1).message, /Select some text first/);
      });
    });

    describe('server lifecycle', () => {
      it('fonsters.showServerLog shows the output channel; fonsters.refreshView reloads the tree', async () => {
        const channel = vscode.__test.outputChannels.get('Fonsters Server');
        const shown = channel.shown;
        await vscode.commands.executeCommand('fonsters.showServerLog');
        assert.equal(channel.shown, shown + 1);
        const view = vscode.__test.treeViews.get('fonsters.library');
        const refreshes = view.__refreshes;
        await vscode.commands.executeCommand('fonsters.refreshView');
        await waitFor(() => view.__refreshes > refreshes, 'tree refresh event');
      });

      it('recovers from a server crash: the tree reloads from the restarted server', async () => {
        const pid = win.api.host.connection.pid;
        process.kill(pid, 'SIGKILL');
        await waitFor(() => win.api.host.connection.state === 'running' && win.api.host.connection.pid !== pid, 'restarted server', 15000);
        const channel = vscode.__test.outputChannels.get('Fonsters Server');
        assert.match(channel.text, /restarting in \d+ ms/);
        // --memory: the new process starts empty, and the tree says so.
        await waitFor(async () => (await labels()).length === 0, 'tree shows the new (empty) store');
      });

      it('fonsters.restartServer starts a new process; a settings change does too', async () => {
        const pid = win.api.host.connection.pid;
        await vscode.commands.executeCommand('fonsters.restartServer');
        assert.notEqual(win.api.host.connection.pid, pid);
        assert.match(vscode.__test.messages.info.at(-1).message, /restarted/);
        const store = path.join(tmp, 'settings-store.sqlite');
        const pid2 = win.api.host.connection.pid;
        vscode.__test.setConfiguration('fonsters.storePath', store);
        await waitFor(() => win.api.host.connection && win.api.host.connection.pid !== pid2 && win.api.host.connection.state === 'running', 'server on the new store');
        assert.ok(win.api.host.connection.options.args.includes(store));
        const info = win.api.host.info();
        assert.equal(info.store.memory, false);
      });

      it('fonsters.logLevel "off" restarts the server with --log-level off, which then writes nothing', async () => {
        const channel = vscode.__test.outputChannels.get('Fonsters Server');
        const pid = win.api.host.connection.pid;
        await new Promise((resolve) => setTimeout(resolve, 100)); // the old server's last lines
        const mark = channel.text.length; // the new server's start-up lines too (at debug it logs them)
        vscode.__test.setConfiguration('fonsters.logLevel', 'off');
        await waitFor(() => win.api.host.connection && win.api.host.connection.pid !== pid && win.api.host.connection.state === 'running', 'server restarted');
        const args = win.api.host.connection.options.args;
        assert.equal(args[args.indexOf('--log-level') + 1], 'off');
        await create({ name: 'Quiet', seed: 'quiet' });
        await request('fonsters/undo', { id: (await create({ seed: 'loud' })).id }).catch(() => undefined); // an error, still silent
        await new Promise((resolve) => setTimeout(resolve, 300));
        const serverLines = channel.text.slice(mark).split('\n').filter((l) => l && !l.startsWith('[client '));
        assert.deepEqual(serverLines, [], 'no server output at level off');
        vscode.__test.setConfiguration('fonsters.logLevel', 'debug');
        await waitFor(() => win.api.host.connection.options.args.includes('debug') && win.api.host.connection.state === 'running', 'back to debug');
      });

      it('a missing server is reported readably, with actions, and the welcome view says it could not start', async () => {
        await create({ name: 'Hidden by failure', seed: 'row before the failure' });
        await waitFor(async () => (await labels()).length > 0, 'a row');
        vscode.__test.setConfiguration('fonsters.serverPath', path.join(tmp, 'no-such-server'));
        await waitFor(() => vscode.__test.messages.error.some((/** @type {any} */ m) => /was not found at/.test(m.message)), 'not-found error');
        const message = vscode.__test.messages.error.find((/** @type {any} */ m) => /was not found at/.test(m.message));
        assert.deepEqual(message.items, ['Show Log', 'Restart Server']);
        const view = vscode.__test.treeViews.get('fonsters.library');
        await waitFor(async () => (await labels()).length === 0, 'the tree empties, so the welcome shows');
        assert.equal(view.message, undefined, 'no message hides the welcome');
        assert.equal(vscode.__test.contextKeys.get('fonsters.serverState'), 'failed');
        let shown = welcome();
        assert.equal(shown.length, 1, JSON.stringify(shown));
        assert.match(shown[0], /^The Fonsters server could not start: fonsters-rpc was not found\./);
        assert.match(shown[0], /\[Show Server Log\]\(command:fonsters\.showServerLog\)\n\[Restart Server\]\(command:fonsters\.restartServer\)$/);
        assert.doesNotMatch(shown[0], /No Fonsters yet/);

        const notExecutable = path.join(tmp, 'not-executable');
        fs.writeFileSync(notExecutable, '#!/bin/sh\n', { mode: 0o644 });
        vscode.__test.setConfiguration('fonsters.serverPath', notExecutable);
        await waitFor(() => vscode.__test.contextKeys.get('fonsters.serverFailure') === 'notExecutable', 'not-executable failure');
        shown = welcome();
        assert.equal(shown.length, 1, JSON.stringify(shown));
        assert.match(shown[0], /^The Fonsters server could not start: the fonsters-rpc file is not executable\./);

        vscode.__test.setConfiguration('fonsters.serverPath', kind.command);
        await waitFor(() => win.api.host.connection.state === 'running', 'back to a working server');
        assert.equal(vscode.__test.contextKeys.get('fonsters.serverState'), 'running');
        assert.match(welcome()[0], /^No Fonsters yet\./, 'an empty (new --memory) library again');
      });
    });

    it('every contributed command was run by these tests', () => {
      const run = new Set(vscode.__test.calls.filter((/** @type {any} */ c) => c.method === 'executeCommand').map((/** @type {any} */ c) => c.args[0]));
      const missing = manifest.contributes.commands.map((/** @type {any} */ c) => c.command).filter((/** @type {string} */ c) => !run.has(c));
      assert.deepEqual(missing, []);
    });
  });

  describe(`two windows on one store — ${kind.name}`, { skip: kind.skip }, () => {
    it('a change in one window appears in the other\'s tree (fonsters/didChange "external")', async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fonsters-two-'));
      const store = path.join(dir, 'library.sqlite');
      const a = await activateExtension({ serverCommand: kind.command, storePath: store });
      const b = await activateExtension({ serverCommand: kind.command, storePath: store });
      try {
        const treeOf = (/** @type {any} */ w) => w.vscode.__test.treeViews.get('fonsters.library');
        a.vscode.__test.script('showInputBox', 'Shared between windows');
        await a.vscode.commands.executeCommand('fonsters.add');
        await waitFor(async () => (await treeOf(b).__render()).some((/** @type {any} */ r) => r.item.label === 'Shared between windows'), 'window B sees the new Fonster', 15000);
        const rowB = (await treeOf(b).__render()).find((/** @type {any} */ r) => r.item.label === 'Shared between windows');
        b.vscode.__test.script('showInputBox', 'Renamed in B');
        await b.vscode.commands.executeCommand('fonsters.rename', rowB.element);
        await waitFor(async () => (await treeOf(a).__render()).some((/** @type {any} */ r) => r.item.label === 'Renamed in B'), 'window A sees the rename', 15000);
        // The library's default engine set in window A: window B says it and creates with it.
        a.vscode.__test.script('showQuickPick', (/** @type {any[]} */ items) => items.find((i) => i.label === 'fonsters-v1'));
        assert.equal(await a.vscode.commands.executeCommand('fonsters.chooseDefaultEngine'), 'fonsters-v1');
        await waitFor(() => /new: fonsters-v1$/.test(treeOf(b).description || ''), 'window B follows the library\'s default engine', 15000);
        b.vscode.__test.script('showInputBox', 'Made in B');
        assert.equal((await b.vscode.commands.executeCommand('fonsters.add')).engine, 'fonsters-v1');
      } finally {
        await a.deactivate();
        await b.deactivate();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });
  });
}

/** The engine's export file name rule, for the one case we assert by hand. */
function expectedFileName(/** @type {string} */ name, /** @type {string} */ ext) {
  return `${name.trim().replace(/[\s\\/:*?"<>|]+/g, '_')}.${ext}`;
}
