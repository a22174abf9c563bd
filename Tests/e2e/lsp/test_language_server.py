"""The language server as an editor meets it: a real fonsters-rpc process over stdio, driven by
pytest-lsp, every message checked against lsprotocol's LSP 3.17 types (strict.py).
Look-alikes are found by the engine itself (creature/describe), never written down here."""
import asyncio
import base64
import io
import os
import pathlib

import pytest
import pytest_lsp
from lsprotocol import types
from PIL import Image
from pytest_lsp import ClientServerConfig, LanguageClient

import strict
from conftest import BACKSTOP, wait_until_async

ROOT_DIR = pathlib.Path(__file__).resolve().parents[3]
SERVER = os.environ.get("FONSTERS_BIN", str(ROOT_DIR / ".build/debug/fonsters-rpc"))


def config(*args):
    return ClientServerConfig(server_command=[SERVER, "--memory", "--no-starter", "--engine", "fonsters-v1", *args],
                              client_factory=strict.make_client)


async def start(client: LanguageClient, utf8=False):
    general = types.GeneralClientCapabilities(position_encodings=[types.PositionEncodingKind.Utf8, types.PositionEncodingKind.Utf16]) if utf8 else None
    capabilities = types.ClientCapabilities(
        general=general,
        text_document=types.TextDocumentClientCapabilities(
            publish_diagnostics=types.PublishDiagnosticsClientCapabilities(related_information=True, version_support=True),
            hover=types.HoverClientCapabilities(content_format=[types.MarkupKind.Markdown]),
            inlay_hint=types.InlayHintClientCapabilities(),
            code_action=types.CodeActionClientCapabilities(code_action_literal_support=types.ClientCodeActionLiteralOptions(
                code_action_kind=types.ClientCodeActionKindOptions(value_set=[types.CodeActionKind.QuickFix, types.CodeActionKind.Source]))),
            completion=types.CompletionClientCapabilities(completion_item=types.ClientCompletionItemOptions(documentation_format=[types.MarkupKind.Markdown])),
            document_symbol=types.DocumentSymbolClientCapabilities(hierarchical_document_symbol_support=True),
        ),
        window=types.WindowClientCapabilities(work_done_progress=True),
    )
    return await client.initialize_session(types.InitializeParams(capabilities=capabilities))


async def finish(client: LanguageClient):
    await client.shutdown_session()
    protocol = client.protocol
    assert protocol.violations == [], "\n".join(protocol.violations)
    assert protocol.checked > 0


@pytest_lsp.fixture(config=config())
async def client(lsp_client: LanguageClient):
    """A session in UTF-16 (the client offers no other encoding)."""
    lsp_client.initialize_result = await start(lsp_client)
    yield
    await finish(lsp_client)


@pytest_lsp.fixture(config=config())
async def client8(lsp_client: LanguageClient):
    """A session whose client offers UTF-8."""
    lsp_client.initialize_result = await start(lsp_client, utf8=True)
    yield
    await finish(lsp_client)


URI = "file:///work/team.fonsters"
WORDS = ["cat", "dog", "sun", "moon", "tree", "fish", "bird", "star", "rock", "leaf", "rain", "snow", "fire", "wind", "lake", "hill"]


async def wait_for(condition, what):
    """Waits until `condition()` gives a value other than None (checked as messages arrive, up to
    the backstop)."""
    found = await wait_until_async(lambda: (lambda value: None if value is None else [value])(condition()), what)
    return found[0]


async def published(client, uri, version):
    """The diagnostics published for `uri` at `version`."""
    def found():
        for params in client.protocol.published:
            if params["uri"] == uri and params.get("version") == version:
                return params["diagnostics"]
        return None
    return await wait_for(found, f"diagnostics of {uri} version {version}")


def open_document(client, text, uri=URI, version=1):
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=uri, language_id="fonsters", version=version, text=text)))


def change(client, version, start, end, text, uri=URI):
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
        content_changes=[types.TextDocumentContentChangePartial(
            range=types.Range(start=types.Position(line=start[0], character=start[1]), end=types.Position(line=end[0], character=end[1])),
            text=text)]))


def plain(value):
    """A result pygls gave as named tuples, as plain dicts and lists."""
    if hasattr(value, "_asdict"):
        return {k: plain(v) for k, v in value._asdict().items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    return value


async def call(client, method, params):
    """The result of one of the server's own methods."""
    return plain(await client.protocol.send_request_async(method, params))


async def picture(client, seed, engine):
    """What `seed` draws, as the server describes it (grid and colours)."""
    described = await call(client, "creature/describe", {"seed": seed, "engine": engine})
    return (tuple(described["grid"]), tuple(described["colors"]))


async def twins(client, engine="fonsters-v1"):
    """Two words of WORDS that draw the same picture under `engine`."""
    seen = {}
    for word in WORDS:
        key = await picture(client, word, engine)
        if key in seen:
            return seen[key], word
        seen[key] = word
    pytest.fail(f"no two of {WORDS} look alike in {engine}")


def utf16(text):
    return len(text.encode("utf-16-le")) // 2


@pytest.mark.asyncio
async def test_initialize_advertises_the_features_and_utf16_by_default(client):
    caps = client.initialize_result.capabilities
    assert caps.position_encoding == types.PositionEncodingKind.Utf16
    assert caps.text_document_sync.open_close and caps.text_document_sync.change == types.TextDocumentSyncKind.Incremental
    assert caps.hover_provider and caps.inlay_hint_provider and caps.document_symbol_provider
    assert list(caps.code_action_provider.code_action_kinds) == [types.CodeActionKind.QuickFix, types.CodeActionKind.Source, "source.fixAll.fonsters"]
    assert caps.completion_provider is not None
    assert list(caps.execute_command_provider.commands) == ["fonsters.addToLibrary", "fonsters.addAllToLibrary"]
    assert "textDocument/hover" in caps.experimental["methods"]


@pytest.mark.asyncio
async def test_initialize_agrees_on_utf8_when_the_client_offers_it(client8):
    assert client8.initialize_result.capabilities.position_encoding == types.PositionEncodingKind.Utf8


@pytest.mark.asyncio
async def test_a_line_that_looks_exactly_like_another_is_a_warning_naming_it(client):
    a, b = await twins(client)
    open_document(client, f"# engine: fonsters-v1\n{a}\n# a comment\n{b}\n")
    diagnostics = await published(client, URI, 1)
    same = [d for d in diagnostics if d["code"] == "same-picture"]
    assert [d["range"]["start"]["line"] for d in same] == [1, 3]
    warning = same[1]
    assert warning["severity"] == 2 and warning["source"] == "fonsters"
    assert warning["message"] == f"Looks exactly like line 2, “{a}”, in fonsters-v1."
    assert warning["range"]["end"] == {"line": 3, "character": utf16(b)}
    assert [r["location"]["range"]["start"]["line"] for r in warning["relatedInformation"]] == [1]
    assert all(r["location"]["uri"] == URI for r in warning["relatedInformation"])


@pytest.mark.asyncio
async def test_an_edit_republishes_with_its_version_and_the_warning_goes(client):
    a, b = await twins(client)
    open_document(client, f"{a}\n{b}\n")
    assert len([d for d in await published(client, URI, 1) if d["code"] == "same-picture"]) == 2
    # Type a distinct seed over the second line (the engine decides it is distinct).
    other = None
    for word in WORDS:
        if await picture(client, word, "fonsters-v1") != await picture(client, a, "fonsters-v1"):
            other = word
            break
    change(client, 2, (1, 0), (1, utf16(b)), other)
    diagnostics = await published(client, URI, 2)
    assert [d for d in diagnostics if d["code"] == "same-picture"] == []


@pytest.mark.asyncio
async def test_directives_choose_the_engine_below_them(client):
    a, b = await twins(client)
    if await picture(client, a, "fonsters-v2") == await picture(client, b, "fonsters-v2"):
        pytest.fail(f"{a} and {b} look alike in fonsters-v2 too")
    open_document(client, f"# engine: fonsters-v2\n{a}\n{b}\n# engine: fonsters-v9\n")
    diagnostics = await published(client, URI, 1)
    assert [d["code"] for d in diagnostics] == ["unknown-engine"]
    assert diagnostics[0]["severity"] == 1 and diagnostics[0]["range"]["start"]["line"] == 3


@pytest.mark.asyncio
async def test_hover_shows_the_creature_as_a_png_on_its_sky_and_null_elsewhere(client):
    open_document(client, "# crew\nhello\n")
    await published(client, URI, 1)
    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=URI), position=types.Position(line=1, character=2)))
    value = hover.contents.value
    assert hover.contents.kind == types.MarkupKind.Markdown
    uri = value[value.index("](data:image/png;base64,") + 2:value.rindex(")")]
    image = Image.open(io.BytesIO(base64.b64decode(uri.split(",", 1)[1])))
    image.load()
    assert image.format == "PNG" and image.size == (128, 128)
    assert image.convert("RGBA").getpixel((0, 0))[3] == 255, "the sky is opaque"
    assert "**hello**" in value and "fonsters-v1" in value and "`tier`" in value
    for line, character in [(0, 3), (2, 0), (40, 0), (1, 99)]:
        assert await client.text_document_hover_async(types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=URI), position=types.Position(line=line, character=character))) is None


@pytest.mark.asyncio
async def test_positions_count_utf16_units_by_default(client):
    await check_invisible_positions(client, utf16)


@pytest.mark.asyncio
async def test_positions_count_utf8_bytes_when_the_client_offers_it(client8):
    await check_invisible_positions(client8, lambda s: len(s.encode("utf-8")))


async def check_invisible_positions(client, length):
    line = "🦊e\u0301x\u200by "
    open_document(client, f"\\#{line}\n")
    diagnostics = await published(client, URI, 1)
    ranges = {d["message"].split(" ")[1]: d["range"] for d in diagnostics if d["code"] == "invisible-characters"}
    text = "\\#" + line
    zero = text.index("\u200b")
    assert ranges["invisible"] == {"start": {"line": 0, "character": length(text[:zero])}, "end": {"line": 0, "character": length(text[:zero + 1])}}
    assert ranges["space"] == {"start": {"line": 0, "character": length(text[:-1])}, "end": {"line": 0, "character": length(text)}}
    # An edit between the e and its combining mark lands there.
    change(client, 2, (0, length(text[:4])), (0, length(text[:4])), "Z")
    await published(client, URI, 2)
    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=URI), position=types.Position(line=0, character=0)))
    assert "🦊eZ\u0301x" in hover.contents.value.replace("\\", "")


@pytest.mark.asyncio
async def test_inlay_hints_and_symbols_name_each_seed_line(client):
    open_document(client, "alpha\n# note\n\nbravo\n")
    await published(client, URI, 1)
    hints = await client.text_document_inlay_hint_async(types.InlayHintParams(
        text_document=types.TextDocumentIdentifier(uri=URI), range=types.Range(start=types.Position(line=0, character=0), end=types.Position(line=4, character=0))))
    assert [(h.position.line, h.position.character) for h in hints] == [(0, 5), (3, 5)]
    assert all(h.label for h in hints)
    symbols = await client.text_document_document_symbol_async(types.DocumentSymbolParams(text_document=types.TextDocumentIdentifier(uri=URI)))
    assert [(s.name, s.range.start.line) for s in symbols] == [("alpha", 0), ("bravo", 3)]
    assert [s.detail for s in symbols] == [h.label for h in hints]


@pytest.mark.asyncio
async def test_the_quick_fix_gives_a_distinct_variant_and_the_warning_goes(client):
    a, b = await twins(client)
    open_document(client, f"# engine: fonsters-v1\n{a}\n{b}\n")
    diagnostics = await published(client, URI, 1)
    ours = [types.Diagnostic(range=types.Range(start=types.Position(line=2, character=0), end=types.Position(line=2, character=utf16(b))),
                             message=d["message"], severity=types.DiagnosticSeverity.Warning, code=d["code"], source="fonsters")
            for d in diagnostics if d["range"]["start"]["line"] == 2]
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=URI), range=types.Range(start=types.Position(line=2, character=0), end=types.Position(line=2, character=0)),
        context=types.CodeActionContext(diagnostics=ours)))
    titles = [a.title for a in actions]
    fix = next(a for a in actions if a.title.startswith("Use a distinct variant"))
    assert fix.is_preferred and fix.kind == types.CodeActionKind.QuickFix and len(fix.diagnostics) == len(ours)
    assert "Draw these lines with fonsters-v2" in titles
    assert f"Add “{b}” to the library" in titles and "Add all seeds to the library" in titles
    (edit,) = fix.edit.changes[URI]
    variant = edit.new_text
    assert variant != b
    change(client, 2, (2, 0), (2, utf16(b)), variant)
    assert [d for d in await published(client, URI, 2) if d["code"] in ("same-picture", "nearly-same-picture")] == []
    # The directive fix rewrites the directive in force.
    v2 = next(a for a in actions if a.title == "Draw these lines with fonsters-v2")
    assert v2.edit.changes[URI][0].new_text == "# engine: fonsters-v2"


@pytest.mark.asyncio
async def test_completion_offers_variants_distinct_from_every_other_line(client):
    a, b = await twins(client)
    open_document(client, f"{a}\n{b}\n")
    await published(client, URI, 1)
    completion = await client.text_document_completion_async(types.CompletionParams(
        text_document=types.TextDocumentIdentifier(uri=URI), position=types.Position(line=1, character=utf16(b))))
    items = completion.items
    assert items, "some variants"
    taken = {await picture(client, a, "fonsters-v1")}
    for item in items:
        assert item.text_edit.range.start.line == 1 and item.text_edit.new_text == item.label
        assert await picture(client, item.label, "fonsters-v1") not in taken


@pytest.mark.asyncio
async def test_add_to_library_creates_a_fonster_and_the_line_is_then_told_so(client):
    open_document(client, "hello\nworld\n")
    await published(client, URI, 1)
    created = plain(await client.workspace_execute_command_async(types.ExecuteCommandParams(
        command="fonsters.addToLibrary", arguments=[{"seed": "hello", "engine": "fonsters-v1"}])))
    assert created["seed"] == "hello" and created["engine"] == "fonsters-v1"
    diagnostics = await wait_for(lambda: next((p["diagnostics"] for p in reversed(client.protocol.published)
                                               if any(d["code"] == "in-library" for d in p["diagnostics"])), None), "the library diagnostic")
    (told,) = [d for d in diagnostics if d["code"] == "in-library" and d["range"]["start"]["line"] == 0]
    assert told["severity"] == 3 and told["message"] == "Draws the picture of “hello” in your library."
    added = plain(await client.workspace_execute_command_async(types.ExecuteCommandParams(command="fonsters.addAllToLibrary", arguments=[{"uri": URI}])))
    assert added == {"created": 1, "skipped": 1}
    listed = await call(client, "fonsters/list", {})
    assert sorted(f["seed"] for f in listed["fonsters"]) == ["hello", "world"]


@pytest.mark.asyncio
async def test_bad_input_gets_a_clear_answer_and_changes_nothing(client):
    open_document(client, "alpha\n")
    await published(client, URI, 1)
    # A change to a document that is not open, an impossible range, a document over the limit:
    # each is refused in the client's log, and the document stays as it was.
    change(client, 2, (0, 0), (0, 0), "x", uri="file:///not-open.fonsters")
    change(client, 2, (9, 0), (9, 1), "x")
    open_document(client, "y" * ((16 << 20) + 1), uri="file:///huge.fonsters")
    logged = await wait_for(lambda: client.protocol.logged if len(client.protocol.logged) >= 3 else None, "three refusals")
    messages = [m["message"] for m in logged]
    assert all(m["type"] == 1 for m in logged)
    assert "not open" in messages[0] and "Line 9 is past the end" in messages[1] and "at most 16,777,216 bytes" in messages[2]
    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=URI), position=types.Position(line=0, character=0)))
    assert "**alpha**" in hover.contents.value
    # A request about a document that is not open is invalid params.
    with pytest.raises(Exception, match="is not open"):
        await client.text_document_hover_async(types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri="file:///nope.fonsters"), position=types.Position(line=0, character=0)))


@pytest.mark.slow
def test_a_100_mb_document_is_refused_and_the_server_goes_on():
    """Past the transport's message bound: a parse error (id null) says so; nothing is opened."""
    import json
    import subprocess
    server = subprocess.Popen([SERVER, "--stdio", "--memory", "--no-starter"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)

    def send(message):
        body = json.dumps(message).encode()
        server.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        server.stdin.flush()

    def receive():
        length = None
        while True:
            line = server.stdout.readline()
            assert line, "the server closed its output"
            if line in (b"\r\n", b"\n"):
                break
            if line.lower().startswith(b"content-length:"):
                length = int(line.split(b":")[1])
        return json.loads(server.stdout.read(length))

    try:
        send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}})
        assert receive()["id"] == 1
        send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
            "uri": "file:///huge.fonsters", "languageId": "fonsters", "version": 1, "text": "x" * (100 << 20)}}})
        refusal = receive()
        assert refusal["id"] is None and refusal["error"]["code"] == -32700
        assert "exceeds the limit" in refusal["error"]["message"]
        send({"jsonrpc": "2.0", "id": 2, "method": "textDocument/hover", "params": {
            "textDocument": {"uri": "file:///huge.fonsters"}, "position": {"line": 0, "character": 0}}})
        answer = receive()
        assert answer["id"] == 2 and answer["error"]["code"] == -32602 and "is not open" in answer["error"]["message"]
    finally:
        server.stdin.close()
        server.wait(timeout=BACKSTOP)


@pytest.mark.asyncio
async def test_a_fonster_made_elsewhere_is_told_on_the_open_documents(client):
    open_document(client, "gamma\ndelta\n")
    assert [d for d in await published(client, URI, 1) if d["code"] == "in-library"] == []
    before = len(client.protocol.published)
    await call(client, "fonsters/create", {"name": "Gus", "seed": "gamma", "engine": "fonsters-v1"})
    diagnostics = await wait_for(lambda: next((p["diagnostics"] for p in client.protocol.published[before:]
                                               if any(d["code"] == "in-library" for d in p["diagnostics"])), None), "the library diagnostic")
    told = [d for d in diagnostics if d["code"] == "in-library" and d["range"]["start"]["line"] == 0]
    assert told and told[0]["message"].startswith("Draws the picture of “Gus” in your library")
