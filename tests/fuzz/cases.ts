// The malformed requests of the fuzz test (tests/fuzz/fuzz.ts), category by category, from a seed.
import { spawnSync } from "node:child_process";
import { PUBLIC_PATHS, SEO_PATHS } from "../../app/lib/seo";
import { LOCALES } from "../../app/i18n/locales";
import { localePaths } from "../../app/lib/routes";
import { ADMIN_SCREEN_LIST, ADMIN_SCREENS as REGISTRY, addressOf, screenAddresses, type AdminScreen } from "../../app/domain/admin-screens";
import { TRAVERSAL_ATTEMPTS } from "../support";

/** The back-office account the fuzzed server is started with. */
export const ADMIN = { email: "fuzz@penedes.cat", password: "contrasenya-del-fuzz" };

/** A header as written: any bytes, in any case, repeated or not. */
export type Header = [string, string];

/** What the cases are aimed at: the seeded site's files and rows, and a real session. */
export interface FuzzContext {
  host: string;
  media: { image: string; photo: string; audio: string; video: string; pdf: string; missing: string; all: string[] };
  ids: string[];
  session: string;
  audio: Buffer;
  png: Buffer;
  pdf: Buffer;
  nextClient(): string;
}

/** How a request is sent. "send": everything, an answer is due; "truncate": part of the body,
 * then the connection is dropped (or reset, `rst`); "claim": a 200 MB body is announced, a little is sent. */
type Mode = "send" | "truncate" | "claim";

interface Spec {
  method?: string;
  target?: string;
  version?: string;
  headers?: Header[];
  body?: Buffer;
  /** No header added (Host, Connection, X-Forwarded-For, Content-Length). */
  bare?: boolean;
  mode?: Mode;
  rst?: boolean;
  broken?: boolean;
  adminWrite?: boolean;
  /** The request line and headers as they are (with `bare`). */
  head?: Buffer;
  /** An anonymous read of a back-office page: a 2xx is a failure. */
  adminRead?: boolean;
  /** The only status this request may get (a path that cannot be read one way only: 400). */
  expectStatus?: number;
}

export interface Case {
  cat: string;
  name: string;
  method: string;
  head: Buffer;
  body: Buffer;
  mode: Mode;
  rst?: boolean;
  broken: boolean;
  adminWrite: boolean;
  adminRead?: boolean;
  expectStatus?: number;
}

/** A multipart part: a field, a file, or raw bytes. */
interface Part {
  name?: string;
  value?: string;
  data?: string | Buffer;
  filename?: string;
  type?: string;
  raw?: string | Buffer;
}

// ---------------------------------------------------------------------------------------------
// Deterministic randomness (mulberry32).

export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)]!;
  const bytes = (n: number) => Buffer.from(Array.from({ length: n }, () => int(256)));
  return { next, int, pick, bytes };
}

/** The same order for the same seed. */
export function shuffle<T>(list: T[], r: ReturnType<typeof prng>): T[] {
  for (let i = list.length - 1; i > 0; i--) {
    const j = r.int(i + 1);
    [list[i], list[j]] = [list[j]!, list[i]!];
  }
  return list;
}

/** Strings are written byte for byte ("\xff" is the byte 0xff), so invalid UTF-8 is easy to write. */
const b = (v: string | Buffer) => (Buffer.isBuffer(v) ? v : Buffer.from(String(v), "latin1"));
const utf8 = (s: string) => Buffer.from(s, "utf8");

// ---------------------------------------------------------------------------------------------
// The routes (app/routes.ts).

// The public pages (the sitemap's, from app/lib/seo.ts), a landing that does not exist, the pages of
// the forms for visitors without JavaScript, and a path that matches nothing.
export const PAGES: string[] = [
  // Every page in the three languages (decision 059).
  ...PUBLIC_PATHS,
  ...SEO_PATHS.filter((p) => !PUBLIC_PATHS.includes(p)),
  ...LOCALES.flatMap((l) => [
    localePaths(l).landing("no-existeix"),
    // The newsletter's e-mail links, with a token that is not one (decision 023).
    localePaths(l).newsletterConfirm("no-es-un-enllac"),
    localePaths(l).newsletterUnsubscribe("no-es-un-enllac"),
    // The rights request's e-mail link, with a token that is not one (decision 072).
    localePaths(l).rightsConfirm("no-es-un-enllac"),
    // Following a result (decision 069): its two links, with a token that is not one.
    localePaths(l).trackerConfirm("no-es-un-enllac"),
    localePaths(l).trackerUnsubscribe("no-es-un-enllac"),
    // The answers' e-mails' way out (decision 078), with a token that is not one.
    localePaths(l).answerMailStop("no-es-un-enllac"),
    // A result of the plan that does not exist, and an id that is not one (issue 35).
    localePaths(l).trackerResult("00000000-0000-4000-8000-000000000000"),
    localePaths(l).trackerResult("no-es-un-id"),
    `${localePaths(l).tracker}?municipi=%00&ambit=x&estat=%ff&pagina=%00`,
    `${localePaths(l).aportacions}?resposta=%00&tipus=x&pagina=%ff`,
    `${l === "ca" ? "" : `/${l}`}/no-existeix`,
  ]),
];
export const RESOURCES = [
  "/robots.txt",
  "/sitemap.xml",
  "/healthz",
  "/favicon.ico",
  "/api/map-comments.geojson",
  // The plan's results as open data (decision 069).
  "/api/seguiment-del-pla.csv",
  "/api/seguiment-del-pla.geojson",
  // What the tracker's map draws, with filters that are none (issue 35).
  "/api/seguiment-del-pla/mapa.json",
  "/api/seguiment-del-pla/mapa.json?municipi=%00&ambit=x&estat=%ff",
  // The participation's open data and the catalogue (decision 074).
  "/dades-obertes/aportacions.csv",
  "/dades-obertes/aportacions.geojson",
  "/dades-obertes/cataleg.ttl",
  // An activity's calendar file (issue 18), for an activity that does not exist and a bad id.
  "/agenda/00000000-0000-4000-8000-000000000000.ics",
  "/agenda/no-es-un-id.ics",
];
/** The back office's addresses, from its registry (decision 055): a parameter spelled with a value
 * that is not one (an invitation's token) or a real export's name. */
const addresses = (s: AdminScreen) => screenAddresses(s, s.path.endsWith(":token") ? "no-es-un-enllac" : "reflections.csv");
/** The pages of the back office's shell. */
const ADMIN_PAGES = ADMIN_SCREEN_LIST.filter((s) => s.shell).map((s) => s.path);
const { logout, upload } = REGISTRY;
/** What takes a post: sign-out, the uploads (and one of a kind there is not), the pages. */
const ADMIN_ACTIONS = [logout.path, ...addresses(upload), `${addressOf(upload)}/altres`, ...ADMIN_PAGES];
/** Each old address: a permanent redirect to its screen. */
const ADMIN_MOVED = ADMIN_SCREEN_LIST.flatMap((s) => (s.was ? [s.was] : []));
/** Every admin route at its addresses, and the old addresses. */
const ADMIN_ROUTES = [...new Set([...ADMIN_SCREEN_LIST.flatMap(addresses), ...ADMIN_ACTIONS, ...ADMIN_MOVED])];
/** The addresses that answer without a session: sign-in and sign-out, the second factor, an invitation's, the redirects. */
const SESSIONLESS = new Set([...ADMIN_SCREEN_LIST.filter((s) => !s.roles).flatMap(addresses), ...ADMIN_MOVED]);
const TEXT_FORMS = [
  "/newsletter",
  "/participa/mapa",
  "/participa/reflexio",
  "/denuncia",
  "/declaracio-accessibilitat/sollicitud",
  "/avis-legal-i-privacitat/drets",
  // The follow forms (decision 069): the tracker's and a result's (one that does not exist).
  "/seguiment-del-pla",
  "/seguiment-del-pla/00000000-0000-4000-8000-000000000000",
];
const PUBLIC_ACTIONS = [...TEXT_FORMS, "/testimonis/enviar"];
export const ALL_TARGETS = [...PAGES, ...RESOURCES, ...ADMIN_ROUTES];

/** The route table as React Router reads it (app/routes.ts), one pattern per path: "landing/:slug"
 * matches any one segment there, "*" anything. */
export function routePatterns(): RegExp[] {
  const listed = spawnSync("npx", ["react-router", "routes", "--json"], { encoding: "utf8" });
  if (listed.status !== 0) throw new Error(`react-router routes failed: ${listed.stderr}`);
  const patterns: RegExp[] = [];
  type Route = { path?: string; index?: boolean; children?: Route[] };
  const walk = (routes: Route[], base: string) => {
    for (const route of routes) {
      const full = route.path ? `${base}/${route.path}`.replace(/\/+/g, "/") : base;
      if (route.path || route.index) {
        const re = full
          .replace(/[.]/g, "\\.")
          .replace(/:[^/]+/g, "[^/]+")
          // A splat matches nothing too ("/admin/settings/*" is "/admin/settings").
          .replace(/\/\*$/, "(?:/.*)?")
          .replace(/\*/g, ".*");
        patterns.push(new RegExp(`^${re || "/"}$`));
      }
      if (route.children) walk(route.children, full);
    }
  };
  walk(JSON.parse(listed.stdout) as Route[], "");
  return patterns;
}

/** React Router's own endpoints: the data of a page (single fetch) and lazy route discovery. */
const dataUrl = (p: string) => (p === "/" ? "/_root.data" : `${p}.data`);

// ---------------------------------------------------------------------------------------------
// Requests.

/**
 * One malformed request.
 * - cat: the category it is counted under; name: what it tries.
 * - mode "send": everything is sent, an answer is due; "truncate": part of the body, then the
 *   connection is dropped (or reset); "claim": a 200 MB body is announced, a little is sent.
 * - broken: malformed at the HTTP level, so Node's parser may answer 400 or just close.
 * - adminWrite: a write to the back office that must be refused (anonymous, forged, or signed in
 *   with a broken body): a 2xx is a failure.
 */
function makeRequest(ctx: FuzzContext, cat: string, name: string, spec: Spec): Case {
  const { method = "GET", target = "/", version = "HTTP/1.1", headers = [], body, bare = false, ...rest } = spec;
  const has = (n: string) => headers.some(([k]) => String(k).toLowerCase() === n);
  const all = [...headers];
  if (!bare) {
    if (!has("host")) all.unshift(["Host", ctx.host]);
    // A large body goes on a kept-alive connection, as browsers send it: when the server answers
    // before reading it all (a refusal), Node reads and discards the rest. On a "close" connection
    // Node closes the socket right after the answer while the client is still sending, the kernel
    // answers the rest with a reset, and the client may lose the answer: a race in TCP, not a bug.
    if (!has("connection")) all.push(["Connection", body && body.length > 64 * 1024 ? "keep-alive" : "close"]);
    // One client for the sign-in, so that its throttle (20 failures per client) works as it would
    // against one attacker: the body is still read and checked before the throttle is asked.
    if (!has("x-forwarded-for")) all.push(["X-Forwarded-For", /^\/admin\/login\b/i.test(target) ? "10.255.255.254" : ctx.nextClient()]);
    if (body && !has("content-length") && !has("transfer-encoding")) all.push(["Content-Length", String(body.length)]);
  }
  const head = Buffer.concat([
    b(`${method} `),
    b(target),
    b(` ${version}\r\n`),
    ...all.map(([k, v]) => Buffer.concat([b(k), b(": "), b(v), b("\r\n")])),
    b("\r\n"),
  ]);
  return { cat, name, method, head, body: body ?? Buffer.alloc(0), mode: "send", broken: false, adminWrite: false, ...rest };
}

const FORM: Header = ["Content-Type", "application/x-www-form-urlencoded"];
const multipartType = (boundary: string): Header => ["Content-Type", `multipart/form-data; boundary=${boundary}`];

/** A multipart body. Parts: { name, value } fields, { name, filename, type, data } files, or { raw }. */
function multipart(boundary: string, parts: Part[], { close = true } = {}) {
  const out = [];
  for (const p of parts) {
    out.push(b(`--${boundary}\r\n`));
    if (p.raw) {
      out.push(b(p.raw));
      continue;
    }
    const file = p.filename !== undefined ? `; filename="${p.filename}"` : "";
    out.push(b(`Content-Disposition: form-data; name="${p.name}"${file}\r\n`));
    if (p.type) out.push(b(`Content-Type: ${p.type}\r\n`));
    out.push(b("\r\n"), b(p.data ?? String(p.value)), b("\r\n"));
  }
  if (close) out.push(b(`--${boundary}--\r\n`));
  return Buffer.concat(out);
}

/** Fields that make a testimonial complete but for the audio: whatever comes with them must be refused. */
const TESTIMONIAL_FIELDS: Part[] = [
  { name: "title", data: utf8("Vaig a l'escola en bici") },
  { name: "category", value: "infants" },
  { name: "terms", value: "on" },
  { name: "duration", value: "12" },
];

/** Invalid UTF-8 and other bytes no browser form sends. */
const BAD_BYTES = [
  "\xff",
  "\xfe\xff",
  "\xc0\xaf",
  "\xed\xa0\x80",
  "\xf8\x88\x80\x80\x80",
  "\xe2\x82",
  "\x00",
  "\x80\x80",
  "\xf4\x90\x80\x80",
];
const BAD_ESCAPES = ["%FF", "%C0%AF", "%ED%A0%80", "%00", "%E2%82", "%F4%90%80%80", "%", "%zz", "%u0041", "%%30"];

// ---------------------------------------------------------------------------------------------
// The cases, category by category. Every public form body below is invalid at the application
// level in a way no mutation here can repair, so a stored row always means a bug.

/** The categories, in the order generate() makes them. */
export const generateOrder: string[] = [];

export function generate(seed: number, ctx: FuzzContext): Case[] {
  const r = prng(seed);
  const cases: Case[] = [];
  const add = (cat: string, name: string, spec: Spec) => {
    generateOrder.push(cat);
    cases.push(makeRequest(ctx, cat, name, spec));
  };
  const block = r.bytes(64 * 1024);
  const fillers = new Map<number, Buffer>();
  const filler = (n: number) => {
    if (!fillers.has(n)) fillers.set(n, Buffer.concat(Array.from({ length: Math.ceil(n / block.length) }, () => block)).subarray(0, n));
    return fillers.get(n)!;
  };
  const media = ctx.media;
  const everything = [
    ...PAGES,
    ...RESOURCES,
    ...ADMIN_ROUTES,
    ...media.all,
    ...PAGES.slice(0, 6).map(dataUrl),
    "/__manifest?p=%2F&version=x",
  ];

  // Wrong methods, on every route. Methods Node's parser does not know are broken requests.
  const known = ["PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "PROPFIND", "PURGE", "SEARCH", "MKCOL", "LOCK", "QUERY"];
  const unknown = ["FOO", "get", "BREW", "G\x00T", "GETGETGETGETGETGETGETGET"];
  for (const target of everything) {
    for (const method of known)
      add("methods", `${method} ${target}`, {
        method,
        target,
        body: r.next() < 0.5 ? b("a=1") : undefined,
        adminWrite: target.startsWith("/admin/") && target !== "/admin/login",
      });
    add("methods", `unknown method ${target}`, { method: r.pick(unknown), target, broken: true });
  }
  add("methods", "CONNECT", { method: "CONNECT", target: "127.0.0.1:22", broken: true });
  add("methods", "OPTIONS *", { method: "OPTIONS", target: "*" });
  for (const method of ["HEAD", "GET"])
    for (const target of everything) add("methods", `${method} ${target} with a body`, { method, target, body: b("x=1") });

  // Bodies: huge, announced and never sent, truncated, with a wrong length.
  for (const target of [...PUBLIC_ACTIONS, "/admin/login", ...ADMIN_ACTIONS, "/", "/participa", "/api/testimonis"]) {
    const adminWrite = target.startsWith("/admin/") && target !== "/admin/login";
    const type = target === "/testimonis/enviar" ? multipartType("fz") : FORM;
    add("bodies", `8 MB ${target}`, { method: "POST", target, headers: [type], body: filler(8 * 1024 * 1024), adminWrite });
    add("bodies", `200 MB announced ${target}`, {
      method: "POST",
      target,
      headers: [type, ["Content-Length", String(200 * 1024 * 1024)]],
      body: filler(64 * 1024),
      mode: "claim",
      adminWrite,
    });
    for (const rst of [false, true]) {
      const body =
        target === "/testimonis/enviar"
          ? multipart("fz", [...TESTIMONIAL_FIELDS, { name: "audio", filename: "a.webm", type: "audio/webm", data: ctx.audio }], {
              close: false,
            })
          : b("email=a%40b.cat&comment=hola");
      add("bodies", `truncated ${rst ? "and reset " : ""}${target}`, {
        method: "POST",
        target,
        headers: [type, ["Content-Length", String(body.length + 1000 + r.int(100000))]],
        body,
        mode: "truncate",
        rst,
        adminWrite,
      });
    }
    for (const cl of ["-1", "abc", "1e3", "0x10", " 5", "+5", "5, 6", "99999999999999999999", "5\x00"]) {
      add("bodies", `Content-Length ${JSON.stringify(cl)} ${target}`, {
        method: "POST",
        target,
        headers: [type, ["Content-Length", cl]],
        body: b("email="),
        broken: true,
        adminWrite,
      });
    }
    add("bodies", `two Content-Lengths ${target}`, {
      method: "POST",
      target,
      headers: [type, ["Content-Length", "3"], ["Content-Length", "5"]],
      body: b("a=123"),
      broken: true,
      adminWrite,
    });
    add("bodies", `shorter Content-Length ${target}`, {
      method: "POST",
      target,
      headers: [type, ["Content-Length", "3"]],
      body: b("a=1GARBAGE / HTTP/1.1\r\n\r\n"),
      broken: true,
      adminWrite,
    });
    add("bodies", `no body ${target}`, { method: "POST", target, headers: [type, ["Content-Length", "0"]], adminWrite });
    add("bodies", `no length ${target}`, { method: "POST", target, headers: [type], adminWrite });
    add("bodies", `binary ${target}`, { method: "POST", target, headers: [type], body: r.bytes(2000 + r.int(20000)), adminWrite });
  }

  // Transfer-Encoding oddities.
  for (const target of [...PUBLIC_ACTIONS, "/admin/login", "/admin/puja/videos", "/"]) {
    const chunked = (body: Buffer) => Buffer.concat([b(`${body.length.toString(16)}\r\n`), body, b("\r\n0\r\n\r\n")]);
    const variants: [string, Buffer, boolean | "truncate"][] = [
      ["chunked", chunked(b("email=x")), false],
      ["chunked", b("zz\r\nemail=x\r\n0\r\n\r\n"), true],
      // A chunk of 2^64-1 bytes announced: the server can only wait for it, so it is dropped.
      ["chunked", b("ffffffffffffffff\r\nemail\r\n0\r\n\r\n"), "truncate"],
      ["chunked", b(`5;${"x".repeat(20000)}\r\nemail\r\n0\r\n\r\n`), true],
      ["chunked", b("5\r\nemail\r\n"), "truncate"],
      ["chunked, chunked", chunked(b("a=1")), true],
      ["gzip, chunked", chunked(b("\x1f\x8b\x08\x00garbage")), false],
      ["gzip", b("\x1f\x8b"), true],
      ["identity", b("a=1"), true],
      [" chunked", chunked(b("a=1")), true],
      ["xchunked", b("a=1"), true],
      ["chunked\x00", b("a=1"), true],
    ];
    for (const [te, body, flag] of variants) {
      add("transfer-encoding", `TE ${JSON.stringify(te)} ${target}`, {
        method: "POST",
        target,
        headers: [FORM, ["Transfer-Encoding", te]],
        body,
        broken: flag === true,
        mode: flag === "truncate" ? "truncate" : "send",
        adminWrite: target.startsWith("/admin/up"),
      });
    }
    // Too large, with no length announced: found out while reading, and answered all the same.
    add("transfer-encoding", `chunked 300 KB ${target}`, {
      method: "POST",
      target,
      headers: [FORM, ["Transfer-Encoding", "chunked"]],
      body: Buffer.concat([...Array.from({ length: 10 }, () => chunked(b(`a=${"x".repeat(30_000)}`)).subarray(0, -5)), b("0\r\n\r\n")]),
      adminWrite: target.startsWith("/admin/up"),
    });
    add("transfer-encoding", `TE and Content-Length ${target}`, {
      method: "POST",
      target,
      headers: [FORM, ["Transfer-Encoding", "chunked"], ["Content-Length", "3"]],
      body: chunked(b("a=1")),
      broken: true,
      adminWrite: target.startsWith("/admin/up"),
    });
  }

  // Broken multipart, to every action (the text forms and the sign-in must refuse it too).
  for (const target of [...PUBLIC_ACTIONS, "/admin/login", ...ADMIN_ACTIONS]) {
    const adminWrite = target.startsWith("/admin/") && target !== "/admin/login";
    const isTestimonial = target === "/testimonis/enviar";
    const times = isTestimonial ? 3 : 1;
    const file = (data: Buffer, type = "audio/webm", filename = "gravacio.webm"): Part => ({
      name: isTestimonial ? "audio" : "file",
      filename,
      type,
      data,
    });
    const fields = isTestimonial
      ? TESTIMONIAL_FIELDS
      : [
          { name: "email", value: "a@b.cat" },
          { name: "comment", value: "hola" },
        ];
    for (let i = 0; i < times; i++) {
      const nonAudio = r.pick([
        ctx.png,
        ctx.pdf,
        b("<html><script>alert(1)</script>"),
        b("<svg xmlns='http://www.w3.org/2000/svg'/>"),
        b("PK\x03\x04zip"),
        r.bytes(5000 + r.int(50000)),
        b("RIFF\x00\x00\x00\x00WAVEjunk"),
        b("ID3"),
        b("\x1aE\xdf\xa3"),
      ]);
      const variants: [string, Header, Buffer][] = [
        ["boundary mismatch", multipartType("aaa"), multipart("bbb", [...fields, file(nonAudio)])],
        ["missing boundary", ["Content-Type", "multipart/form-data"], multipart("x", fields)],
        ["empty boundary", ["Content-Type", "multipart/form-data; boundary="], multipart("", fields)],
        ["boundary of 200 characters", multipartType("b".repeat(200)), multipart("b".repeat(200), fields)],
        ["quoted boundary with bad bytes", ["Content-Type", 'multipart/form-data; boundary="\xff\xfe"'], multipart("\xff\xfe", fields)],
        ["unterminated", multipartType("fz"), multipart("fz", [...fields, file(nonAudio)], { close: false })],
        ["unterminated part headers", multipartType("fz"), b('--fz\r\nContent-Disposition: form-data; name="title"\r\n')],
        ["part without headers", multipartType("fz"), b("--fz\r\n\r\nvalue\r\n--fz--\r\n")],
        [
          "huge part header",
          multipartType("fz"),
          multipart("fz", [{ raw: `Content-Disposition: form-data; name="title"\r\nX-Junk: ${"j".repeat(100_000)}\r\n\r\nhola\r\n` }]),
        ],
        ["no name", multipartType("fz"), multipart("fz", [{ raw: "Content-Disposition: form-data\r\n\r\nhola\r\n" }])],
        ["not form-data", multipartType("fz"), multipart("fz", [{ raw: "Content-Disposition: attachment; name=title\r\n\r\nhola\r\n" }])],
        ["non-audio bytes labelled audio", multipartType("fz"), multipart("fz", [...fields, file(nonAudio)])],
        [
          "non-audio bytes labelled audio, file first",
          multipartType("fz"),
          multipart("fz", [file(nonAudio, "audio/mpeg", "a.mp3"), ...fields]),
        ],
        [
          "audio field without a filename",
          multipartType("fz"),
          multipart("fz", [...fields, { name: "audio", type: "audio/webm", data: nonAudio }]),
        ],
        ["empty file", multipartType("fz"), multipart("fz", [...fields, file(b(""))])],
        [
          "traversal in the filename",
          multipartType("fz"),
          multipart("fz", [...fields, file(nonAudio, "audio/webm", "../../../../etc/passwd")]),
        ],
        [
          "invalid UTF-8 in names",
          multipartType("fz"),
          multipart("fz", [
            { name: "t\xffitle", value: "x" },
            { name: "cat\x00egory", value: "x" },
            file(nonAudio, "audio/webm", "\xff\xfe.webm"),
          ]),
        ],
        [
          "thousands of fields",
          multipartType("fz"),
          multipart(
            "fz",
            Array.from({ length: 5000 }, (_, j) => ({ name: `f${j}`, value: "x" })),
          ),
        ],
        [
          "thousands of files",
          multipartType("fz"),
          multipart(
            "fz",
            Array.from({ length: 2000 }, (_, j) => ({
              name: isTestimonial ? "audio" : `file${j}`,
              filename: `${j}.webm`,
              type: "audio/webm",
              data: "x",
            })),
          ),
        ],
        ["a 200 KB field", multipartType("fz"), multipart("fz", [{ name: "title", value: "t".repeat(200_000) }, ...fields.slice(1)])],
        [
          "multipart/mixed inside",
          multipartType("fz"),
          multipart("fz", [
            {
              raw: 'Content-Disposition: form-data; name="audio"\r\nContent-Type: multipart/mixed; boundary=in\r\n\r\n--in\r\nContent-Disposition: file; filename="a.webm"\r\n\r\nxx\r\n--in--\r\n',
            },
          ]),
        ],
        [
          "base64 transfer encoding",
          multipartType("fz"),
          multipart("fz", [
            {
              raw: 'Content-Disposition: form-data; name="audio"; filename="a.webm"\r\nContent-Transfer-Encoding: base64\r\nContent-Type: audio/webm\r\n\r\nGkXfo0AAAAAAAAAA\r\n',
            },
            ...fields,
          ]),
        ],
        [
          "preamble and epilogue of junk",
          multipartType("fz"),
          Buffer.concat([r.bytes(3000), b("\r\n"), multipart("fz", [...fields, file(nonAudio)]), r.bytes(3000)]),
        ],
        [
          "bare LF line endings",
          multipartType("fz"),
          b(
            multipart("fz", [...fields, file(nonAudio)])
              .toString("latin1")
              .replace(/\r\n/g, "\n"),
          ),
        ],
      ];
      if (isTestimonial) {
        // Real audio with fields that must be refused: the stored file must be deleted again.
        const bad: [string, Part[]][] = [
          ["without terms", TESTIMONIAL_FIELDS.filter((f) => f.name !== "terms")],
          ["unknown category", [...TESTIMONIAL_FIELDS.filter((f) => f.name !== "category"), { name: "category", value: "__proto__" }]],
          ["title of 101 characters", [{ name: "title", value: "t".repeat(101) }, ...TESTIMONIAL_FIELDS.slice(1)]],
          ["NUL in the title", [{ name: "title", value: "hola\x00adeu" }, ...TESTIMONIAL_FIELDS.slice(1)]],
          [
            "invalid UTF-8 in the title",
            [{ name: "title", value: `bici ${r.pick(BAD_BYTES.filter((x) => x !== "\x00"))} escola` }, ...TESTIMONIAL_FIELDS.slice(1)],
          ],
          ["honeypot filled", [...TESTIMONIAL_FIELDS, { name: "website", value: "http://spam.example" }]],
          ["thousands of fields after the audio", Array.from({ length: 3000 }, (_, j) => ({ name: `f${j}`, value: "x" }))],
        ];
        for (const [what, list] of bad)
          variants.push([
            `real audio, ${what}`,
            multipartType("fz"),
            multipart(
              "fz",
              what.endsWith("after the audio") ? [...TESTIMONIAL_FIELDS, file(ctx.audio), ...list] : [...list, file(ctx.audio)],
            ),
          ]);
        variants.push([
          "two audio files, the second not audio",
          multipartType("fz"),
          multipart("fz", [...TESTIMONIAL_FIELDS.filter((f) => f.name !== "terms"), file(ctx.audio), file(nonAudio)]),
        ]);
        variants.push([
          "audio over 5 MB",
          multipartType("fz"),
          multipart("fz", [...TESTIMONIAL_FIELDS, file(Buffer.concat([ctx.audio, filler(6 * 1024 * 1024)]))]),
        ]);
      }
      for (const [what, type, body] of variants)
        add("multipart", `${what} ${target}`, { method: "POST", target, headers: [type], body, adminWrite });
    }
    // Real audio, everything right, and the connection drops before the end: nothing may stay.
    if (isTestimonial) {
      for (const rst of [false, true]) {
        const body = multipart("fz", [...TESTIMONIAL_FIELDS, file(Buffer.concat([ctx.audio, filler(2 * 1024 * 1024)]))], { close: false });
        add("multipart", `real audio, dropped mid-upload${rst ? " (reset)" : ""}`, {
          method: "POST",
          target,
          headers: [multipartType("fz"), ["Content-Length", String(body.length + 500)]],
          body,
          mode: "truncate",
          rst,
        });
      }
    }
  }

  // Invalid UTF-8 and NUL in paths, query strings, form bodies and header values.
  for (const target of [...PAGES, ...RESOURCES, ...ADMIN_ROUTES.slice(0, 6), media.image, media.audio]) {
    add("utf8", `raw bytes in the path ${target}`, {
      target: `${target}${target.endsWith("/") ? "" : "/"}${r.pick(BAD_BYTES)}x`,
      broken: true,
    });
    add("utf8", `escaped bytes in the path ${target}`, { target: `${target}${target.endsWith("/") ? "" : "/"}${r.pick(BAD_ESCAPES)}` });
    add("utf8", `escaped bytes in a segment ${target}`, { target: target.replace(/[a-z](?=[^/]*$)/, r.pick(BAD_ESCAPES)) });
    add("utf8", `escaped bytes in the query ${target}`, {
      target: `${target}?${r.pick(["w", "ambit", "tipus", "redirectTo", "p", "x"])}=${r.pick(BAD_ESCAPES)}&${r.pick(BAD_ESCAPES)}=1`,
    });
    add("utf8", `raw bytes in the query ${target}`, { target: `${target}?q=${r.pick(BAD_BYTES)}`, broken: true });
    add("utf8", `raw bytes in header values ${target}`, {
      target,
      headers: [
        ["Accept-Language", `ca\xff\xfe`],
        ["Referer", `http://x/\xc0\xaf`],
        ["User-Agent", `\xed\xa0\x80`],
        ["Cookie", `pb_session=\xff\xfe; pb_flash=\xc0`],
      ],
    });
  }
  const textForms: ((bad: string) => [string, string])[] = [
    // A required field missing (privacy, or the reflection): never valid, whatever else happens
    // to the body (changed bytes can drop a field, never make one).
    (bad) => ["/newsletter", `email=persona${bad}%40exemple.cat`],
    (bad) => ["/participa/mapa", `comment=Falta un carril ${bad} bici&email=`],
    (bad) => ["/participa/reflexio", `name=Anna ${bad}&email=anna%40exemple.cat&privacy=on`],
    (bad) => ["/declaracio-accessibilitat/sollicitud", `kind=communication&about=Inici ${bad}&email=anna%40exemple.cat`],
    // No kind: never valid (decision 072).
    (bad) => ["/avis-legal-i-privacitat/drets", `email=anna${bad}%40exemple.cat&message=Vull ${bad} les dades`],
    (bad) => ["/admin/login", `email=gestor${bad}%40penedes.cat&password=${bad}`],
  ];
  for (const form of textForms) {
    for (const bad of [...BAD_BYTES, ...BAD_ESCAPES]) {
      const [target, body] = form(bad);
      add("utf8", `invalid UTF-8 in the body ${target} ${JSON.stringify(bad)}`, { method: "POST", target, headers: [FORM], body: b(body) });
      add("utf8", `declared latin1 ${target}`, {
        method: "POST",
        target,
        headers: [["Content-Type", "application/x-www-form-urlencoded; charset=iso-8859-1"]],
        body: b(body),
      });
    }
  }
  // Otherwise valid submissions whose text is not valid UTF-8 or holds a NUL: no browser sends
  // these, and storing them (as U+FFFD, or a PostgreSQL error on NUL) is wrong.
  for (const bad of [...BAD_BYTES, "%FF", "%C0%AF", "%ED%A0%80", "%00", "%E2%82"]) {
    add("utf8", `valid map comment but for ${JSON.stringify(bad)}`, {
      method: "POST",
      target: "/participa/mapa",
      headers: [FORM],
      body: b(`comment=Falta un carril ${bad} bici&privacy=on`),
    });
    add("utf8", `valid reflection but for ${JSON.stringify(bad)}`, {
      method: "POST",
      target: "/participa/reflexio",
      headers: [FORM],
      body: b(`reflection=Bici ${bad}&name=Anna`),
    });
    add("utf8", `valid subscription but for ${JSON.stringify(bad)}`, {
      method: "POST",
      target: "/newsletter",
      headers: [FORM],
      body: b(`email=a${bad}b%40exemple.cat&privacy=on`),
    });
  }

  // Overlong request lines and headers, and odd request framing.
  for (const target of [...PAGES.slice(0, 8), ...PUBLIC_ACTIONS, "/admin/login", media.image, "/healthz"]) {
    for (const size of [4000, 15_000, 17_000, 70_000, 1_000_000]) {
      add("url-and-headers", `URL of ${size} ${target}`, { target: `${target}?${"a".repeat(size)}`, broken: size > 16_000 });
      add("url-and-headers", `path of ${size} ${target}`, { target: `${target}/${"%2e".repeat(size / 3)}`, broken: size > 16_000 });
    }
    add("url-and-headers", `header of 20 KB ${target}`, { target, headers: [["X-Junk", "j".repeat(20_000)]], broken: true });
    add("url-and-headers", `cookie of 15 KB ${target}`, { target, headers: [["Cookie", `pb_session=${"s".repeat(15_000)}`]] });
    add("url-and-headers", `3000 headers ${target}`, {
      target,
      headers: Array.from({ length: 3000 }, (_, i) => [`X-H${i}`, "1"]),
      broken: true,
    });
    add("url-and-headers", `header without a colon ${target}`, { target, headers: [["X-Junk no colon", ""]], broken: true });
    add("url-and-headers", `header name with a space ${target}`, { target, headers: [["X Junk", "1"]], broken: true });
    add("url-and-headers", `folded header ${target}`, { target, headers: [["X-Folded", "a\r\n b"]], broken: true });
    add("url-and-headers", `NUL in a header ${target}`, { target, headers: [["X-Nul", "a\x00b"]], broken: true });
    add("url-and-headers", `CR in a header ${target}`, { target, headers: [["X-Cr", "a\rb"]], broken: true });
    add("url-and-headers", `no Host ${target}`, { target, bare: true, headers: [["Connection", "close"]], broken: true });
    add("url-and-headers", `two Hosts ${target}`, {
      target,
      headers: [
        ["Host", ctx.host],
        ["Host", "evil.example"],
      ],
      broken: true,
    });
    for (const host of [
      "evil.example",
      "",
      "a b",
      "[::1",
      "127.0.0.1:99999",
      "\xff\xfe",
      "x".repeat(5000),
      "@evil",
      "127.0.0.1:4242/../x",
      "localhost:abc",
    ]) {
      add("url-and-headers", `Host ${JSON.stringify(host.slice(0, 20))} ${target}`, {
        target,
        headers: [["Host", host]],
        broken: /[\s\xff]/.test(host),
      });
    }
    add("url-and-headers", `absolute-form ${target}`, { target: `http://evil.example${target}` });
    add("url-and-headers", `protocol-relative ${target}`, { target: `//evil.example${target}` });
    add("url-and-headers", `HTTP/1.0 ${target}`, { target, version: "HTTP/1.0" });
    add("url-and-headers", `HTTP/2.0 ${target}`, { target, version: "HTTP/2.0", broken: true });
    add("url-and-headers", `HTTP/0.9 ${target}`, { target, version: "HTTP/0.9", broken: true });
    add("url-and-headers", `bare LF ${target}`, {
      target,
      bare: true,
      headers: [],
      broken: true,
      head: b(`GET ${target} HTTP/1.1\nHost: ${ctx.host}\nConnection: close\n\n`),
    });
    add("url-and-headers", `Expect: 100-continue ${target}`, {
      method: "POST",
      target,
      headers: [FORM, ["Expect", "100-continue"]],
      body: b("a=1"),
    });
    add("url-and-headers", `Expect: bogus ${target}`, { method: "POST", target, headers: [FORM, ["Expect", "bogus"]], body: b("a=1") });
    add("url-and-headers", `Upgrade: websocket ${target}`, {
      target,
      headers: [
        ["Connection", "Upgrade"],
        ["Upgrade", "websocket"],
        ["Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ=="],
        ["Sec-WebSocket-Version", "13"],
      ],
      broken: true,
    });
    add("url-and-headers", `Upgrade: h2c ${target}`, {
      target,
      headers: [
        ["Connection", "Upgrade, HTTP2-Settings"],
        ["Upgrade", "h2c"],
        ["HTTP2-Settings", "AAMAAABkAAQAAP__"],
      ],
      broken: true,
    });
    add("url-and-headers", `pipelined garbage ${target}`, {
      target,
      headers: [["Connection", "keep-alive"]],
      body: b("\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03"),
      broken: true,
    });
  }
  add("url-and-headers", "TLS hello", { bare: true, head: b("\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03"), broken: true });
  add("url-and-headers", "HTTP/2 preface", { bare: true, head: b("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n"), broken: true });
  add("url-and-headers", "empty lines only", { bare: true, head: b("\r\n\r\n"), mode: "truncate" });
  add("url-and-headers", "random bytes", { bare: true, head: r.bytes(5000), broken: true });

  // Odd headers on every kind of route: content types, cookies, origins, ranges, validators.
  const forged = [
    "pb_session=",
    "pb_session",
    "=",
    ";;;;",
    "pb_session=%",
    "pb_session=%E0%A4%A",
    'pb_session="unterminated',
    `pb_session=${"A".repeat(43)}`,
    `pb_session=${Buffer.from(JSON.stringify("x".repeat(43))).toString("base64")}.forged`,
    `pb_session=${Buffer.from('"tokentokentokentokentoken"').toString("base64")}`,
    `pb_session=eyJ0b2tlbiI6MX0%3D.c2lnbmF0dXJl`,
    "pb_session=a; pb_session=b",
    `pb_session=${encodeURIComponent("../../../etc/passwd")}`,
    "pb_session=null",
    "pb_session=__proto__",
    "pb_flash=welcome",
    `pb_flash=${Buffer.from('"welcome"').toString("base64")}.x`,
    "constructor=1; __proto__=2",
    `${"c".repeat(2000)}=1`,
    Array.from({ length: 500 }, (_, i) => `c${i}=${i}`).join("; "),
  ];
  for (const target of [...ADMIN_ROUTES, "/", "/participa", "/newsletter"]) {
    const adminWrite = target.startsWith("/admin/") && target !== "/admin/login";
    for (const cookie of forged) {
      add("cookies", `GET ${target} Cookie ${cookie.slice(0, 30)}`, { target, headers: [["Cookie", cookie]] });
      if (target.startsWith("/admin")) {
        const body = r.pick([
          b(`intent=delete&id=${r.pick(ctx.ids)}`),
          b(`intent=toggle&id=${r.pick(ctx.ids)}&isActive=false`),
          b(`status=approved&id=${r.pick(ctx.ids)}`),
          b(`intent=create&title=Fuzz&slug=fuzz&description=x&scope=laboral&isActive=true`),
        ]);
        add("cookies", `POST ${target} Cookie ${cookie.slice(0, 30)}`, {
          method: "POST",
          target,
          headers: [FORM, ["Cookie", cookie]],
          body,
          adminWrite,
        });
      }
    }
  }
  for (const target of [...PUBLIC_ACTIONS, "/admin/login", "/admin/sortir", "/admin/puja/videos", "/admin/testimonis"]) {
    const adminWrite = target.startsWith("/admin/") && target !== "/admin/login";
    for (const type of [
      "text/plain",
      "application/json",
      "application/xml",
      "multipart/form-data; boundary",
      "application/x-www-form-urlencoded; charset=utf-16",
      "application/x-www-form-urlencoded;;;",
      "x".repeat(10_000),
      "*/*",
      "multipart/mixed; boundary=fz",
      "text/html; charset=\xff",
    ]) {
      add("headers", `Content-Type ${JSON.stringify(type.slice(0, 40))} ${target}`, {
        method: "POST",
        target,
        headers: [["Content-Type", type]],
        body: b('{"email":"a@b.cat","privacy":"on","__proto__":{"x":1}}'),
        adminWrite,
      });
    }
    // Deeply nested JSON (issue 29), as a JSON body, as a form field's value and in the address:
    // the server must never spend its event loop (or its stack) on it.
    const deep = [
      "[".repeat(200_000) + "]".repeat(200_000),
      '{"a":'.repeat(50_000) + "1" + "}".repeat(50_000),
      '{"type":"FeatureCollection","features":' + "[".repeat(100_000),
    ];
    for (const [i, nested] of deep.entries()) {
      add("nested-json", `nested JSON body #${i} ${target}`, {
        method: "POST",
        target,
        headers: [["Content-Type", "application/json"]],
        body: b(nested),
        adminWrite,
      });
      add("nested-json", `nested JSON in a form field #${i} ${target}`, {
        method: "POST",
        target,
        headers: [FORM],
        body: b(new URLSearchParams({ comment: nested.slice(0, 5000), segment: nested.slice(0, 200), privacy: "on" }).toString()),
        adminWrite,
      });
    }
    for (const origin of [
      "null",
      "https://evil.example",
      `http://${ctx.host}.evil.example`,
      "http://[::1",
      "\xff",
      "x".repeat(10_000),
      "file://",
      `http://${ctx.host}/path`,
      "https://127.0.0.1",
    ]) {
      add("headers", `Origin ${JSON.stringify(origin.slice(0, 30))} ${target}`, {
        method: "POST",
        target,
        headers: [FORM, ["Origin", origin]],
        body: b("email=a%40b.cat"),
        adminWrite,
      });
    }
    add("headers", `two Origins ${target}`, {
      method: "POST",
      target,
      headers: [FORM, ["Origin", `http://${ctx.host}`], ["Origin", "https://evil.example"]],
      body: b("email=a%40b.cat"),
      adminWrite,
    });
    add("headers", `two Content-Types ${target}`, {
      method: "POST",
      target,
      headers: [FORM, multipartType("fz")],
      body: b("email=a%40b.cat"),
      adminWrite,
    });
  }
  for (const target of [media.image, media.audio, media.video, media.pdf, "/", "/participa", "/robots.txt", "/api/testimonis"]) {
    for (const range of [
      "bytes=abc",
      "bytes=5-1",
      "bytes=-0",
      "bytes=0-0,-1",
      Array.from({ length: 500 }, (_, i) => `${i}-${i}`)
        .join(",")
        .replace(/^/, "bytes="),
      "bytes=99999999999999999999-",
      "bytes=-99999999999999999999",
      "items=0-1",
      "bytes=0-1\xff",
      "bytes= 0 - 1 ",
      "bytes=1-1-1",
      "bytes=--1",
    ]) {
      add("headers", `Range ${JSON.stringify(range.slice(0, 30))} ${target}`, { target, headers: [["Range", range]] });
    }
    add("headers", `two Ranges ${target}`, {
      target,
      headers: [
        ["Range", "bytes=0-1"],
        ["Range", "bytes=2-3"],
      ],
    });
    for (const inm of ["*", "W/", '"', 'W/"', "x".repeat(10_000), '"a", W/"b", *', "\xff\xfe"])
      add("headers", `If-None-Match ${JSON.stringify(inm.slice(0, 20))} ${target}`, { target, headers: [["If-None-Match", inm]] });
    for (const [h, v] of <Header[]>[
      ["If-Modified-Since", "yesterday"],
      ["If-Modified-Since", "Thu, 01 Jan 2099 00:00:00 GMT"],
      ["If-Range", '"x"'],
      ["If-Range", "garbage"],
      ["If-Match", "*"],
      ["If-Unmodified-Since", "Thu, 01 Jan 1970 00:00:00 GMT"],
    ]) {
      add("headers", `${h} ${v} ${target}`, {
        target,
        headers: [
          [h, v],
          ["Range", "bytes=0-9"],
        ],
      });
    }
    for (const enc of ["br;q=abc", "gzip;q=2", "*;q=0", "identity;q=0", "x".repeat(5000), "br, br, br, gzip;q=0.5, deflate;q=-1", "\xff"])
      add("headers", `Accept-Encoding ${JSON.stringify(enc.slice(0, 20))} ${target}`, { target, headers: [["Accept-Encoding", enc]] });
    for (const accept of ["text/html;q=abc", "*/*;q=0", "application/json", "x".repeat(5000)])
      add("headers", `Accept ${JSON.stringify(accept.slice(0, 20))} ${target}`, { target, headers: [["Accept", accept]] });
    for (const xff of [
      "garbage",
      "",
      Array.from({ length: 1000 }, (_, i) => `10.0.${i >> 8}.${i & 255}`).join(", "),
      "::1",
      "999.999.999.999",
      "\xff",
      "1.2.3.4, evil",
    ])
      add("headers", `X-Forwarded-For ${JSON.stringify(xff.slice(0, 20))} ${target}`, { target, headers: [["X-Forwarded-For", xff]] });
    for (const [proto, host] of <Header[]>[
      ["gopher", "evil.example"],
      ["a b", "[::1"],
      ["", "evil.example:99999"],
      ["https", "a b"],
      ["javascript", ""],
      ["\xff", "\xff"],
    ]) {
      add("headers", `X-Forwarded-Proto ${JSON.stringify(proto)} and Host ${JSON.stringify(host)} ${target}`, {
        target,
        headers: [
          ["X-Forwarded-Proto", proto],
          ["X-Forwarded-Host", host],
        ],
      });
    }
  }

  // Query oddities: image widths, arrays, prototype keys, endless lists.
  const widths = [
    "800",
    "0",
    "-1",
    "1e3",
    "800.0",
    "0x320",
    " 800",
    "800 ",
    "99999999999",
    "NaN",
    "Infinity",
    "",
    "%00",
    "8%30%30",
    "800&w=320",
    "800&w=800",
  ];
  for (const target of [media.image, media.photo, media.audio, media.pdf, media.video, media.missing]) {
    for (const w of widths) add("query", `?w=${w} ${target}`, { target: `${target}?w=${w}` });
    for (const q of [
      "w[]=800",
      "w[0]=800",
      "w[__proto__]=800",
      "__proto__[w]=800",
      "w=800&__proto__=1",
      "constructor[prototype][w]=1",
      "w",
      "w=",
      "&&&==&",
      "?",
    ])
      add("query", `?${q} ${target}`, { target: `${target}?${q}` });
  }
  const queries = [
    "__proto__[x]=1",
    "constructor[prototype][polluted]=1",
    "a[b][c][d][e][f][g][h]=1",
    Array.from({ length: 3000 }, (_, i) => `k${i}=${i}`).join("&"),
    "index",
    "_data=root",
    "_routes=routes%2Fhome",
    "_routes=x,y,z&_routes=",
    "ambit=__proto__",
    "ambit[]=infants",
    "ambit=infants&ambit=laboral",
    "tipus=__proto__",
    "tipus[]=x",
    // The answer filter (issue 31): nonsense, an array, a quote, two values.
    "resposta=__proto__",
    "resposta[]=acceptada",
    "resposta=%27%20or%201%3D1--",
    "resposta=acceptada&resposta=no-acceptada&tipus=reflection",
    "redirectTo=%2F%2Fevil.example",
    "redirectTo=javascript:alert(1)",
    "redirectTo=%5C%5Cevil.example",
    "redirectTo=/admin/../../x",
    "redirectTo=/admin%0d%0aSet-Cookie:x=1",
    "&=&=",
    "=",
    "%3D%26",
  ];
  for (const target of [...PAGES, ...RESOURCES, "/admin/login", "/admin", ...PAGES.slice(0, 8).map(dataUrl)]) {
    for (let i = 0; i < 4; i++) add("query", `?${r.pick(queries).slice(0, 30)} ${target}`, { target: `${target}?${r.pick(queries)}` });
  }
  for (const p of ["/", "/%ff", "/x".repeat(2000), "", "__proto__", "/admin/dashboard", "/participa,/testimonis"]) {
    add("query", `manifest p=${p.slice(0, 20)}`, {
      target: `/__manifest?p=${encodeURIComponent(p)}&p=${p}&version=${r.pick(["x", "", "%ff"])}`,
    });
  }
  add("query", "manifest with 5000 paths", {
    target: `/__manifest?${Array.from({ length: 5000 }, (_, i) => `p=/x${i}`).join("&")}&version=1`,
  });
  for (const target of PUBLIC_ACTIONS) {
    add("query", `POST ${target}.data ?index`, {
      method: "POST",
      target: `${dataUrl(target)}?index&_routes=${r.pick(["x", "root", ""])}`,
      headers: [FORM],
      body: b("email="),
    });
  }

  // Signed in, with bodies that are not forms, or forms with text no browser sends: every screen
  // must refuse them (4xx), store nothing and keep no file. Never a complete valid form, never a
  // file of a type the back office accepts, and never the sign-out (it would end the session).
  const truly = [...BAD_BYTES, "%FF", "%C0%AF", "%ED%A0%80", "%00", "%E2%82"];
  for (const target of ADMIN_ACTIONS.filter((t) => t !== logout.path)) {
    const signedIn = (name: string, headers: Header[], body?: Buffer, extra: Partial<Spec> = {}) =>
      add("signed-in", `${name} ${target}`, {
        method: "POST",
        target,
        headers: [["Cookie", ctx.session], ...headers],
        body,
        adminWrite: true,
        ...extra,
      });
    const junk = r.pick([
      b("<html><body>no és una imatge</body></html>".repeat(40)),
      r.bytes(3000 + r.int(30000)),
      b("<svg xmlns='http://www.w3.org/2000/svg'/>"),
    ]);
    const file = { name: r.pick(["file", "image"]), filename: "x.png", type: "image/png", data: junk };
    signedIn("text/plain", [["Content-Type", "text/plain"]], b("intent=create&title=x"));
    signedIn("JSON", [["Content-Type", "application/json"]], b('{"intent":"delete","id":"x"}'));
    signedIn("multipart without a boundary", [["Content-Type", "multipart/form-data"]], b("x"));
    signedIn("a part without headers", [multipartType("X")], b("--X\r\n\r\nno headers\r\n--X--\r\n"));
    signedIn("unterminated multipart", [multipartType("X")], multipart("X", [{ name: "intent", value: "create" }, file], { close: false }));
    signedIn(
      "a file that is not of its type",
      [multipartType("X")],
      multipart("X", [{ name: "intent", value: "create" }, { name: "title", value: "x" }, file]),
    );
    signedIn("8 MB", [FORM], filler(8 * 1024 * 1024));
    signedIn(
      "dropped mid-upload",
      [multipartType("X"), ["Content-Length", "9000000"]],
      multipart("X", [{ name: "intent", value: "create" }, file], { close: false }),
      { mode: "truncate" },
    );
    for (const bad of [r.pick(truly), r.pick(truly)]) {
      signedIn(`intent and title with ${JSON.stringify(bad)}`, [FORM], b(`intent=create&title=Fuzz${bad}&slug=fuzz${bad}`));
      signedIn(
        `multipart title with ${JSON.stringify(bad)}`,
        [multipartType("X")],
        multipart("X", [
          { name: "intent", value: "create" },
          { name: "title", value: `Fuzz${bad}` },
        ]),
      );
    }
  }
  for (const target of ADMIN_PAGES) {
    add("signed-in", `GET ${target} with an odd query`, { target: `${target}?${r.pick(queries)}`, headers: [["Cookie", ctx.session]] });
  }

  // Path traversal, against the uploads, the build and the project.
  const traversal = [
    ...TRAVERSAL_ATTEMPTS,
    "/media",
    "/media/audio/",
    "/media/audio/%00.weba",
    `${media.audio}%00.html`,
    `${media.audio}/..`,
    `${media.audio}%2F..%2F..%2F..%2Fpackage.json`,
    "/assets/../../package.json",
    "/assets/%2e%2e/%2e%2e/package.json",
    "/assets/..%2f..%2fserver%2findex.js",
    "/assets/x.js%00",
    "/..%2f..%2fpackage.json",
    "/%2e%2e/%2e%2e/etc/passwd",
    "/../../../../etc/passwd",
    "/..\\..\\..\\etc\\passwd",
    "/%5c..%5c..%5cetc%5cpasswd",
    "//etc/passwd",
    "/./././",
    "/landing/..%2f..%2fadmin%2fdashboard",
    "/landing/%2e%2e",
    "/landing/..",
    "/package.json",
    "/server.js",
    "/.env",
    "/.git/config",
    "/build/server/index.js",
    "/node_modules/react/package.json",
    "/tsconfig.json",
    "/data/app.lock",
    "/;/admin/dashboard",
    "/admin;/dashboard",
    "/ADMIN/DASHBOARD",
    "/Admin/Upload/Videos",
    "/admin/./dashboard",
    "/admin/%2e/dashboard",
    "/admin//dashboard",
    "/favicon.ico/..",
    "/robots.txt/../package.json",
    "/%252e%252e/package.json",
    "/media/%252e%252e/package.json",
    "/media/logos/%2e%2e%2f%2e%2e%2f%2e%2e%2fetc%2fpasswd",
    "/\\\\evil.example/x",
    "/%00",
    "/%00/admin",
    "/media/%00",
    "/api/testimonis/../../package.json",
  ];
  for (const target of traversal) {
    for (const method of ["GET", "HEAD"]) add("traversal", `${method} ${target}`, { method, target, broken: /\\\\/.test(target) });
    add("traversal", `POST ${target}`, { method: "POST", target, headers: [FORM], body: b("a=1"), adminWrite: /admin/i.test(target) });
  }

  // Encoded spellings of every back-office address (issue 29): the router decodes the path once and
  // ignores letter case, so an encoded letter or dot, or capitals, are the same page; it must be
  // refused anonymously as the page is (never a 2xx), and an anonymous post never accepted. A
  // path that cannot be read one way only (an encoded slash, a path encoded twice) is a 400, also
  // signed in. The route-walk test (app/routes/admin/roles.test.ts) walks them with every role.
  const hex = (c: string) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`;
  for (const path of ADMIN_ROUTES.filter((p) => p !== "/admin")) {
    const last = path.split("/").at(-1)!;
    const before = path.slice(0, -last.length);
    const same = [
      path.replace("/admin", "/%61dmin"),
      `${before}${hex(last[0]!)}${last.slice(1)}`,
      `${before}${last.replace(/[.-]/g, hex)}`,
      `${before}${[...last].map(hex).join("")}`,
      path.toUpperCase(),
    ];
    for (const target of same) {
      add("encoded", `GET ${target}`, { target, adminRead: !SESSIONLESS.has(path) });
      add("encoded", `GET ${target} signed in`, { target, headers: [["Cookie", ctx.session]] });
      if (!SESSIONLESS.has(path))
        add("encoded", `POST ${target}`, {
          method: "POST",
          target,
          headers: [FORM],
          body: b("intent=delete&id=x&value=true"),
          adminWrite: true,
        });
    }
    const ambiguous = [
      path.replace("/admin/", "/admin%2F"),
      path.replace("/admin/", "/admin%2f"),
      `${before}%25${last.charCodeAt(0).toString(16)}${last.slice(1)}`,
      `${before}${last.replace(/[.-]/g, "%252E")}%2561`,
      path.replace("/admin/", "/admin%5C"),
    ];
    for (const target of ambiguous) {
      add("encoded", `GET ${target} (ambiguous)`, { target, expectStatus: 400 });
      add("encoded", `GET ${target} (ambiguous) signed in`, { target, headers: [["Cookie", ctx.session]], expectStatus: 400 });
      add("encoded", `POST ${target} (ambiguous)`, {
        method: "POST",
        target,
        headers: [FORM],
        body: b("a=1"),
        adminWrite: true,
        expectStatus: 400,
      });
    }
  }

  // IPv6 clients through the trusted proxy (the server runs with TRUST_PROXY=loopback): every way a
  // proxy may write an address, to the public forms, the sign-in and a page. Limits group IPv6
  // clients by /64 (rate-limit.server.ts, clientGroup); no spelling may cost a 5xx. The bursts
  // check the counting itself (bursts.ts).
  const v6 = [
    "2001:db8::1",
    "2001:DB8:0:0:0:0:0:2",
    "2001:0db8:0000:0000:ffff:ffff:ffff:ffff",
    "fe80::1%eth0",
    "::ffff:10.1.2.3",
    "::ffff:0a01:0203",
    "::1",
    "::",
    "64:ff9b::192.0.2.1",
    "[2001:db8::1]",
    "[2001:db8::1]:443",
    "2001:db8::1, 10.0.0.1",
    "10.0.0.1, 2001:db8::1",
    "2001:db8:::1",
    "2001:db8::g",
    "2001:db8:1:2:3:4:5:6:7",
    "::ffff:999.1.1.1",
    `2001:db8::${"1:".repeat(200)}1`,
    "",
  ];
  for (const address of v6)
    for (const [method, target, body] of [
      ["POST", "/admin/login", b("email=fuzz%40penedes.cat&password=no")],
      ["POST", "/admin/%6Cogin", b("email=fuzz%40penedes.cat&password=no")],
      ["POST", "/participa/reflexio", b("reflection=")],
      ["POST", "/newsletter", b("email=no-es-correu")],
      ["POST", "/denuncia", b("type=x")],
      ["GET", "/aportacions", undefined],
    ] as const)
      add("ipv6", `${method} ${target} from ${JSON.stringify(address.slice(0, 60))}`, {
        method,
        target,
        headers: [["X-Forwarded-For", address], ...(body ? [FORM] : [])],
        body,
      });

  // Mutations: valid-looking requests (each invalid at the application level, see above) with a
  // few random changes to the method, path, headers and body.
  const templates: (() => Spec & { target: string; headers: Header[] })[] = [
    () => ({ method: "POST", target: "/newsletter", headers: [FORM], body: b(`email=persona${r.int(1e6)}%40exemple.cat`) }),
    () => ({ method: "POST", target: "/participa/mapa", headers: [FORM], body: b("comment=Cal un carril bici a la N-340&email=") }),
    () => ({ method: "POST", target: "/participa/reflexio", headers: [FORM], body: b("name=Pere&email=pere%40exemple.cat&privacy=on") }),
    () => ({
      method: "POST",
      target: "/testimonis/enviar",
      headers: [multipartType("fz")],
      body: multipart("fz", [...TESTIMONIAL_FIELDS, { name: "audio", filename: "a.webm", type: "audio/webm", data: r.bytes(3000) }]),
    }),
    () => ({ method: "POST", target: "/admin/login", headers: [FORM], body: b(`email=${ADMIN.email}&password=no-es-aquesta`) }),
    () => ({
      method: "POST",
      target: r.pick(ADMIN_ACTIONS),
      headers: [FORM, ["Cookie", r.pick(forged)]],
      body: b(`intent=delete&id=${r.pick(ctx.ids)}`),
      adminWrite: true,
    }),
    () => ({
      method: "POST",
      target: r.pick(["/admin/puja/videos", "/admin/puja/resources"]),
      headers: [multipartType("fz"), ["Cookie", r.pick(forged)]],
      body: multipart("fz", [
        { name: "intent", value: "create" },
        { name: "title", value: "x" },
        { name: "file", filename: "v.mp4", type: "video/mp4", data: ctx.png },
      ]),
      adminWrite: true,
    }),
    () => ({ method: "GET", target: r.pick([...PAGES, ...RESOURCES, ...media.all]), headers: [["Accept-Encoding", "gzip, br"]] }),
    () => ({ method: "GET", target: r.pick(ADMIN_ROUTES), headers: [["Cookie", r.pick(forged)]] }),
  ];
  const junkHeaders: Header[] = [
    ["Content-Type", "multipart/form-data; boundary=zz"],
    ["Content-Type", "text/plain"],
    ["Cookie", "pb_session=\xff"],
    ["Origin", "null"],
    ["Range", "bytes=9-0"],
    ["If-None-Match", "*"],
    ["Accept-Encoding", "\xff"],
    ["Transfer-Encoding", "gzip"],
    ["Content-Encoding", "gzip"],
    ["Content-Encoding", "br"],
    ["Expect", "100-continue"],
    ["X-HTTP-Method-Override", "DELETE"],
    ["X-Forwarded-For", "not an address"],
    ["Referer", "javascript:alert(1)"],
  ];
  for (let i = 0; i < 1000; i++) {
    const spec = r.pick(templates)();
    for (let m = 1 + r.int(3); m > 0; m--) {
      switch (r.int(8)) {
        case 0: // a method of another kind
          spec.method = r.pick(["PUT", "PATCH", "DELETE", "OPTIONS", "GET", "HEAD", "POST"]);
          break;
        case 1: // bytes in the path
          spec.target = spec.target.replace(
            /\/([^/?]*)$/,
            (_: string, last: string) =>
              `/${last.slice(0, r.int(last.length + 1))}${r.pick([...BAD_ESCAPES, "%2e%2e", "%2f", ";", "..", "~", "%20", "#x"])}${last.slice(r.int(last.length + 1))}`,
          );
          break;
        case 2: // a query
          spec.target += `${spec.target.includes("?") ? "&" : "?"}${r.pick(queries)}`;
          break;
        case 3: // an odd header, added or repeated
          spec.headers = [...spec.headers, r.pick(junkHeaders)];
          break;
        case 4: // a header dropped
          spec.headers = spec.headers.filter((_: Header, j: number) => j !== r.int(spec.headers.length));
          break;
        case 5: // invalid UTF-8 or a NUL inside the body
        case 6: {
          if (!spec.body) break;
          const at = r.int(spec.body.length + 1);
          spec.body = Buffer.concat([spec.body.subarray(0, at), b(r.pick([...BAD_BYTES, ...BAD_ESCAPES])), spec.body.subarray(at)]);
          break;
        }
        default: // bytes flipped to non-ASCII (never to "&" or "=", which could repair a form)
          if (!spec.body) break;
          spec.body = Buffer.from(spec.body);
          for (let k = 1 + r.int(4); k > 0; k--) spec.body[r.int(spec.body.length)] = 0x80 + r.int(128);
      }
    }
    // Transfer-Encoding without chunked (and next to a Content-Length) is refused by Node's parser.
    const broken = spec.headers.some(([k]) => k === "Transfer-Encoding");
    add("mutations", `${spec.method} ${spec.target.slice(0, 60)}`, {
      ...spec,
      broken,
      adminWrite: Boolean(spec.adminWrite) || (spec.target.startsWith("/admin/") && !spec.target.startsWith("/admin/login")),
    });
  }
  return cases;
}
