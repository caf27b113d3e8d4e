-- wrk script (bench/bench_http.py): every request POSTs the same JSON body, read from the file
-- named by the script's first argument: wrk ... -s bench/http/post.lua URL -- body.json
-- The request is built once per thread (wrk's advice for fast servers).

local prepared

function init(args)
  local file = assert(io.open(args[1], "rb"), "no body file given after --")
  local body = file:read("*a")
  file:close()
  wrk.method = "POST"
  wrk.body = body
  wrk.headers["Content-Type"] = "application/json"
  prepared = wrk.format()
end

function request()
  return prepared
end
