"""The language server end to end with pytest-lsp: a real fonsters-rpc process over its stdio
pipes, every message checked against lsprotocol's LSP 3.17 types (strict.py)."""
import os
import pathlib
import sys

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

sys.path.insert(0, str(pathlib.Path(__file__).parent))
import strict  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[3]
SERVER = os.environ.get("FONSTERS_BIN", str(ROOT / ".build/debug/fonsters-rpc"))


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
