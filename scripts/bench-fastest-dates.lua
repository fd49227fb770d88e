-- wrk script: fastest routes for a new service day each request (Bashamichi -> Ginza at 07:30), so
-- that nearly every request needs a route network the server has not built (and no answer is cached):
-- the load of issue 20.
-- Usage: wrk -s scripts/bench-fastest-dates.lua <url>   (EKI_BENCH_FIRST_DAY=YYYY-MM-DD, default today)
local counter = 0
local first = 0

function setup(thread)
  thread:set("offset", counter * 5)
  counter = counter + 1
end

function init(args)
  counter = offset or 0
  local day = os.getenv("EKI_BENCH_FIRST_DAY")
  local y, m, d
  if day then y, m, d = day:match("(%d+)-(%d+)-(%d+)") else local t = os.date("*t"); y, m, d = t.year, t.month, t.day end
  first = os.time({year = tonumber(y), month = tonumber(m), day = tonumber(d), hour = 12})
end

function request()
  counter = counter + 1
  -- The next 28 days in turn: the server keeps 3 networks, so each one has to be built again; the
  -- minute moves on every lap, so no answer comes from the answer cache.
  local date = os.date("%Y-%m-%d", first + (counter % 28) * 86400)
  local minute = 360 + math.floor(counter / 28) % 900
  local at = string.format("%sT%02d:%02d", date, math.floor(minute / 60), minute % 60)
  return wrk.format("GET", "/api/v1/route/fastest?from=%E9%A6%AC%E8%BB%8A%E9%81%93&to=%E9%8A%80%E5%BA%A7&at=" .. at)
end

local statuses = {}
function response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
end

function done(summary, latency, requests)
  io.write(string.format("fastest, new dates: %d requests, %d non-2xx, errors: connect %d, read %d, timeout %d\n",
    summary.requests, summary.errors.status, summary.errors.connect, summary.errors.read, summary.errors.timeout))
end
