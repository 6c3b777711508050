// The floor of the serve benchmark: a bare node:http server answering a constant JSON body.

import { createServer } from "node:http";

const body = JSON.stringify({ ok: true });
const server = createServer((request, response) => {
  request.resume();
  request.on("end", () => {
    response.writeHead(201, { "content-type": "application/json", "content-length": String(Buffer.byteLength(body)) });
    response.end(body);
  });
});
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  if (address && typeof address === "object") process.stdout.write(`listening on http://127.0.0.1:${address.port}\n`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
