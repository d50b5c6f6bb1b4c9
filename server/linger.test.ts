import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterEach, expect, it } from "vitest";
import { siteServer } from "./start";

// A form refused before its body is read (a 200 MB file announced: 413 at once), on a connection
// the client asked to close. The server closed it while the body's first bytes were still unread
// in its socket, and the system then resets the connection: the client, still reading the answer,
// loses its end (found by the fuzz: "connection cut mid-response"). The server now reads what
// the client still sends, for a while, after it has answered, as nginx does (lingering close).

const ANSWER = "x".repeat(256 * 1024);
let close: (() => Promise<void>) | null = null;
afterEach(async () => {
  await close?.();
  close = null;
});

async function refusingServer() {
  const server = siteServer((_req, res) => {
    // Refused on its announced length, as readForm does, without reading the body.
    res.writeHead(413, { "Content-Type": "text/plain", "Content-Length": ANSWER.length });
    res.end(ANSWER);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return (server.address() as AddressInfo).port;
}

/** Announces a huge body, sends 1 MB of it, then reads the answer slowly, as a busy client does. */
function slowClient(port: number): Promise<{ received: number; reset: boolean }> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: "127.0.0.1" });
    let received = 0;
    let reset = false;
    socket.on("error", () => (reset = true));
    socket.on("close", () => resolve({ received, reset }));
    socket.on("connect", () => {
      socket.write(
        `POST /participa/mapa HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n` +
          `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${200 * 1024 * 1024}\r\n\r\n`,
      );
      socket.write(Buffer.alloc(1024 * 1024, 97));
      socket.pause();
      setTimeout(() => {
        socket.on("data", (chunk: Buffer) => (received += chunk.length));
        socket.resume();
      }, 300);
    });
  });
}

it("a refused request's answer reaches a slow client whole, though its body was never read", async () => {
  const port = await refusingServer();
  const results = await Promise.all(Array.from({ length: 5 }, () => slowClient(port)));
  for (const { received, reset } of results) {
    expect(reset).toBe(false);
    expect(received).toBeGreaterThan(ANSWER.length);
  }
});
