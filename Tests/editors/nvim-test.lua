-- Neovim headless, with examples/lsp/fonsters-nvim.lua as a user has it: opens a .fonsters file
-- and gets, from the real fonsters-rpc, the look-alike diagnostic, a hover (text and block
-- characters, no base64), a code action (applied, after which the warning goes), "Fix all
-- look-alikes", and completion of a multi-word seed through the omnifunc (<C-x><C-o> typed in
-- insert mode). Prints "N passed, N failed"; exits 1 on a failure.
--   FONSTERS_BIN=… DOC=… nvim --headless -u NONE -c 'luafile Tests/editors/nvim-test.lua'
local passed, failed = 0, 0
-- Lines written to standard output itself: print() joins them once the main loop runs.
local function say(line) io.stdout:write(line .. '\n') end
local function check(ok, what)
  if ok then passed = passed + 1; say('ok - ' .. what) else failed = failed + 1; say('FAIL - ' .. what) end
end
local function finish()
  say(string.format('%d passed, %d failed', passed, failed))
  vim.cmd(failed == 0 and 'qall!' or 'cquit! 1')
end

vim.o.showmode = false  -- no "-- INSERT --" nor "match 1 of 8" between the printed lines
vim.o.shortmess = vim.o.shortmess .. 'c'
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
  check(value:find('base64', 1, true) == nil and value:find('**' .. b .. '**', 1, true) == 1
        and value:find('```text\n', 1, true) ~= nil and value:find('█', 1, true) ~= nil,
        'the hover reads first and draws the creature in block characters, no base64')

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

  -- Two more lines drawing the first one's picture: "Fix all look-alikes" rewrites both in one edit.
  vim.api.nvim_buf_set_lines(buf, 3, 3, false, { a, a })
  check(vim.wait(30000, function() return same_picture_on(3) ~= nil and same_picture_on(4) ~= nil end, 20), 'the two new lines are look-alikes')
  local all = vim.lsp.buf_request_sync(buf, 'textDocument/codeAction', {
    textDocument = { uri = vim.uri_from_bufnr(buf) },
    range = { start = { line = 3, character = 0 }, ['end'] = { line = 3, character = 0 } },
    context = { diagnostics = {}, only = { 'source.fixAll' } },
  }, 30000)
  local fix_all
  for _, response in pairs(all or {}) do
    for _, action in ipairs(response.result or {}) do
      if action.kind == 'source.fixAll.fonsters' then fix_all = action end
    end
  end
  check(fix_all ~= nil and #fix_all.edit.changes[vim.uri_from_bufnr(buf)] == 2, 'fix all offers one edit of both lines')
  vim.lsp.util.apply_workspace_edit(fix_all.edit, 'utf-16')
  check(vim.wait(30000, function()
    for line = 0, 4 do if same_picture_on(line) then return false end end
    return true
  end, 20), 'fix all leaves no look-alike')
end)
if not ok then check(false, 'no error: ' .. tostring(err)); finish(); return end

-- Completion as a person does it: a multi-word seed, A to append, <C-x><C-o>; the omnifunc answers
-- later, so the rest runs from timers while Neovim reads the keys.
local buf = vim.api.nvim_get_current_buf()
vim.api.nvim_buf_set_lines(buf, -1, -1, false, { 'hello world' })
local last = vim.api.nvim_buf_line_count(buf)
vim.api.nvim_win_set_cursor(0, { last, 0 })
vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes('A<C-x><C-o>', true, false, true), 't', false)
local function poll(tries)
  local items = vim.fn.complete_info({ 'items' }).items
  if #items == 0 then
    if tries == 0 then check(false, 'the omnifunc offers variants of a multi-word seed'); finish(); return end
    vim.defer_fn(function() poll(tries - 1) end, 50)
    return
  end
  local all_extend = true
  for _, item in ipairs(items) do
    if item.word:sub(1, 11) ~= 'hello world' or item.word == 'hello world' then all_extend = false end
  end
  check(all_extend, string.format('the omnifunc offers %d variants of "hello world"', #items))
  local first = items[1].word
  vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes('<Esc>', true, false, true), 't', false)
  vim.defer_fn(function()
    local line = vim.api.nvim_buf_get_lines(buf, last - 1, last, false)[1]
    check(line == first, 'the chosen variant is the whole line (' .. line .. ')')
    finish()
  end, 100)
end
vim.defer_fn(function() poll(600) end, 50)
