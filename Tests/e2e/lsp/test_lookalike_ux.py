"""Look-alikes as the eye sees them, and the language server as people read it: hovers without
images in terminal editors and plain text, an outline named by the seed, completion that fits
Neovim's omnifunc and eglot's word boundary, "Fix all look-alikes", and fonsters/distinctVariants.
Whether two pictures look alike is worked out here from creature/describe (silhouette and inner
edges, the rule of protocol.md), not taken from the server."""
import pytest
import pytest_lsp
from lsprotocol import types
from pygls.exceptions import JsonRpcException
from pytest_lsp import LanguageClient

from test_language_server import URI, call, config, finish, open_document, published

SLACK, EDGE_SLACK = 8, 32


async def session(client, markdown=True, name=None):
    formats = [types.MarkupKind.Markdown] if markdown else [types.MarkupKind.PlainText]
    capabilities = types.ClientCapabilities(text_document=types.TextDocumentClientCapabilities(
        publish_diagnostics=types.PublishDiagnosticsClientCapabilities(related_information=True, version_support=True),
        hover=types.HoverClientCapabilities(content_format=formats),
        code_action=types.CodeActionClientCapabilities(code_action_literal_support=types.ClientCodeActionLiteralOptions(
            code_action_kind=types.ClientCodeActionKindOptions(value_set=[types.CodeActionKind.QuickFix, types.CodeActionKind.Source]))),
        completion=types.CompletionClientCapabilities(completion_item=types.ClientCompletionItemOptions(documentation_format=formats)),
        document_symbol=types.DocumentSymbolClientCapabilities(hierarchical_document_symbol_support=True)))
    info = types.ClientInfo(name=name) if name else None
    client.initialize_result = await client.initialize_session(types.InitializeParams(capabilities=capabilities, client_info=info))


@pytest_lsp.fixture(config=config())
async def plain_client(lsp_client: LanguageClient):
    await session(lsp_client, markdown=False)
    yield
    await finish(lsp_client)


@pytest_lsp.fixture(config=config())
async def neovim(lsp_client: LanguageClient):
    await session(lsp_client, name="Neovim")
    yield
    await finish(lsp_client)


@pytest_lsp.fixture(config=config())
async def client(lsp_client: LanguageClient):
    await session(lsp_client)
    yield
    await finish(lsp_client)


async def looks(client, seed, engine):
    """A picture as the eye compares it: its silhouette and its inner edges (neighbouring drawn
    cells of different colours), from creature/describe."""
    d = await call(client, "creature/describe", {"seed": seed, "engine": engine})
    cells = [None if c == "." else d["colors"][int(c)] for row in d["grid"] for c in row]
    silhouette = {i for i, c in enumerate(cells) if c is not None}
    edges = set()
    for i, c in enumerate(cells):
        for j in ([i + 1] if i % 32 != 31 else []) + ([i + 32] if i < 992 else []):
            if c is not None and cells[j] is not None and c != cells[j]:
                edges.add((i, j))
    return cells, silhouette, edges


def alike(a, b):
    return a[0] == b[0] or (len(a[1] ^ b[1]) <= SLACK and len(a[2] ^ b[2]) <= EDGE_SLACK)


def unstructured(client, value):
    """An LSP result as the JSON it came as."""
    return client.protocol._converter.unstructure(value)


def doc():
    return types.TextDocumentIdentifier(uri=URI)


async def hover(client, line, character=0):
    return unstructured(client, await client.text_document_hover_async(types.HoverParams(
        text_document=doc(), position=types.Position(line=line, character=character))))


async def complete(client, line, character):
    return unstructured(client, await client.text_document_completion_async(types.CompletionParams(
        text_document=doc(), position=types.Position(line=line, character=character))))


@pytest.mark.asyncio
async def test_plain_text_hover_reads_first_and_draws_the_silhouette_in_blocks(plain_client):
    open_document(plain_client, "a-b_c*[x]\n")
    await published(plain_client, URI, 1)
    contents = (await hover(plain_client, 0))["contents"]
    value = contents["value"]
    assert contents["kind"] == "plaintext"
    assert value.startswith("“a-b_c*[x]” — ") and "fonsters-v1" in value.splitlines()[0]
    assert "\\" not in value and "data:" not in value and "**" not in value
    blocks = [line for line in value.splitlines() if line and set(line) <= set(" ▀▄█")]
    assert blocks and all(len(line) <= 32 for line in blocks) and len(blocks) <= 16
    _, silhouette, _ = await looks(plain_client, "a-b_c*[x]", "fonsters-v1")
    drawn = sum(2 if c == "█" else 1 for line in blocks for c in line if c != " ")
    assert drawn == len(silhouette), "each drawn cell is one half block"


@pytest.mark.asyncio
async def test_a_terminal_editor_gets_blocks_in_markdown_and_no_base64(neovim):
    open_document(neovim, "hello\n")
    await published(neovim, URI, 1)
    value = (await hover(neovim, 0))["contents"]["value"]
    assert value.startswith("**hello** — ")
    assert "base64" not in value and "data:image" not in value
    assert "```text\n" in value and any(c in value for c in "▀▄█")


@pytest.mark.asyncio
async def test_the_outline_names_every_seed_line_by_its_visible_seed(client):
    seeds = [f"crew {n}" for n in range(36)] + ["tab\there", "zero\u200bwidth", "bell\u0007", "crew 3"]
    open_document(client, "# crew\n" + "\n".join(seeds) + "\n")
    await published(client, URI, 1)
    symbols = unstructured(client, await client.text_document_document_symbol_async(types.DocumentSymbolParams(text_document=doc())))
    assert [s["range"]["start"]["line"] for s in symbols] == list(range(1, len(seeds) + 1))
    names = [s["name"] for s in symbols]
    assert len(set(names)) == len(names), "every line keeps its own entry"
    assert names[:36] == [f"crew {n}" for n in range(36)]
    assert names[36:] == ["tab␉here", "zero\\u{200B}width", "bell␇", "crew 3 (line 41)"]
    assert not any("\ufffd" in n for n in names)
    assert all(s["detail"] and s["detail"] != s["name"] for s in symbols)


@pytest.mark.asyncio
async def test_neovim_gets_whole_line_edits_without_filter_text_for_multi_word_seeds(neovim):
    open_document(neovim, "hello world\nsun\n")
    await published(neovim, URI, 1)
    result = await complete(neovim, 0, 11)
    items = result["items"]
    assert items
    for item in items:
        # Neovim 0.7's omnifunc takes the edit's start as the word's only without filterText, and
        # keeps the items whose text starts with what is typed from there.
        assert "filterText" not in item
        assert item["textEdit"]["range"] == {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 11}}
        assert item["textEdit"]["newText"].startswith("hello world") and item["textEdit"]["newText"] != "hello world"


@pytest.mark.asyncio
async def test_other_clients_filter_from_the_word_at_the_cursor(client):
    open_document(client, "hello world\nsun\ngrace\n")
    await published(client, URI, 1)
    result = await complete(client, 0, 11)
    assert result["items"]
    for item in result["items"]:
        # eglot matches the symbol at point ("world") against filterText.
        assert item["filterText"] == item["textEdit"]["newText"][len("hello "):] and item["filterText"].startswith("world")
    # Mid-word: what was typed of the word ("gra") starts every filterText; the edit replaces the line.
    result = await complete(client, 2, 3)
    assert result["items"]
    for item in result["items"]:
        assert item["filterText"].startswith("gra") and item["textEdit"]["newText"].startswith("grace") and item["textEdit"]["newText"] != "grace"
        assert item["textEdit"]["range"]["end"] == {"line": 2, "character": 5}


@pytest.mark.asyncio
async def test_variants_and_new_seeds_look_like_no_line_nor_each_other(client):
    open_document(client, "grace\nGRACE\n\n")
    await published(client, URI, 1)
    lines = [await looks(client, s, "fonsters-v1") for s in ["grace", "GRACE"]]
    assert alike(lines[0], lines[1]), "the same disc in another colour looks alike"
    for position, words in [((0, 5), None), ((2, 0), 2)]:
        items = (await complete(client, *position))["items"]
        assert len(items) >= 3
        seen = []
        for item in items:
            seed = item["label"]
            if words:
                assert len(seed.split(" ")) == words and all(w.isalpha() and w.islower() for w in seed.split(" "))
            else:
                assert seed.startswith("grace") and all(c.isalnum() or c == " " for c in seed)
            picture = await looks(client, seed, "fonsters-v1")
            assert not any(alike(picture, other) for other in lines + seen), seed
            seen.append(picture)


@pytest.mark.asyncio
async def test_fix_all_gives_every_lookalike_line_a_distinct_variant_in_one_edit(client):
    seeds = ["grace", "GRACE", "grace", "cat", "Grace"]
    open_document(client, "# engine: fonsters-v1\n" + "\n".join(seeds) + "\n")
    diagnostics = await published(client, URI, 1)
    assert any(d["code"] in ("same-picture", "nearly-same-picture") for d in diagnostics)
    at = types.Position(line=4, character=0)
    actions = unstructured(client, await client.text_document_code_action_async(types.CodeActionParams(
        text_document=doc(), range=types.Range(start=at, end=at),
        context=types.CodeActionContext(diagnostics=[], only=[types.CodeActionKind.SourceFixAll]))))
    assert [a["kind"] for a in actions] == ["source.fixAll.fonsters"]
    edits = actions[0]["edit"]["changes"][URI]
    lines = ["# engine: fonsters-v1"] + seeds
    for edit in edits:
        assert edit["range"]["start"]["line"] == edit["range"]["end"]["line"] and edit["range"]["start"]["character"] == 0
        lines[edit["range"]["start"]["line"]] = edit["newText"]
    pictures = [await looks(client, s, "fonsters-v1") for s in lines[1:]]
    for i in range(len(pictures)):
        for j in range(i):
            assert not alike(pictures[i], pictures[j]), (lines[1 + j], lines[1 + i])
    assert lines[1] == "grace", "the first of each kind stays"
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=URI, version=2),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text="\n".join(lines) + "\n")]))
    after = await published(client, URI, 2)
    assert not any(d["code"] in ("same-picture", "nearly-same-picture") for d in after)


@pytest.mark.asyncio
async def test_distinct_variants_look_like_no_fonster_of_the_library(client):
    library = ["grace", "GRACE", "grace 2", "hello", "grace apple"]
    for seed in library:
        await call(client, "fonsters/create", {"seed": seed, "name": seed})
    result = await call(client, "fonsters/distinctVariants", {"seed": "grace", "count": 6})
    engine = result["engine"]
    assert engine in ("fonsters-v1", "fonsters-v2") and 1 <= len(result["variants"]) <= 6
    taken = [await looks(client, s, engine) for s in library]
    for variant in result["variants"]:
        seed = variant["seed"]
        assert seed.startswith("grace") and all(c.isalnum() or c == " " for c in seed[5:]), seed
        picture = await looks(client, seed, engine)
        assert not any(alike(picture, other) for other in taken), seed
        taken.append(picture)
    v1 = await call(client, "fonsters/distinctVariants", {"seed": "grace", "engine": "fonsters-v1", "count": 2})
    assert v1["engine"] == "fonsters-v1" and len(v1["variants"]) <= 2
    for params, field in [({"seed": "grace", "count": 0}, "count"), ({"seed": "grace", "engine": "fonsters-v9"}, "engine"), ({}, "seed")]:
        with pytest.raises(JsonRpcException) as error:
            await call(client, "fonsters/distinctVariants", params)
        assert error.value.code == -32602 and field in str(error.value.message)
