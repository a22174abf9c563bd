// @ts-check
'use strict';

/**
 * The `fonsters` language in the extension: a `.fonsters` document opened,
 * edited and closed in the fake VS Code reaches the real fonsters-rpc, whose
 * diagnostics land in the DiagnosticCollection; the registered providers give
 * the server's hover, inlay hints, code actions (applied as VS Code applies
 * them), symbols and completion; the commands add to the library. Look-alikes
 * are found by the engine (creature/describe), never written down here.
 */

const { describe, it, before, after } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { activateExtension } = require('./helpers/load-extension');
const { serverKinds, EXTENSION_ROOT } = require('./helpers/servers');
const { waitFor } = require('./helpers/wait');
const { decodePng } = require('./helpers/png');

const WORDS = ['cat', 'dog', 'sun', 'moon', 'tree', 'fish', 'bird', 'star', 'rock', 'leaf', 'rain', 'snow'];
const manifest = JSON.parse(fs.readFileSync(path.join(EXTENSION_ROOT, 'package.json'), 'utf8'));

for (const kind of serverKinds()) {
  describe(`fonsters language — ${kind.name}`, { skip: kind.skip }, () => {
    /** @type {any} */ let win;
    /** @type {any} */ let vscode;
    /** @type {string[]} */ let twins;
    const token = { isCancellationRequested: false, onCancellationRequested: () => ({ dispose() {} }) };
    const provider = (/** @type {string} */ which) => {
      const [p] = vscode.__test.providersFor(which, 'fonsters');
      assert.ok(p, `a ${which} provider for fonsters`);
      return p;
    };
    const diagnosticsOf = (/** @type {any} */ document) => vscode.__test.collections.get('fonsters').get(document.uri.toString());

    before(async () => {
      win = await activateExtension({ serverCommand: kind.command, settings: { 'fonsters.serverArgs': ['--no-starter', '--engine', 'fonsters-v1'], 'fonsters.storePath': ':memory:' } });
      vscode = win.vscode;
      await win.api.started;
      // Two words the engine draws alike under fonsters-v1.
      const seen = new Map();
      for (const word of WORDS) {
        const d = await win.api.host.request('creature/describe', { seed: word, engine: 'fonsters-v1' });
        const key = JSON.stringify([d.grid, d.colors]);
        if (seen.has(key)) { twins = [seen.get(key), word]; break; }
        seen.set(key, word);
      }
      assert.ok(twins, `two of ${WORDS} look alike in fonsters-v1`);
    });

    after(async () => {
      await win.deactivate();
    });

    it('contributes the fonsters language for .fonsters files (VS Code activates on it)', () => {
      const language = manifest.contributes.languages.find((/** @type {any} */ l) => l.id === 'fonsters');
      assert.deepEqual(language.extensions, ['.fonsters']);
      const configuration = JSON.parse(fs.readFileSync(path.join(EXTENSION_ROOT, language.configuration), 'utf8'));
      assert.equal(configuration.comments.lineComment, '#');
    });

    it('shows the look-alike warning, follows edits, and forgets a closed document', async () => {
      const [a, b] = twins;
      const document = vscode.__test.openDocument('/work/crew.fonsters', `# engine: fonsters-v1\n${a}\n${b}\n`);
      const diagnostics = await waitFor(() => { const d = diagnosticsOf(document); return d && d.length && d; }, 'diagnostics');
      const warning = diagnostics.find((/** @type {any} */ d) => d.range.start.line === 2 && d.code === 'same-picture');
      assert.ok(warning, JSON.stringify(diagnostics));
      assert.equal(warning.severity, vscode.DiagnosticSeverity.Warning);
      assert.equal(warning.message, `Looks exactly like line 2, “${a}”, in fonsters-v1.`);
      assert.equal(warning.relatedInformation[0].location.range.start.line, 1);
      assert.equal(warning.relatedInformation[0].location.uri.toString(), document.uri.toString());
      // Edit line 2 into a comment: the warning goes.
      vscode.__test.editDocument(document, new vscode.Range(2, 0, 2, 0), '# ');
      await waitFor(() => { const d = diagnosticsOf(document); return d && !d.some((/** @type {any} */ x) => x.code === 'same-picture'); }, 'the warning to go');
      vscode.__test.closeDocument(document);
      assert.equal(diagnosticsOf(document), undefined);
      // Not ours: a plain text document is never sent.
      const notes = vscode.__test.openDocument('/work/notes.txt', `${a}\n${a}\n`, 'plaintext');
      assert.equal(win.api.language.open.has(notes.uri.toString()), false);
      assert.equal(win.api.language.open.has(document.uri.toString()), false, 'the closed document is forgotten');
    });

    it('hovers with the creature on its sky, labels lines, lists symbols', async () => {
      const document = vscode.__test.openDocument('/work/hover.fonsters', '# crew\nhello\n');
      await waitFor(() => diagnosticsOf(document), 'the first diagnostics');
      const hover = await provider('hover').provideHover(document, new vscode.Position(1, 1), token);
      const markdown = hover.contents[0].value;
      const uri = /\]\((data:image\/png;base64,[^)]+)\)/.exec(markdown);
      assert.ok(uri, markdown.slice(0, 200));
      const png = decodePng(Buffer.from(uri[1].split(',')[1], 'base64'));
      assert.equal(png.width, 128);
      assert.equal(await provider('hover').provideHover(document, new vscode.Position(0, 1), token), undefined, 'a comment has no hover');
      const hints = await provider('inlayHints').provideInlayHints(document, new vscode.Range(0, 0, 2, 0), token);
      assert.deepEqual(hints.map((/** @type {any} */ h) => [h.position.line, h.position.character]), [[1, 5]]);
      const symbols = await provider('documentSymbols').provideDocumentSymbols(document, token);
      // Named by the seed; the creature (what the line's label says) is the detail.
      assert.deepEqual(symbols.map((/** @type {any} */ s) => [s.name, s.kind]), [['hello', vscode.SymbolKind.Object]]);
      assert.ok(symbols[0].detail.includes(hints[0].label), `${symbols[0].detail} names ${hints[0].label}`);
      vscode.__test.closeDocument(document);
    });

    it('applies the quick fix as VS Code would, and completes with distinct variants', async () => {
      const [a, b] = twins;
      const document = vscode.__test.openDocument('/work/fix.fonsters', `${a}\n${b}\n`);
      const diagnostics = await waitFor(() => { const d = diagnosticsOf(document); return d && d.length && d; }, 'diagnostics');
      const onLine = diagnostics.filter((/** @type {any} */ d) => d.range.start.line === 1);
      const actions = await provider('codeActions').provideCodeActions(document, new vscode.Range(1, 0, 1, 0), { diagnostics: onLine, triggerKind: 1 }, token);
      const fix = actions.find((/** @type {any} */ x) => x.title.startsWith('Use a distinct variant'));
      assert.ok(fix && fix.isPreferred && fix.kind === vscode.CodeActionKind.QuickFix, actions.map((/** @type {any} */ x) => x.title).join(', '));
      assert.deepEqual(fix.diagnostics, onLine.filter((/** @type {any} */ d) => d.code === 'same-picture'));
      assert.ok(await vscode.workspace.applyEdit(fix.edit));
      await waitFor(() => { const d = diagnosticsOf(document); return d && !d.some((/** @type {any} */ x) => x.code === 'same-picture'); }, 'the fix to clear the warning');
      const completion = await provider('completion').provideCompletionItems(document, new vscode.Position(0, a.length), token, {});
      assert.ok(completion.items.length > 0);
      for (const item of completion.items) {
        assert.equal(item.range.start.line, 0);
        assert.equal(item.insertText, item.label);
      }
      // The "add" command goes through workspace/executeCommand.
      const add = actions.find((/** @type {any} */ x) => x.command && x.command.command === 'fonsters.addToLibrary');
      const created = await vscode.commands.executeCommand(add.command.command, ...add.command.arguments);
      assert.equal(created.seed, b);
      const listed = await win.api.host.request('fonsters/list', {});
      assert.ok(listed.fonsters.some((/** @type {any} */ f) => f.seed === b));
      vscode.__test.closeDocument(document);
    });
  });
}
