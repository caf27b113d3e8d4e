-- wrk script (bench/bench_http.py): every request asks for an address never asked before, the
-- path with "cold=<run>-<thread>-<n>" added to its query string, so the site's per-process store
-- of rendered pages (pagecache/httpcache.py) never answers and every request is rendered.
-- wrk ... -s bench/http/cold.lua URL -- <run>   (<run>: any word, different for every run)

thread_id = 0 -- set per thread by setup(); a global, so that thread:set reaches it
local threads = 0
local counter = 0
local prefix

function setup(thread)
  threads = threads + 1
  thread:set("thread_id", threads)
end

function init(args)
  local separator = string.find(wrk.path, "?", 1, true) and "&" or "?"
  prefix = wrk.path .. separator .. "cold=" .. (args[1] or "run") .. "-" .. thread_id .. "-"
end

function request()
  counter = counter + 1
  return wrk.format(nil, prefix .. counter)
end
