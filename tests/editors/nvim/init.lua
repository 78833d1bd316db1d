-- Neovim (0.7+) configuration for speclint: runs `speclint lsp` for *.ptx buffers, for
-- *.mlir buffers (Tile IR, the cuda_tile dialect) and for SPIR-V assembly buffers (*.spvasm,
-- *.spvasm32, *.spvasm64; filetype `spirv`).
--
-- Use it from your own init.lua with `dofile("/path/to/init.lua")`, or as `nvim -u init.lua`.
-- The server command is `speclint` on PATH unless $SPECLINT names the binary.
--
-- Neovim 0.7 detects none of `.ptx`, `.mlir` and `.spvasm`; the autocommand below sets the
-- filetypes `ptx`, `mlir` and `spirv`. speclint attaches to every `.mlir` buffer but only checks
-- the ones that use cuda_tile (or bare `entry @` kernels): other MLIR files get no diagnostics or
-- hovers.
--
-- It also defines `SpeclintE2E(out)` and `SpeclintE2ETileIr(out, plain)`, the headless
-- end-to-end checks run by tests/editors/nvim_lsp.sh: they wait for the diagnostics of the
-- current buffer, record them, hover, ask for code actions or jump to a definition, edit the
-- buffer to fix an error, record the new diagnostics and quit.

local speclint = os.getenv("SPECLINT") or "speclint"
local client_id = nil

local function start_speclint()
  if client_id == nil or vim.lsp.get_client_by_id(client_id) == nil then
    client_id = vim.lsp.start_client({
      name = "speclint",
      cmd = { speclint, "lsp" },
      root_dir = vim.fn.getcwd(),
      flags = { debounce_text_changes = 50 },
    })
  end
  return client_id
end

for pattern, filetype in pairs({
  ["*.ptx"] = "ptx",
  ["*.mlir"] = "mlir",
  ["*.spvasm"] = "spirv",
  ["*.spvasm32"] = "spirv",
  ["*.spvasm64"] = "spirv",
}) do
  vim.api.nvim_create_autocmd({ "BufRead", "BufNewFile" }, {
    pattern = pattern,
    callback = function(args)
      vim.api.nvim_buf_set_option(args.buf, "filetype", filetype)
      local id = start_speclint()
      if id then
        vim.lsp.buf_attach_client(args.buf, id)
      end
    end,
  })
end

-- The SASS lens's command, `speclint.showSass` (argument `{uri, kernel}`): asks the server for
-- the file's SASS (`speclint/sass`) and shows it read-only in a vertical split, at the kernel.
-- It needs ptxas and nvdisasm where the server runs ($PTXAS, $NVDISASM or PATH).
vim.lsp.commands["speclint.showSass"] = function(command, ctx)
  local argument = command.arguments[1]
  local client = vim.lsp.get_client_by_id(ctx.client_id or client_id)
  if not client then
    return
  end
  client.request("speclint/sass", { textDocument = { uri = argument.uri } }, function(err, view)
    if err then
      vim.notify("speclint: no SASS: " .. err.message, vim.log.levels.WARN)
      return
    end
    local lines = vim.split(view.text, "\n", { plain = true })
    if lines[#lines] == "" then
      table.remove(lines)
    end
    local buf = vim.api.nvim_create_buf(false, true)
    vim.api.nvim_buf_set_lines(buf, 0, -1, false, lines)
    vim.api.nvim_buf_set_option(buf, "modifiable", false)
    vim.api.nvim_buf_set_name(buf, vim.uri_to_fname(argument.uri) .. ".sass")
    vim.cmd("vsplit")
    vim.api.nvim_win_set_buf(0, buf)
    for _, kernel in ipairs(view.kernels) do
      if kernel.name == argument.kernel then
        vim.api.nvim_win_set_cursor(0, { kernel.line + 1, 0 })
      end
    end
  end)
end

---------------------------------------------------------------------------------------------
-- End-to-end check

local function diagnostics_lines(bufnr)
  local diagnostics = vim.diagnostic.get(bufnr)
  table.sort(diagnostics, function(a, b)
    if a.lnum ~= b.lnum then
      return a.lnum < b.lnum
    end
    return a.col < b.col
  end)
  local lines = {}
  for _, d in ipairs(diagnostics) do
    -- lnum and col are 0-based; col is a byte column (Neovim converts from UTF-16).
    table.insert(
      lines,
      string.format("diagnostic %s %d:%d-%d:%d %s", tostring(d.code), d.lnum, d.col, d.end_lnum, d.end_col, d.message)
    )
  end
  return lines
end

local function codes(bufnr)
  local list = {}
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    table.insert(list, tostring(d.code))
  end
  table.sort(list)
  return table.concat(list, ",")
end

-- The code actions the server offers for the diagnostics on (1-based) `row`, cursor there.
local function line_actions(bufnr, row)
  vim.api.nvim_win_set_cursor(0, { row, 0 })
  local params = vim.lsp.util.make_range_params()
  params.context = { diagnostics = vim.lsp.diagnostic.get_line_diagnostics(bufnr, row - 1) }
  local responses = vim.lsp.buf_request_sync(bufnr, "textDocument/codeAction", params, 10000) or {}
  local actions = {}
  for _, response in pairs(responses) do
    vim.list_extend(actions, response.result or {})
  end
  return actions
end

local function hover_at(bufnr, row, col)
  -- row is 1-based, col a 0-based byte column, as for nvim_win_set_cursor.
  vim.api.nvim_win_set_cursor(0, { row, col })
  local params = vim.lsp.util.make_position_params()
  local responses = vim.lsp.buf_request_sync(bufnr, "textDocument/hover", params, 10000) or {}
  for _, response in pairs(responses) do
    if response.result and response.result.contents then
      local r = response.result.range
      local range = r and string.format("%d:%d-%d:%d", r.start.line, r.start.character, r["end"].line, r["end"].character)
        or "none"
      return string.format("hover %d:%d range %s", row - 1, col, range), response.result.contents.value or ""
    end
  end
  return string.format("hover %d:%d none", row - 1, col), ""
end

-- Writes `lines` and the status line to `out`, stops the clients and quits (with an error
-- exit status unless `status` is "ok").
local function finish_with(lines, out, status)
  table.insert(lines, "status " .. status)
  vim.fn.writefile(lines, out)
  for _, client in pairs(vim.lsp.get_active_clients()) do
    client.stop()
  end
  vim.wait(2000, function()
    return #vim.lsp.get_active_clients() == 0
  end, 50)
  vim.cmd(status == "ok" and "qall!" or "cquit!")
end

local function insert_body(lines, body)
  for _, l in ipairs(vim.split(body, "\n")) do
    table.insert(lines, "| " .. l)
  end
end

-- The start of an end-to-end check on the current buffer: waits for its first diagnostics and
-- returns the buffer, the result lines and `finish(status)`, which writes them to `out` and
-- quits; returns nothing (having finished with a timeout) when no diagnostics arrive.
local function start_e2e(out)
  local bufnr = vim.api.nvim_get_current_buf()
  local lines = {}
  local function finish(status)
    finish_with(lines, out, status)
  end

  local ok = vim.wait(20000, function()
    return #vim.diagnostic.get(bufnr) > 0
  end, 50)
  if not ok then
    finish("timeout waiting for diagnostics")
    return nil
  end
  return bufnr, lines, finish
end

function SpeclintE2E(out)
  local bufnr, lines, finish = start_e2e(out)
  if not bufnr then
    return
  end
  local client = vim.lsp.get_client_by_id(client_id)
  table.insert(lines, "encoding " .. tostring(client and client.offset_encoding))
  vim.list_extend(lines, diagnostics_lines(bufnr))

  -- Hover the opcode `rcp.rn.f32` (line 12) and the `rcp.f32` after the comment with é and 😀
  -- (line 11, byte column 16, which Neovim sends as UTF-16 column 13).
  for _, at in ipairs({ { 12, 3 }, { 11, 16 }, { 12, 18 } }) do
    local head, body = hover_at(bufnr, at[1], at[2])
    table.insert(lines, head)
    insert_body(lines, body)
  end

  -- Code actions for the diagnostics on line 11.
  local fix = nil
  for _, action in ipairs(line_actions(bufnr, 11)) do
    table.insert(lines, string.format("action %s%s", action.title, action.isPreferred and " (preferred)" or ""))
    if action.title == "Insert `.rn`" then
      fix = action
    end
  end

  -- Apply the `.rn` fix through Neovim (an incremental didChange on the emoji line), then wait
  -- for the PTX004 error to go away.
  if fix == nil then
    return finish("no `.rn` quick-fix")
  end
  vim.lsp.util.apply_workspace_edit(fix.edit, client.offset_encoding)
  table.insert(lines, "edited " .. vim.api.nvim_buf_get_lines(bufnr, 10, 11, false)[1])
  local ok = vim.wait(20000, function()
    return codes(bufnr) == "PTX002"
  end, 50)
  if not ok then
    table.insert(lines, "codes after the fix: " .. codes(bufnr))
    return finish("timeout waiting for the fixed diagnostics")
  end
  table.insert(lines, "after fix")
  vim.list_extend(lines, diagnostics_lines(bufnr))

  -- Type an error back in (delete `.rn`, at byte column 18, with a normal-mode edit) and wait
  -- for it.
  vim.api.nvim_win_set_cursor(0, { 11, 18 })
  vim.cmd("normal! 3x")
  table.insert(lines, "edited " .. vim.api.nvim_buf_get_lines(bufnr, 10, 11, false)[1])
  ok = vim.wait(20000, function()
    return codes(bufnr) == "PTX002,PTX004"
  end, 50)
  if not ok then
    table.insert(lines, "codes after the edit: " .. codes(bufnr))
    return finish("timeout waiting for the reintroduced error")
  end
  table.insert(lines, "after edit")
  vim.list_extend(lines, diagnostics_lines(bufnr))
  finish("ok")
end

-- The Tile IR check, on tests/editors/nvim/errors.mlir: its TILE010 diagnostic, hovers on an op
-- and on a value, go-to-definition of a value through `vim.lsp.buf.definition()`, an edit that
-- fixes the error; then `plain` (an MLIR file without cuda_tile) must get an empty publish.
function SpeclintE2ETileIr(out, plain)
  local bufnr, lines, finish = start_e2e(out)
  if not bufnr then
    return
  end
  table.insert(lines, "filetype " .. vim.bo[bufnr].filetype)
  vim.list_extend(lines, diagnostics_lines(bufnr))

  -- Hover the op `addf` and the operand `%a` (line 6).
  for _, at in ipairs({ { 6, 9 }, { 6, 14 } }) do
    local head, body = hover_at(bufnr, at[1], at[2])
    table.insert(lines, head)
    insert_body(lines, body)
  end

  -- Go to the definition of the operand `%b` (line 6, byte column 18) the way a user does.
  vim.api.nvim_win_set_cursor(0, { 6, 18 })
  vim.lsp.buf.definition()
  local ok = vim.wait(10000, function()
    return vim.api.nvim_win_get_cursor(0)[1] ~= 6
  end, 50)
  local cursor = vim.api.nvim_win_get_cursor(0)
  table.insert(lines, string.format("definition 5:18 -> %d:%d", cursor[1] - 1, cursor[2]))
  if not ok then
    return finish("timeout waiting for the jump to the definition")
  end

  -- Delete ` flush_to_zero` (byte columns 20-33 of line 6) and wait for the error to go away.
  vim.api.nvim_win_set_cursor(0, { 6, 20 })
  vim.cmd("normal! 14x")
  table.insert(lines, "edited " .. vim.api.nvim_buf_get_lines(bufnr, 5, 6, false)[1])
  ok = vim.wait(20000, function()
    return #vim.diagnostic.get(bufnr) == 0
  end, 50)
  if not ok then
    table.insert(lines, "codes after the fix: " .. codes(bufnr))
    return finish("timeout waiting for the fixed diagnostics")
  end
  table.insert(lines, "after fix " .. #vim.diagnostic.get(bufnr))

  -- An MLIR file of another dialect: the server gets it (filetype mlir, attached) and publishes
  -- an empty list for it.
  local published = nil
  local default = vim.lsp.handlers["textDocument/publishDiagnostics"]
  vim.lsp.handlers["textDocument/publishDiagnostics"] = function(err, result, ctx, config)
    if result and vim.uri_to_fname(result.uri) == vim.fn.fnamemodify(plain, ":p") then
      published = #result.diagnostics
    end
    return default(err, result, ctx, config)
  end
  vim.o.hidden = true
  vim.cmd("edit " .. vim.fn.fnameescape(plain))
  local plain_buf = vim.api.nvim_get_current_buf()
  ok = vim.wait(20000, function()
    return published ~= nil
  end, 50)
  if not ok then
    return finish("timeout waiting for the publish of " .. plain)
  end
  table.insert(
    lines,
    string.format(
      "plain filetype %s attached %s published %d shown %d",
      vim.bo[plain_buf].filetype,
      tostring(vim.lsp.buf_is_attached(plain_buf, client_id)),
      published,
      #vim.diagnostic.get(plain_buf)
    )
  )
  local head = hover_at(plain_buf, 1, 0)
  table.insert(lines, "plain " .. head)
  finish("ok")
end

-- The SPIR-V check, on tests/editors/nvim/errors.spvasm: its SPV009 diagnostic (a 64-bit type
-- without Int64), hovers on an opcode and an OpenCL.std function, the quick-fix that declares
-- the capability applied through Neovim, then go-to-definition of an id.
function SpeclintE2ESpirv(out)
  local bufnr, lines, finish = start_e2e(out)
  if not bufnr then
    return
  end
  local client = vim.lsp.get_client_by_id(client_id)
  table.insert(lines, "filetype " .. vim.bo[bufnr].filetype)
  vim.list_extend(lines, diagnostics_lines(bufnr))

  -- Hover `OpLoad` (line 16) and the OpenCL.std function `cos` (line 17).
  for _, at in ipairs({ { 16, 6 }, { 17, 27 } }) do
    local head, body = hover_at(bufnr, at[1], at[2])
    table.insert(lines, head)
    insert_body(lines, body)
  end

  -- The quick-fixes for the diagnostic on line 9; apply the one that declares Int64.
  local fix = nil
  for _, action in ipairs(line_actions(bufnr, 9)) do
    table.insert(lines, "action " .. action.title)
    if action.title == "Declare `OpCapability Int64`" then
      fix = action
    end
  end
  if fix == nil then
    return finish("no Int64 quick-fix")
  end
  vim.lsp.util.apply_workspace_edit(fix.edit, client.offset_encoding)
  table.insert(lines, "edited " .. vim.api.nvim_buf_get_lines(bufnr, 4, 5, false)[1])
  local ok = vim.wait(20000, function()
    return #vim.diagnostic.get(bufnr) == 0
  end, 50)
  if not ok then
    table.insert(lines, "codes after the fix: " .. codes(bufnr))
    return finish("timeout waiting for the fixed diagnostics")
  end
  table.insert(lines, "after fix " .. #vim.diagnostic.get(bufnr))

  -- Go to the definition of `%p` in `OpStore %p` (line 19 now, byte column 8).
  vim.api.nvim_win_set_cursor(0, { 19, 8 })
  vim.lsp.buf.definition()
  ok = vim.wait(10000, function()
    return vim.api.nvim_win_get_cursor(0)[1] ~= 19
  end, 50)
  local cursor = vim.api.nvim_win_get_cursor(0)
  table.insert(lines, string.format("definition 18:8 -> %d:%d", cursor[1] - 1, cursor[2]))
  if not ok then
    return finish("timeout waiting for the jump to the definition")
  end
  finish("ok")
end

-- The SASS lens of the current buffer's first kernel: runs its command and records the line
-- the view opens at and whether it shows a store.
function SpeclintE2ESass(out)
  local bufnr = vim.api.nvim_get_current_buf()
  local lines = {}
  local lens = nil
  vim.wait(20000, function()
    local params = { textDocument = vim.lsp.util.make_text_document_params(bufnr) }
    for _, response in pairs(vim.lsp.buf_request_sync(bufnr, "textDocument/codeLens", params, 5000) or {}) do
      for _, l in ipairs(response.result or {}) do
        if l.data and l.data.lens == "sass" and lens == nil then
          lens = l
        end
      end
    end
    return lens ~= nil
  end, 200)
  if lens == nil then
    return finish_with(lines, out, "no SASS lens")
  end
  table.insert(lines, string.format("lens %s %s", lens.command.title, lens.data.kernel))
  vim.lsp.commands[lens.command.command](lens.command, { client_id = client_id, bufnr = bufnr })
  local ok = vim.wait(60000, function()
    return vim.api.nvim_buf_get_name(0):match("%.sass$") ~= nil
  end, 100)
  if not ok then
    return finish_with(lines, out, "timeout waiting for the SASS view")
  end
  local row = vim.api.nvim_win_get_cursor(0)[1]
  table.insert(lines, "view at " .. vim.api.nvim_buf_get_lines(0, row - 1, row, false)[1])
  for _, line in ipairs(vim.api.nvim_buf_get_lines(0, 0, -1, false)) do
    if line:match("STG%.E") then
      table.insert(lines, "store " .. line)
    end
  end
  table.insert(lines, "modifiable " .. tostring(vim.bo.modifiable))
  finish_with(lines, out, "ok")
end
