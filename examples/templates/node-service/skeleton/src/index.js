import { createServer } from "node:http";
import { handle } from "./app.js";

const port = Number(process.env.PORT ?? ${{ values.port }});

const server = createServer(handle);
server.listen(port, () => {
  console.log(JSON.stringify({ msg: "Listening", service: "${{ values.name }}", port }));
});

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
