-- Neovim (0.7 or newer): fonsters-rpc as the language server of .fonsters files, with the
-- built-in client. Put this file in ~/.config/nvim/plugin/ (or `:luafile` it). Set
-- vim.g.fonsters_rpc_cmd to change the command, e.g. { 'fonsters-rpc', '--store', '/path/lib.sqlite' }.
-- Then: look-alike warnings as diagnostics, K for the creature, code actions for fixes
-- (vim.lsp.buf.code_action()), completion of distinct variants (omnifunc, <C-x><C-o>).

local client_id = nil

vim.api.nvim_create_autocmd({ 'BufRead', 'BufNewFile' }, {
  pattern = '*.fonsters',
  callback = function(args)
    vim.bo[args.buf].filetype = 'fonsters'
  end,
})

vim.api.nvim_create_autocmd('FileType', {
  pattern = 'fonsters',
  callback = function(args)
    vim.bo[args.buf].commentstring = '# %s'
    vim.bo[args.buf].omnifunc = 'v:lua.vim.lsp.omnifunc'
    if client_id == nil or vim.lsp.get_client_by_id(client_id) == nil then
      client_id = vim.lsp.start_client({
        name = 'fonsters',
        cmd = vim.g.fonsters_rpc_cmd or { 'fonsters-rpc', '--stdio' },
        root_dir = vim.fn.getcwd(),
      })
    end
    vim.lsp.buf_attach_client(args.buf, client_id)
    vim.keymap.set('n', 'K', vim.lsp.buf.hover, { buffer = args.buf })
    vim.keymap.set('n', '<leader>a', vim.lsp.buf.code_action, { buffer = args.buf })
  end,
})
