const SERVICE = { name: "${{ values.name }}", version: "0.1.0" };

/** The service's routes: a health check and what it is. */
export function handle(request, response) {
  const url = new URL(request.url ?? "/", "http://localhost");
  if (request.method === "GET" && url.pathname === "/healthz") return json(response, 200, { status: "ok" });
  if (request.method === "GET" && url.pathname === "/") return json(response, 200, SERVICE);
  return json(response, 404, { error: "Not Found" });
}

function json(response, status, body) {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
}
