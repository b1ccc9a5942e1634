# Serves the bundled worker (dist/worker.js, made by `npm run example:workers`) on workerd, locally:
#   npx workerd serve examples/workers/workerd.capnp --socket-addr http=127.0.0.1:8787
# CARTWRIGHT_API_KEY is read from the environment, as `wrangler secret` provides it on Cloudflare.
using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [(name = "main", worker = .cartwright)],
  sockets = [(name = "http", address = "127.0.0.1:8787", http = (), service = "main")],
);

const cartwright :Workerd.Worker = (
  modules = [(name = "worker.js", esModule = embed "dist/worker.js")],
  compatibilityDate = "2025-09-01",
  compatibilityFlags = ["nodejs_compat"],
  bindings = [(name = "CARTWRIGHT_API_KEY", fromEnvironment = "CARTWRIGHT_API_KEY")],
);
