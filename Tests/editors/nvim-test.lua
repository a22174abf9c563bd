-- Neovim headless, with examples/lsp/fonsters-nvim.lua as a user has it: opens a .fonsters file
-- and gets, from the real fonsters-rpc, the look-alike diagnostic, a hover and a code action
-- (applied, after which the warning goes). Prints "N passed, N failed"; exits 1 on a failure.
--   FONSTERS_BIN=… DOC=… nvim --headless -u NONE -c 'luafile Tests/editors/nvim-test.lua'
local passed, failed = 0, 0
local function check(ok, what)
  if ok then passed = passed + 1; print('ok - ' .. what) else failed = failed + 1; print('FAIL - ' .. what) end
end
local function finish()
  print(string.format('%d passed, %d failed', passed, failed))
  vim.cmd(failed == 0 and 'qall!' or 'cquit! 1')
end

local ok, err = pcall(function()
  vim.g.fonsters_rpc_cmd = { os.getenv('FONSTERS_BIN'), '--stdio', '--memory', '--no-starter' }
  vim.cmd('luafile examples/lsp/fonsters-nvim.lua')
  local a, b = os.getenv('TWIN_A'), os.getenv('TWIN_B')
  vim.cmd('edit ' .. os.getenv('DOC'))
  local buf = vim.api.nvim_get_current_buf()
  check(vim.bo[buf].filetype == 'fonsters', 'the .fonsters file has the fonsters filetype')

  local function same_picture_on(line)
    for _, d in ipairs(vim.diagnostic.get(buf)) do
      if d.lnum == line and d.code == 'same-picture' then return d end
    end
  end
  local got = vim.wait(30000, function() return same_picture_on(2) ~= nil end, 20)
  local warning = same_picture_on(2)
  check(got and warning.severity == vim.diagnostic.severity.WARN
        and warning.message == 'Looks exactly like line 2, “' .. a .. '”, in fonsters-v1.', 'the look-alike warning names line 2')

  local params = { textDocument = { uri = vim.uri_from_bufnr(buf) }, position = { line = 2, character = 1 } }
  local hover = vim.lsp.buf_request_sync(buf, 'textDocument/hover', params, 30000)
  local value = ''
  for _, response in pairs(hover or {}) do if response.result then value = response.result.contents.value end end
  check(value:find('](data:image/png;base64,', 1, true) ~= nil and value:find('**' .. b .. '**', 1, true) ~= nil, 'the hover shows the creature as a PNG')

  local diagnostics = {}
  for _, d in ipairs(vim.lsp.diagnostic.get_line_diagnostics(buf, 2)) do table.insert(diagnostics, d) end
  local actions = vim.lsp.buf_request_sync(buf, 'textDocument/codeAction', {
    textDocument = { uri = vim.uri_from_bufnr(buf) },
    range = { start = { line = 2, character = 0 }, ['end'] = { line = 2, character = 0 } },
    context = { diagnostics = diagnostics },
  }, 30000)
  local fix
  for _, response in pairs(actions or {}) do
    for _, action in ipairs(response.result or {}) do
      if action.isPreferred and action.title:find('Use a distinct variant', 1, true) then fix = action end
    end
  end
  check(fix ~= nil, 'a code action offers a distinct variant')
  vim.lsp.util.apply_workspace_edit(fix.edit, 'utf-16')
  local line = vim.api.nvim_buf_get_lines(buf, 2, 3, false)[1]
  check(line ~= b and line == fix.edit.changes[vim.uri_from_bufnr(buf)][1].newText, 'the fix rewrites the line')
  local cleared = vim.wait(30000, function() return same_picture_on(1) == nil and same_picture_on(2) == nil end, 20)
  check(cleared, 'the warning goes after the fix')
end)
if not ok then check(false, 'no error: ' .. tostring(err)) end
finish()
