-- Use fonsters-rpc from Neovim (0.7 or later) through its built-in LSP client: start the server,
-- save a creature as hello.png, print its description. The server is $FONSTERS_RPC, else
-- fonsters-rpc on the PATH. Run: nvim --headless -u NONE -c 'luafile examples/fonsters.lua'
local server = os.getenv("FONSTERS_RPC") or "fonsters-rpc"
local function say(text) io.stdout:write(text .. "\n") end

-- Base64 to bytes (vim.base64 only came with Neovim 0.10).
local function unbase64(s)
  local alphabet, value = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/", {}
  for i = 1, 64 do value[alphabet:sub(i, i)] = i - 1 end
  local out, bits, count = {}, 0, 0
  for c in s:gmatch("[%w%+/]") do
    bits, count = bits * 64 + value[c], count + 6
    if count >= 8 then
      count = count - 8
      out[#out + 1] = string.char(math.floor(bits / 2 ^ count) % 256)
      bits = bits % 2 ^ count
    end
  end
  return table.concat(out)
end

-- A request that waits for its answer (the LSP client runs the event loop meanwhile).
local function call(client, method, params)
  local done, answer, failure = false, nil, nil
  client.request(method, params, function(err, result) done, answer, failure = true, result, err end)
  vim.wait(20000, function() return done end, 10)
  if failure or not done then error(method .. ": " .. vim.inspect(failure or "no answer")) end
  return answer
end

local ready, info
local id = vim.lsp.start_client({
  name = "fonsters-rpc",
  cmd = { server, "--stdio", "--memory", "--no-starter" },
  root_dir = vim.loop.cwd(),
  on_init = function(_, result) ready, info = true, result.serverInfo end,
})
vim.wait(20000, function() return ready end, 10)
say(info.name .. " " .. info.version)
local client = vim.lsp.get_client_by_id(id)
local bob = call(client, "fonsters/create", { name = "Bob", seed = "hello" })
local image = call(client, "creature/render", { id = bob.id, format = "png", size = 64 })
local file = assert(io.open("hello.png", "wb"))
file:write(unbase64(image.dataUri:match(",(.*)$")))
file:close()
say(bob.displayName .. ": " .. image.alt .. " (" .. image.bytes .. " bytes in hello.png)")
client.stop()
vim.wait(5000, function() return client.is_stopped() end, 10)
vim.cmd("qall!")
