import { createServer, type Server } from "node:net";

function listen(server: Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      if (address && typeof address === "object") resolve(address.port);
      else reject(new Error("no port"));
    });
  });
}

/** `count` different ports on 127.0.0.1 nobody listens on right now (the kernel picks them). */
export async function freePorts(count: number): Promise<number[]> {
  // Held open together: ports taken one after another can come back as the same number.
  const servers = Array.from({ length: count }, () => createServer());
  try {
    return await Promise.all(servers.map(listen));
  } finally {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  }
}
