-- A headless Neovim session with its built-in LSP client on `phaselint server`, for
-- tests/it/server_neovim.rs. The client is the one that docs/editor.md's Neovim snippet (loaded as
-- init.lua, with `phaselint` on PATH) starts and attaches when the card file is opened; this
-- script opens it, drives what a user does (`K`, the fix-all action) and writes what the client
-- holds as JSON to $OUT; the test reads it. It keeps to the API of Neovim 0.7 (Debian 12) that
-- later versions still have.
--
-- Environment: CARD (the card file), MSE_CARD (a Magic Set Editor card file), OUT (the JSON
-- written).

local out = {}

local function finish()
  local file = io.open(os.getenv("OUT"), "w")
  file:write(vim.fn.json_encode(out))
  file:close()
  vim.cmd("qa!")
end

-- What vim.diagnostic holds for the buffer: byte columns, as Neovim stores them.
local function diagnostics()
  local held = {}
  for _, d in ipairs(vim.diagnostic.get(0)) do
    local lsp = d.user_data and d.user_data.lsp or {}
    table.insert(held, {
      lnum = d.lnum, col = d.col, end_lnum = d.end_lnum, end_col = d.end_col,
      severity = d.severity, source = d.source, message = d.message,
      code = d.code or lsp.code,
    })
  end
  table.sort(held, function(a, b) return a.lnum < b.lnum or (a.lnum == b.lnum and a.col < b.col) end)
  return held
end

local ok, problem = pcall(function()
  vim.cmd("edit " .. vim.fn.fnameescape(os.getenv("CARD")))
  -- The snippet's client, attached to the buffer by its FileType autocommand.
  local client_id
  out.attached = vim.wait(30000, function()
    local clients = vim.lsp.get_clients and vim.lsp.get_clients({ bufnr = 0 })
      or vim.lsp.buf_get_clients(0)
    for _, client in pairs(clients) do
      if client.name == "phaselint" then
        client_id = client.id
      end
    end
    return client_id ~= nil and #vim.diagnostic.get(0) >= 4
  end, 20)
  if not client_id then
    -- An error of the snippet (init.lua) is among the messages.
    error("no phaselint client is attached to " .. vim.api.nvim_buf_get_name(0)
      .. "; messages:" .. vim.fn.execute("messages"))
  end
  out.diagnostics = diagnostics()
  local encoding = vim.lsp.get_client_by_id(client_id).offset_encoding
  out.encoding = encoding

  -- Hover as `K` asks for it: the cursor on "untap step" of line 3, its position made by the
  -- client from the byte column.
  local line = vim.api.nvim_buf_get_lines(0, 2, 3, false)[1]
  vim.api.nvim_win_set_cursor(0, { 3, line:find("untap step", 1, true) - 1 })
  local params = vim.lsp.util.make_position_params(0, encoding)
  out.hover_position = params.position
  local hover = vim.lsp.buf_request_sync(0, "textDocument/hover", params, 30000)
  out.hover = hover and hover[client_id] and hover[client_id].result or vim.NIL

  -- `K` as a user presses it: the hover is shown in a floating window.
  vim.api.nvim_feedkeys("K", "x", false)
  local float
  vim.wait(30000, function()
    for _, win in ipairs(vim.api.nvim_list_wins()) do
      if vim.api.nvim_win_get_config(win).relative ~= "" then
        float = win
      end
    end
    return float ~= nil
  end, 20)
  out.k_float = float
      and table.concat(vim.api.nvim_buf_get_lines(vim.api.nvim_win_get_buf(float), 0, -1, false), "\n")
    or vim.NIL
  if float then
    vim.api.nvim_win_close(float, true)
  end

  -- The fix-all source action, applied by the client to the buffer; the buffer is then sent
  -- back to the server, which checks it again.
  local request = {
    textDocument = { uri = vim.uri_from_bufnr(0) },
    range = { start = { line = 0, character = 0 }, ["end"] = { line = 0, character = 0 } },
    context = { diagnostics = {}, only = { "source.fixAll" } },
  }
  local actions = vim.lsp.buf_request_sync(0, "textDocument/codeAction", request, 30000)
  local action = actions and actions[client_id] and actions[client_id].result
  action = action and action[1]
  out.action_title = action and action.title or vim.NIL
  if action then
    vim.lsp.util.apply_workspace_edit(action.edit, encoding)
  end
  out.fixed = table.concat(vim.api.nvim_buf_get_lines(0, 0, -1, false), "\n") .. "\n"
  out.refreshed = vim.wait(30000, function() return #vim.diagnostic.get(0) == 2 end, 20)
  out.after_fix = diagnostics()

  -- A Magic Set Editor card file, which has no extension: the snippet's autocommand names its
  -- filetype, and the same client gets it.
  local mse = os.getenv("MSE_CARD")
  if mse then
    vim.cmd("hide edit " .. vim.fn.fnameescape(mse))
    out.mse_filetype = vim.bo.filetype
    vim.wait(30000, function() return #vim.diagnostic.get(0) >= 1 end, 20)
    out.mse_diagnostics = diagnostics()
  end

  vim.lsp.stop_client(client_id)
  out.stopped = vim.wait(30000, function() return vim.lsp.get_client_by_id(client_id) == nil end, 20)
end)
if not ok then
  out.error = tostring(problem)
end
finish()
