-- wrk script: POST /v1/equity, heads-up Omaha hi/lo on a flop (820 boards,
-- exact). Used by scripts/bench-http.sh (make bench-http).
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"game":"omaha-hilo","hands":["As2s3dKd","QhQcJhTc"],"board":"4c7hKh"}'

-- Any answer but 200 is counted and reported: a fast 4xx/5xx must not pass
-- for throughput.
local bad = 0
response = function(status, headers, body)
  if status ~= 200 then
    bad = bad + 1
    if bad == 1 then io.stderr:write("first non-200: " .. status .. " " .. body .. "\n") end
  end
end

done = function(summary, latency, requests)
  io.write(string.format("requests %d, non-200 (per thread, last) %d, p50 %.2f ms, p90 %.2f ms, p99 %.2f ms, max %.2f ms\n",
    summary.requests, bad, latency:percentile(50) / 1000, latency:percentile(90) / 1000,
    latency:percentile(99) / 1000, latency.max / 1000))
end
