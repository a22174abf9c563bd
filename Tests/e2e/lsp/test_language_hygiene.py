"""The language server's protocol hygiene, settings, diagnostics that stay small, pull diagnostics,
documents within the memory budget, and one language server per WebSocket session: a real
fonsters-rpc process, every stdio message checked against lsprotocol's LSP 3.17 types (strict.py)."""
import json
import re
import subprocess

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import LanguageClient
from websockets.sync.client import connect

import strict
from test_language_server import (URI, call, change, config, finish, open_document, published, twins, utf16, wait_for)

FONSTERS = "fonsters"


def capabilities(encodings=None, pull=False, configuration=False):
    return types.ClientCapabilities(
        general=types.GeneralClientCapabilities(position_encodings=encodings) if encodings else None,
        workspace=types.WorkspaceClientCapabilities(configuration=configuration),
        text_document=types.TextDocumentClientCapabilities(
            publish_diagnostics=types.PublishDiagnosticsClientCapabilities(related_information=True, version_support=True),
            diagnostic=types.DiagnosticClientCapabilities() if pull else None,
            hover=types.HoverClientCapabilities(content_format=[types.MarkupKind.Markdown]),
            code_action=types.CodeActionClientCapabilities(code_action_literal_support=types.ClientCodeActionLiteralOptions(
                code_action_kind=types.ClientCodeActionKindOptions(value_set=[types.CodeActionKind.QuickFix, types.CodeActionKind.Source]))),
        ),
        window=types.WindowClientCapabilities(show_message=types.ShowMessageRequestClientCapabilities()),
    )


async def start(client: LanguageClient, **kwargs):
    client.initialize_result = await client.initialize_session(types.InitializeParams(capabilities=capabilities(**kwargs)))
    return client.initialize_result


@pytest_lsp.fixture(config=config())
async def client(lsp_client: LanguageClient):
    yield lsp_client
    await finish(lsp_client)


@pytest_lsp.fixture(config=config("--memory-budget", str(6 << 20)))
async def small(lsp_client: LanguageClient):
    """A server whose memory budget is 6 MiB."""
    yield lsp_client
    await finish(lsp_client)


# ---- initialize ----

@pytest.mark.asyncio
async def test_initialize_passes_strict_parsing_with_our_facts_under_experimental(client):
    result = await start(client)
    experimental = result.capabilities.experimental
    assert experimental["engine"] in experimental["engines"] and experimental["store"]["memory"] is True
    assert result.capabilities.diagnostic_provider is not None
    # strict.py checks the result with no keys of ours let through (finish asserts no violations).


@pytest.mark.asyncio
async def test_the_clients_order_of_encodings_is_respected(client):
    result = await start(client, encodings=[types.PositionEncodingKind.Utf16, types.PositionEncodingKind.Utf8])
    assert result.capabilities.position_encoding == types.PositionEncodingKind.Utf16


@pytest.mark.asyncio
async def test_a_utf32_only_client_gets_utf32_positions(client):
    result = await start(client, encodings=[types.PositionEncodingKind.Utf32])
    assert result.capabilities.position_encoding == types.PositionEncodingKind.Utf32
    # A zero-width space after an emoji: in UTF-32 the emoji is one unit (two in UTF-16).
    open_document(client, "🦊\u200bfox\n")
    found = [d for d in await published(client, URI, 1) if d["code"] == "invisible-characters"]
    assert found and found[0]["range"]["start"] == {"line": 0, "character": 1} and found[0]["range"]["end"]["character"] == 2
    assert utf16("🦊") == 2


# ---- documents ----

@pytest.mark.asyncio
async def test_documents_of_another_language_are_ignored(client):
    await start(client)
    a, b = await twins(client)
    readme = "file:///work/README.md"
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=readme, language_id="markdown", version=1, text=f"{a}\n{b}\n# engine:\n")))
    change(client, 2, (0, 0), (0, 0), "x", uri=readme)
    # A fonsters document opened after it is analysed: by then the README's open was handled.
    open_document(client, f"{a}\n{b}\n")
    assert len(await published(client, URI, 1)) == 2
    assert [p for p in client.protocol.published if p["uri"] == readme] == []
    assert client.protocol.logged == [], "a change to an ignored document is no error"
    with pytest.raises(Exception, match="is not a fonsters document"):
        await client.text_document_hover_async(types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=readme), position=types.Position(line=0, character=0)))


@pytest.mark.asyncio
async def test_an_engine_line_naming_nothing_is_an_error(client):
    await start(client)
    open_document(client, "# engine:\nalpha\n")
    errors = [d for d in await published(client, URI, 1) if d["severity"] == types.DiagnosticSeverity.Error]
    assert len(errors) == 1 and errors[0]["code"] == "unknown-engine" and errors[0]["range"]["start"]["line"] == 0
    assert "names no engine" in errors[0]["message"]


@pytest.mark.asyncio
async def test_a_version_going_backwards_is_refused_and_the_document_stays(client):
    await start(client)
    open_document(client, "alpha\n", version=5)
    await published(client, URI, 5)
    change(client, 4, (0, 0), (0, 5), "omega")
    refusal = await wait_for(lambda: client.protocol.logged[0] if client.protocol.logged else None, "the refusal")
    assert refusal["type"] == 1 and "version 4 is older than the document's 5" in refusal["message"]
    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=URI), position=types.Position(line=0, character=0)))
    assert "alpha" in hover.contents.value and "omega" not in hover.contents.value


@pytest.mark.asyncio
async def test_a_byte_order_mark_is_not_part_of_the_first_seed(client):
    await start(client)
    open_document(client, "\ufeffhello\nhello\n")
    diagnostics = await published(client, URI, 1)
    assert sorted(d["range"]["start"]["line"] for d in diagnostics if d["code"] == "same-picture") == [0, 1]
    assert [d for d in diagnostics if d["code"] == "invisible-characters"] == []


@pytest.mark.asyncio
async def test_a_document_over_16_mib_is_refused_and_shown(client):
    await start(client)
    open_document(client, "alpha\n")
    await published(client, URI, 1)
    open_document(client, "y" * ((16 << 20) + 1), uri="file:///huge.fonsters")
    message = await wait_for(lambda: client.messages[0] if client.messages else None, "the message shown")
    assert message.type == types.MessageType.Error and "at most 16,777,216 bytes" in message.message
    with pytest.raises(Exception, match="is not open"):
        await client.text_document_hover_async(types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri="file:///huge.fonsters"), position=types.Position(line=0, character=0)))


@pytest.mark.asyncio
async def test_documents_open_while_the_budget_allows_and_a_refusal_is_shown(small):
    await start(small)
    # Each document is 1.2 MB of text: reserved at about twice that, so the 6 MiB budget holds
    # two, not three; closing one makes room again.
    # They are opened one at a time, as a person does, each once it is answered: published (its
    # analysis may be refused and shown as a warning) or refused (shown as an error).
    text = "".join(f"{n:07d} " + "x" * 1192 + "\n" for n in range(1000))
    opened = []

    def open_refusal():
        return next((m for m in small.messages if m.type == types.MessageType.Error), None)
    for n in range(4):
        uri = f"file:///work/big{n}.fonsters"
        open_document(small, text, uri=uri)
        opened.append(uri)
        await wait_for(lambda: open_refusal() or next((p for p in small.protocol.published if p["uri"] == uri), None),
                       f"document {n} answered")
        if open_refusal():
            break
    message = open_refusal()
    assert message and "memory budget has no room" in message.message, [m.message for m in small.messages]
    refused = opened[-1]
    assert len(opened) >= 2, "at least one document fits"
    small.text_document_did_close(types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=opened[0])))
    open_document(small, text, uri=refused, version=2)
    await published(small, refused, 2)


# ---- diagnostics ----

async def many_twins(client, pairs):
    a, b = await twins(client)
    return "".join(f"{a}\n{b}\n" for _ in range(pairs))


@pytest.mark.asyncio
async def test_problems_are_capped_by_the_setting_with_a_summary(client):
    client.set_configuration({"maxProblems": 5}, section=FONSTERS)
    await start(client, configuration=True)
    open_document(client, await many_twins(client, 10))

    def capped():
        for params in client.protocol.published:
            summary = [d for d in params["diagnostics"] if d["code"] == "more-problems"]
            if summary and "at most 5" in summary[0]["message"]:
                return params["diagnostics"]
        return None
    diagnostics = await wait_for(capped, "the capped diagnostics")
    assert len(diagnostics) == 6 and diagnostics[-1]["message"].startswith("15 more problems are not shown")
    assert all(len(d.get("relatedInformation", [])) <= 3 for d in diagnostics)


@pytest.mark.asyncio
async def test_settings_pushed_by_did_change_configuration_apply_and_bad_ones_are_told(client):
    await start(client)
    open_document(client, await many_twins(client, 60))
    first = await published(client, URI, 1)
    assert len(first) == 101 and first[-1]["code"] == "more-problems", "100 by default, and the summary"
    before = len(client.protocol.published)
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(
        settings={FONSTERS: {"maxProblems": 2, "hoverPicture": "sideways", "defaultEngine": "fonsters-v9"}}))
    again = await wait_for(lambda: next((p["diagnostics"] for p in client.protocol.published[before:]), None), "the new publish")
    assert len(again) == 3
    told = await wait_for(lambda: client.protocol.logged if len(client.protocol.logged) >= 2 else None, "two complaints")
    assert all(m["type"] == 2 for m in told)
    assert any("hoverPicture" in m["message"] for m in told) and any("defaultEngine" in m["message"] for m in told)


@pytest.mark.asyncio
async def test_the_default_engine_setting_draws_the_seeds_above_any_directive(client):
    await start(client)
    a, b = await twins(client, "fonsters-v1")
    if await (call(client, "creature/describe", {"seed": a, "engine": "fonsters-v2"})) == await call(
            client, "creature/describe", {"seed": b, "engine": "fonsters-v2"}):
        pytest.fail(f"{a} and {b} look alike in fonsters-v2 too; the test needs twins of one engine only")
    open_document(client, f"{a}\n{b}\n")
    assert {d["code"] for d in await published(client, URI, 1)} == {"same-picture"}
    before = len(client.protocol.published)
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings={FONSTERS: {"defaultEngine": "fonsters-v2"}}))
    again = await wait_for(lambda: next((p["diagnostics"] for p in client.protocol.published[before:]), None), "the new publish")
    assert "same-picture" not in {d["code"] for d in again}


@pytest.mark.asyncio
async def test_typing_fast_settles_to_the_right_diagnostics_and_no_publish_is_large(client):
    await start(client)
    a, b = await twins(client)
    lines = [f"line {n}" for n in range(2000)]
    for n in range(0, 2000, 5):
        lines[n] = a if n % 2 == 0 else b
    open_document(client, "\n".join(lines) + "\n")
    await published(client, URI, 1)
    word = "quickbrownfoxjumpsov"
    for k, letter in enumerate(word):
        change(client, 2 + k, (1000, k), (1000, k), letter)
    final = await published(client, URI, 1 + len(word))
    assert len(final) == 101 and final[-1]["code"] == "more-problems"
    sizes = [len(json.dumps(p)) for p in client.protocol.published]
    assert max(sizes) <= 256 * 1024


@pytest.mark.asyncio
async def test_pull_diagnostics_report_full_then_unchanged_and_nothing_is_pushed(client):
    await start(client, pull=True)
    a, b = await twins(client)
    open_document(client, f"{a}\n{b}\n")
    params = types.DocumentDiagnosticParams(text_document=types.TextDocumentIdentifier(uri=URI))
    full = await client.text_document_diagnostic_async(params)
    assert full.kind == "full" and len(full.items) == 2 and full.result_id
    params.previous_result_id = full.result_id
    unchanged = await client.text_document_diagnostic_async(params)
    assert unchanged.kind == "unchanged" and unchanged.result_id == full.result_id
    change(client, 2, (1, 0), (1, len(b)), "something else entirely")
    changed = await client.text_document_diagnostic_async(params)
    assert changed.kind == "full" and list(changed.items) == [] and changed.result_id != full.result_id
    assert client.protocol.published == []


# ---- commands and code actions ----

@pytest.mark.asyncio
async def test_add_all_is_all_or_nothing_and_names_the_line(client):
    await start(client)
    open_document(client, "# engine: fonsters-v1\nalpha\n# engine: fonsters-v2\nbeta\n" + "x" * 10001 + "\n")
    await published(client, URI, 1)
    with pytest.raises(Exception, match="Line 5"):
        await client.workspace_execute_command_async(types.ExecuteCommandParams(command="fonsters.addAllToLibrary", arguments=[{"uri": URI}]))
    assert (await call(client, "fonsters/list", {}))["fonsters"] == []


@pytest.mark.asyncio
async def test_code_actions_honour_context_only(client):
    await start(client)
    a, b = await twins(client)
    open_document(client, f"{a}\n{b}\n")
    diagnostics = await published(client, URI, 1)
    here = types.Range(start=types.Position(line=1, character=0), end=types.Position(line=1, character=0))
    structured = [types.Diagnostic(range=types.Range(start=types.Position(**d["range"]["start"]), end=types.Position(**d["range"]["end"])),
                                   message=d["message"], code=d["code"], source=d["source"], severity=types.DiagnosticSeverity(d["severity"]))
                  for d in diagnostics if d["range"]["start"]["line"] == 1]

    async def kinds(only):
        actions = await client.text_document_code_action_async(types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=URI), range=here,
            context=types.CodeActionContext(diagnostics=structured, only=only)))
        return {action.kind for action in actions}
    everything = await kinds(None)
    assert types.CodeActionKind.QuickFix in everything and types.CodeActionKind.Source in everything
    assert await kinds([types.CodeActionKind.QuickFix]) == {types.CodeActionKind.QuickFix}
    assert await kinds([types.CodeActionKind.Source]) <= {types.CodeActionKind.Source, "source.fixAll.fonsters"}
    assert await kinds([types.CodeActionKind.Refactor]) == set()


# ---- one language server per WebSocket session ----

class Web:
    """A `fonsters-rpc web` server and JSON-RPC over its WebSocket."""

    def __init__(self, binary, *extra):
        self.process = subprocess.Popen([binary, "web", "--port", "0", "--memory", "--no-starter", "--engine", "fonsters-v1", *extra],
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        url = self.process.stdout.readline().decode().rstrip("\n")
        match = re.fullmatch(r"http://127\.0\.0\.1:(\d+)/\?token=([0-9a-f]+)", url)
        assert match, f"unexpected first line {url!r}"
        self.port, self.token = int(match.group(1)), match.group(2)

    def session(self):
        return Session(connect(f"ws://127.0.0.1:{self.port}/rpc", origin=f"http://127.0.0.1:{self.port}", max_size=None, open_timeout=30,
                               additional_headers={"Cookie": f"fonsters_token_{self.port}={self.token}"}))

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=30)


class Session:
    def __init__(self, ws):
        self.ws, self.next_id, self.notifications = ws, 0, []

    def notify(self, method, params):
        self.ws.send(json.dumps({"jsonrpc": "2.0", "method": method, "params": params}))

    def call(self, method, params):
        self.next_id += 1
        self.ws.send(json.dumps({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params}))
        while True:
            reply = json.loads(self.ws.recv(timeout=120))
            if "method" in reply:
                self.notifications.append(reply)
            elif reply.get("id") == self.next_id:
                return reply

    def until(self, condition, what):
        """Reads notifications until `condition(notification)` holds for one; returns it."""
        for message in self.notifications:
            if condition(message):
                return message
        while True:
            message = json.loads(self.ws.recv(timeout=120))
            self.notifications.append(message)
            if condition(message):
                return message

    def open(self, uri, text, version=1):
        self.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "fonsters", "version": version, "text": text}})

    def published(self, uri, version):
        return self.until(lambda m: m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri
                          and m["params"].get("version") == version, f"{uri} v{version}")["params"]["diagnostics"]


def test_each_websocket_session_is_its_own_language_server(fonsters_bin):
    web = Web(fonsters_bin)
    try:
        a, b = web.session(), web.session()
        assert a.call("initialize", {"capabilities": {"general": {"positionEncodings": ["utf-8"]}}})["result"]["capabilities"]["positionEncoding"] == "utf-8"
        assert b.call("initialize", {"capabilities": {}})["result"]["capabilities"]["positionEncoding"] == "utf-16"
        uri = "file:///work/a.fonsters"
        a.open(uri, "🦊\u200bfox\n")
        invisible = [d for d in a.published(uri, 1) if d["code"] == "invisible-characters"]
        assert invisible[0]["range"]["start"]["character"] == 4, "A's positions stay in UTF-8 after B's initialize"
        # B cannot read, change or close A's document.
        hover = b.call("textDocument/hover", {"textDocument": {"uri": uri}, "position": {"line": 0, "character": 0}})
        assert hover["error"]["code"] == -32602 and "is not open" in hover["error"]["message"]
        b.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2}, "contentChanges": [{"text": "changed by B"}]})
        b.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
        assert "not open" in b.until(lambda m: m.get("method") == "window/logMessage", "B's refusal")["params"]["message"]
        hover = a.call("textDocument/hover", {"textDocument": {"uri": uri}, "position": {"line": 0, "character": 0}})
        assert "result" in hover and "changed by B" not in json.dumps(hover["result"])
        # B opens as many documents as it likes, its own.
        for n in range(12):
            b.open(f"file:///work/b{n}.fonsters", f"seed {n}\n")
        b.published("file:///work/b11.fonsters", 1)
        b.open(uri, "B's own text\n")
        assert b.published(uri, 1) == []
        hover = a.call("textDocument/hover", {"textDocument": {"uri": uri}, "position": {"line": 0, "character": 0}})
        assert "B's own" not in json.dumps(hover["result"])
        a.ws.close()
        b.ws.close()
    finally:
        web.stop()


def test_a_sessions_documents_are_closed_and_its_budget_freed_when_it_disconnects(fonsters_bin):
    web = Web(fonsters_bin, "--memory-budget", str(8 << 20))
    try:
        text = "".join(f"{n:07d} " + "x" * 1192 + "\n" for n in range(1000))
        a = web.session()
        a.call("initialize", {"capabilities": {}})
        for n in range(6):
            a.open(f"file:///work/a{n}.fonsters", text)
        refusal = a.until(lambda m: m.get("method") == "window/showMessage", "A's refusal")
        assert "memory budget has no room" in refusal["params"]["message"]
        a.ws.close()
        # Once A is gone, B has the whole budget: its document opens (the server frees A's after
        # its last request is answered, so B tries until then).
        b = web.session()
        b.call("initialize", {"capabilities": {}})
        for attempt in range(1, 1000):
            b.open("file:///work/b.fonsters", text, version=attempt)
            message = b.until(lambda m: m.get("method") in ("window/showMessage", "textDocument/publishDiagnostics"), "B's answer")
            b.notifications.remove(message)
            if message["method"] == "textDocument/publishDiagnostics":
                break
        else:
            pytest.fail("A's documents were never let go")
        b.ws.close()
    finally:
        web.stop()


def test_add_all_cancelled_adds_nothing_and_answered_adds_everything(fonsters_bin):
    """Races of fonsters.addAllToLibrary and its cancel, over stdio: each -32800 left the library
    as it was; each result added every seed of both engines' sections."""
    server = subprocess.Popen([fonsters_bin, "--stdio", "--memory", "--no-starter"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL)

    def send(message):
        body = json.dumps(message).encode()
        server.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        server.stdin.flush()

    def receive(id):
        while True:
            length = None
            while True:
                line = server.stdout.readline()
                assert line, "the server closed its output"
                if line in (b"\r\n", b"\n"):
                    break
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
            message = json.loads(server.stdout.read(length))
            if message.get("id") == id:
                return message

    try:
        send({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {"capabilities": {}}})
        receive(0)
        cancelled = answered = 0
        count = 0
        for race in range(40):
            uri = f"file:///work/race{race}.fonsters"
            seeds = [f"race {race} seed {n}" for n in range(200)]
            text = "# engine: fonsters-v1\n" + "\n".join(seeds[:100]) + "\n# engine: fonsters-v2\n" + "\n".join(seeds[100:]) + "\n"
            send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
                "uri": uri, "languageId": "fonsters", "version": 1, "text": text}}})
            id = 100 + race
            send({"jsonrpc": "2.0", "id": id, "method": "workspace/executeCommand",
                  "params": {"command": "fonsters.addAllToLibrary", "arguments": [{"uri": uri}]}})
            send({"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": id}})
            answer = receive(id)
            send({"jsonrpc": "2.0", "id": 10_000 + race, "method": "fonsters/list", "params": {"count": 0}})
            total = receive(10_000 + race)["result"]["total"]
            if "error" in answer:
                assert answer["error"]["code"] == -32800, answer
                assert total == count, "a cancelled add-all added nothing"
                cancelled += 1
            else:
                assert answer["result"] == {"created": 200, "skipped": 0}
                count += 200
                assert total == count, "an answered add-all added every seed"
                answered += 1
        assert cancelled + answered == 40
        print(f"add-all races: {cancelled} cancelled, {answered} answered")
    finally:
        server.stdin.close()
        server.wait(timeout=60)
