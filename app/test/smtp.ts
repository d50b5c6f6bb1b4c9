import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  /** The message as it came over the wire. */
  raw: string;
  parsed: ParsedMail;
  /** The envelope's recipients. */
  to: string[];
}

export interface TestSmtpServer {
  /** smtp://user:password@127.0.0.1:port, for SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** While set, every recipient is refused with this 550 reply. */
  refuse: string | null;
  /** While set, a message whose subject it matches is kept unanswered (a slow server, a
   * connection busy with it) until `release()`. */
  stall: RegExp | null;
  /** How many messages are kept unanswered now. */
  stalled(): number;
  /** Answers every message kept unanswered (accepted). */
  release(): void;
  close(): Promise<void>;
}

/** A real SMTP server in this process, on loopback, that keeps (and parses) what it receives.
 * It asks for the credentials in its URL, as a submission server does. */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const user = "campanya";
  const password = "contrasenya-smtp";
  const received: ReceivedMail[] = [];
  const held: (() => void)[] = [];
  const state: TestSmtpServer = {
    url: "",
    received,
    refuse: null,
    stall: null,
    stalled: () => held.length,
    release: () => held.splice(0).forEach((answer) => answer()),
    close: async () => {},
  };
  const server = new SMTPServer({
    logger: false,
    // close() waits this long for clients to leave before it ends their connections: the site's
    // pooled transports keep theirs open, and the default (30 s) was most of some files' time.
    closeTimeout: 100,
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      if (auth.username === user && auth.password === password) callback(null, { user });
      else callback(new Error("Invalid username or password"));
    },
    onRcptTo(_address, _session, callback) {
      if (state.refuse) callback(Object.assign(new Error(state.refuse), { responseCode: 550 }));
      else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        simpleParser(raw).then(
          (parsed) => {
            const answer = () => {
              received.push({ raw, parsed, to: session.envelope.rcptTo.map((r) => r.address) });
              callback();
            };
            if (state.stall?.test(parsed.subject ?? "")) held.push(answer);
            else answer();
          },
          (err: Error) => callback(err),
        );
      });
    },
  });
  // A client that goes away mid-conversation (a server killed by the crash test) is its business:
  // smtp-server reports it as an 'error' event, which would otherwise end this process.
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  state.url = `smtp://${user}:${password}@127.0.0.1:${port}`;
  state.close = () => {
    state.release();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return state;
}
