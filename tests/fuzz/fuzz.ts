// Bad traffic: thousands of malformed requests to every public route and action of the built
// server (and to the admin ones, anonymously and with forged cookies). It fails on any 5xx, a
// hang, a connection dropped on a well-formed request, an admin write accepted anonymously, a
// server file leaked, a stored or changed row, a file left in the uploads folder, a server that
// is no longer healthy afterwards, or one whose memory ballooned.
//
// Usage: npm run build && npm run test:fuzz
//   FUZZ_SEED=<n>    another deterministic sequence (the seed in use is printed; default 20250606)
//   FUZZ_PORT=<n>    4200-4298 (default 4242; the PostgreSQL run uses the next port)
//   TEST_DATABASE_URL=postgres://…  also runs it on PostgreSQL, in a database created and dropped here
//   FUZZ_ONLY=<regexp of "category: name">, FUZZ_OUT=<file prefix>: a part of it, and every answer written out (debugging)
//
// Requests are written on raw sockets (node:net): fetch and node:http normalise or refuse exactly
// the oddities sent here. The server runs with TRUST_PROXY=loopback and each request claims a
// client address of its own (X-Forwarded-For): the public forms count every request against a
// per-client limit of 30, so without it nearly every form request would stop at the 429.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { PUBLIC_PATHS, SEO_ENTRIES } from "../app/lib/seo.ts";

const SEED = Number(process.env.FUZZ_SEED ?? 20250606);
const PORT = Number(process.env.FUZZ_PORT ?? 4242);
if (!(PORT >= 4200 && PORT <= 4298)) throw new Error("FUZZ_PORT must be within 4200-4298");
const CONCURRENCY = 6;
/** A complete request gets this long to be answered; longer is a hang. */
const ANSWER_MS = 10_000;
/** A 200 MB body announced and never sent should be refused from its headers, within this. */
const CLAIM_MS = 2_000;
/** Memory. The first few thousand requests of any kind grow the server's RSS by some 200-270 MB
 * here: V8 sizing its heap, up to 500 cached pages, scrypt's 32 MB per sign-in on 4 threads. Then
 * it stays flat: running the same requests again and again, the peak went 658, 692, 692 MB on
 * PGlite, and 375, 371, 375, 375 MB on PostgreSQL (which starts lower, 146 MB, so it is still
 * warming up in the second half of its first pass: +88 to +116 MB). A leak grows with the traffic
 * instead, so the second half of the run (the cases are shuffled, so both halves are alike) may
 * add at most MAX_SECOND_HALF_MB to the first half's peak, and the whole run at most MAX_GROWTH_MB. */
const MAX_SECOND_HALF_MB = 150;
const MAX_GROWTH_MB = 400;
const ADMIN = { email: "fuzz@penedes.cat", password: "contrasenya-del-fuzz" };
/** Bookkeeping of the rate limiters (PostgreSQL only): it grows with traffic by design. */
const NOT_CONTENT = new Set(["rate_limits", "login_rate_limits"]);
/** What a response must never contain: the contents of files outside the uploads folder. */
const LEAKS = [/"name":\s*"penedes-bici"/, /root:x:0:0/, /"compilerOptions"/, /process\.chdir\(root\)/, /\[core\]/, /SESSION_SECRET=/];

// ---------------------------------------------------------------------------------------------
// Deterministic randomness (mulberry32).

function prng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n) => Math.floor(next() * n);
  const pick = (list) => list[int(list.length)];
  const bytes = (n) => Buffer.from(Array.from({ length: n }, () => int(256)));
  return { next, int, pick, bytes };
}

/** The same order for the same seed. */
function shuffle(list, r) {
  for (let i = list.length - 1; i > 0; i--) {
    const j = r.int(i + 1);
    [list[i], list[j]] = [list[j], list[i]];
  }
  return list;
}

/** Strings are written byte for byte ("\xff" is the byte 0xff), so invalid UTF-8 is easy to write. */
const b = (v) => (Buffer.isBuffer(v) ? v : Buffer.from(String(v), "latin1"));
const utf8 = (s) => Buffer.from(s, "utf8");

// ---------------------------------------------------------------------------------------------
// The routes (app/routes.ts).

// The public pages (the sitemap's, from app/lib/seo.ts), a landing that does not exist, the pages of
// the forms for visitors without JavaScript, and a path that matches nothing.
const PAGES = [
  ...PUBLIC_PATHS,
  "/landing/no-existeix",
  ...Object.keys(SEO_ENTRIES).filter((p) => !PUBLIC_PATHS.includes(p)),
  // The newsletter's e-mail links, with a token that is not one (decision 023).
  "/newsletter/confirma/no-es-un-enllac",
  "/newsletter/baixa/no-es-un-enllac",
  "/no-existeix",
];
const RESOURCES = ["/robots.txt", "/sitemap.xml", "/healthz", "/favicon.ico"];
const ADMIN_SCREENS = [
  "/admin/dashboard",
  "/admin/testimonials",
  "/admin/activities",
  "/admin/videos",
  "/admin/home-background",
  "/admin/reflections",
  "/admin/map-comments",
  "/admin/landings",
  "/admin/footer",
  "/admin/resources",
  "/admin/bici-fucsia",
  "/admin/settings",
];
const ADMIN_ACTIONS = ["/admin/logout", "/admin/upload/videos", "/admin/upload/resources", "/admin/upload/altres", ...ADMIN_SCREENS];
const ADMIN_ROUTES = ["/admin", "/admin/login", ...ADMIN_ACTIONS];
const TEXT_FORMS = ["/newsletter", "/participa/mapa", "/participa/reflexio"];
const PUBLIC_ACTIONS = [...TEXT_FORMS, "/testimonis/enviar"];
const ALL_TARGETS = [...PAGES, ...RESOURCES, ...ADMIN_ROUTES];

/** The route table as React Router reads it (app/routes.ts), one pattern per path: "landing/:slug"
 * matches any one segment there, "*" anything. */
function routePatterns() {
  const listed = spawnSync("npx", ["react-router", "routes", "--json"], { encoding: "utf8" });
  if (listed.status !== 0) throw new Error(`react-router routes failed: ${listed.stderr}`);
  const patterns = [];
  const walk = (routes, base) => {
    for (const route of routes) {
      const full = route.path ? `${base}/${route.path}`.replace(/\/+/g, "/") : base;
      if (route.path || route.index) {
        const re = full
          .replace(/[.]/g, "\\.")
          .replace(/:[^/]+/g, "[^/]+")
          .replace(/\*/g, ".*");
        patterns.push(new RegExp(`^${re || "/"}$`));
      }
      if (route.children) walk(route.children, full);
    }
  };
  walk(JSON.parse(listed.stdout), "");
  return patterns;
}

/** React Router's own endpoints: the data of a page (single fetch) and lazy route discovery. */
const dataUrl = (p) => (p === "/" ? "/_root.data" : `${p}.data`);

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
function makeRequest(ctx, cat, name, { method = "GET", target = "/", version = "HTTP/1.1", headers = [], body, bare = false, ...rest }) {
  const has = (n) => headers.some(([k]) => String(k).toLowerCase() === n);
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

const FORM = ["Content-Type", "application/x-www-form-urlencoded"];
const multipartType = (boundary) => ["Content-Type", `multipart/form-data; boundary=${boundary}`];

/** A multipart body. Parts: { name, value } fields, { name, filename, type, data } files, or { raw }. */
function multipart(boundary, parts, { close = true } = {}) {
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
    out.push(b("\r\n"), b(p.data ?? p.value), b("\r\n"));
  }
  if (close) out.push(b(`--${boundary}--\r\n`));
  return Buffer.concat(out);
}

/** Fields that make a testimonial complete but for the audio: whatever comes with them must be refused. */
const TESTIMONIAL_FIELDS = [
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
const generateOrder = [];

function generate(seed, ctx) {
  const r = prng(seed);
  const cases = [];
  const add = (cat, name, spec) => {
    generateOrder.push(cat);
    cases.push(makeRequest(ctx, cat, name, spec));
  };
  const block = r.bytes(64 * 1024);
  const fillers = new Map();
  const filler = (n) => {
    if (!fillers.has(n)) fillers.set(n, Buffer.concat(Array.from({ length: Math.ceil(n / block.length) }, () => block)).subarray(0, n));
    return fillers.get(n);
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
  for (const target of [...PUBLIC_ACTIONS, "/admin/login", "/admin/upload/videos", "/"]) {
    const chunked = (body) => Buffer.concat([b(`${body.length.toString(16)}\r\n`), body, b("\r\n0\r\n\r\n")]);
    const variants = [
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
    const file = (data, type = "audio/webm", filename = "gravacio.webm") => ({
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
      const variants = [
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
        const bad = [
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
  const textForms = [
    // A required field missing (privacy, or the reflection): never valid, whatever else happens
    // to the body (changed bytes can drop a field, never make one).
    (bad) => ["/newsletter", `email=persona${bad}%40exemple.cat`],
    (bad) => ["/participa/mapa", `comment=Falta un carril ${bad} bici&email=`],
    (bad) => ["/participa/reflexio", `name=Anna ${bad}&email=anna%40exemple.cat&privacy=on`],
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
  for (const target of [...PUBLIC_ACTIONS, "/admin/login", "/admin/logout", "/admin/upload/videos", "/admin/testimonials"]) {
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
    for (const [h, v] of [
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
    for (const [proto, host] of [
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
  for (const target of ADMIN_ACTIONS.filter((t) => t !== "/admin/logout")) {
    const signedIn = (name, headers, body, extra = {}) =>
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
  for (const target of ADMIN_SCREENS) {
    add("signed-in", `GET ${target} with an odd query`, { target: `${target}?${r.pick(queries)}`, headers: [["Cookie", ctx.session]] });
  }

  // Path traversal, against the uploads, the build and the project.
  const traversal = [
    "/media/../package.json",
    "/media/..%2Fpackage.json",
    "/media/%2e%2e/package.json",
    "/media/%2E%2E%2Fpackage.json",
    "/media/logos/..%2F..%2F..%2Fpackage.json",
    "/media/..\\package.json",
    "/media/..%5cpackage.json",
    "/media/.tmp/x",
    "/media/pglite/PG_VERSION",
    "/media/../pglite/PG_VERSION",
    "/media/app.lock",
    "/media/",
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

  // Mutations: valid-looking requests (each invalid at the application level, see above) with a
  // few random changes to the method, path, headers and body.
  const templates = [
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
      target: r.pick(["/admin/upload/videos", "/admin/upload/resources"]),
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
  const junkHeaders = [
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
            (_, last) =>
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
          spec.headers = spec.headers.filter((_, j) => j !== r.int(spec.headers.length));
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

// ---------------------------------------------------------------------------------------------
// Sending, and reading the answer.

/** The response in buf, once complete: its status and body (1xx interim answers skipped). */
function parseResponse(buf, method, closed) {
  let start = 0;
  for (;;) {
    const end = buf.indexOf("\r\n\r\n", start);
    if (end < 0) return null;
    const head = buf.subarray(start, end).toString("latin1");
    const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1]);
    if (!status) return { status: null, malformed: true };
    if (status >= 100 && status < 200 && status !== 101) {
      start = end + 4;
      continue;
    }
    const body = buf.subarray(end + 4);
    const length = /\r\ncontent-length: *(\d+)/i.exec(head);
    const chunked = /\r\ntransfer-encoding: *chunked/i.test(head);
    if (method === "HEAD" || status === 204 || status === 304 || status === 101) return { status, body: Buffer.alloc(0) };
    if (length && body.length >= Number(length[1])) return { status, body: body.subarray(0, Number(length[1])) };
    if (chunked && body.subarray(-5).toString("latin1") === "0\r\n\r\n") return { status, body };
    if (closed) return { status, body, cut: Boolean(length || chunked) };
    return null;
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function send(c, port) {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: "127.0.0.1" });
    let buf = Buffer.alloc(0);
    let settled = false;
    const t0 = performance.now();
    const finish = (outcome, response) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ outcome, status: response?.status ?? null, body: response?.body ?? Buffer.alloc(0), ms: performance.now() - t0 });
    };
    const timer = setTimeout(() => finish(c.mode === "claim" ? "waited" : "timeout"), c.mode === "claim" ? CLAIM_MS : ANSWER_MS);
    socket.on("data", (chunk) => {
      buf = Buffer.concat([buf, chunk]);
      const response = parseResponse(buf, c.method, false);
      if (response?.malformed) finish("malformed");
      else if (response) finish("answered", response);
    });
    socket.on("error", () => {}); // a reset shows as a close without an answer
    socket.on("close", () => {
      const response = parseResponse(buf, c.method, true);
      if (response?.status) finish(response.cut ? "cut" : "answered", response);
      else finish(c.mode === "truncate" ? "dropped" : "reset");
    });
    socket.on("connect", async () => {
      socket.write(c.head);
      const body = c.mode === "truncate" ? c.body.subarray(0, Math.max(1, Math.floor(c.body.length * 0.8))) : c.body;
      // In pieces, waiting for the socket to drain, as a real client would.
      for (let at = 0; at < body.length && !socket.destroyed; at += 256 * 1024) {
        if (!socket.write(body.subarray(at, at + 256 * 1024))) await new Promise((r) => socket.once("drain", r).once("close", r));
      }
      if (c.mode === "truncate" && !settled) {
        await sleep(150); // long enough for the server to be streaming it into storage
        if (c.rst) socket.resetAndDestroy();
        else socket.destroy();
        finish("dropped");
      }
    });
  });
}

/** What is wrong with this answer, or null. */
function judge(c, res) {
  if (res.status >= 500) return `answered ${res.status}`;
  if (res.outcome === "timeout") return `no answer within ${ANSWER_MS / 1000} s`;
  if (res.outcome === "waited") return "waited for a 200 MB body instead of refusing it";
  if (res.outcome === "malformed") return "a response that is not HTTP";
  if ((res.outcome === "reset" || res.outcome === "cut") && !c.broken)
    return `connection ${res.outcome === "cut" ? "cut mid-response" : "closed without an answer"}`;
  if (c.adminWrite && res.status >= 200 && res.status < 300) return `admin write answered ${res.status} without a session`;
  const text = res.body.toString("latin1");
  if (LEAKS.some((re) => re.test(text))) return "leaked the contents of a server file";
  return null;
}

async function runAll(cases, port) {
  const results = new Array(cases.length);
  let next = 0;
  const worker = async () => {
    while (next < cases.length) {
      const i = next++;
      results[i] = await send(cases[i], port);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return results;
}

// ---------------------------------------------------------------------------------------------
// The server, the database and the files.

function startServer(dataDir, port, env) {
  const child = spawn(process.execPath, ["server.js"], {
    env: {
      ...process.env,
      ...env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_SILENT: "1",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      TRUST_PROXY: "loopback",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  const errors = [];
  let stderr = "";
  child.stderr.on("data", (d) => {
    stderr += d.toString();
    const lines = stderr.split("\n");
    stderr = lines.pop();
    for (const line of lines) if (line.trim()) errors.push(line);
  });
  const exited = new Promise((resolve) => child.on("exit", (code, signal) => resolve(code ?? signal)));
  return { child, errors, exited };
}

async function get(port, target) {
  const res = await send(
    {
      method: "GET",
      head: b(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`),
      body: Buffer.alloc(0),
      mode: "send",
    },
    port,
  );
  return { status: res.status, text: res.body.toString("utf8") };
}

async function waitHealthy(server, port) {
  for (let i = 0; i < 300; i++) {
    if (server.child.exitCode !== null) throw new Error(`the server exited: ${server.errors.join("\n")}`);
    if ((await get(port, "/healthz").catch(() => ({}))).status === 200) return;
    await sleep(100);
  }
  throw new Error("the server did not start");
}

async function stopServer(server) {
  server.child.kill("SIGTERM");
  const code = await Promise.race([server.exited, sleep(15_000).then(() => "timeout")]);
  if (code === "timeout") server.child.kill("SIGKILL");
  return code;
}

/** The server's resident memory, or 0 once it has exited (the run then fails on its exit, with its errors). */
const rssMB = (pid) => {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))[1]) / 1024;
  } catch {
    return 0;
  }
};

/** Every file under dir, as relative paths. */
function listFiles(dir, base = dir) {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? listFiles(path.join(dir, e.name), base) : [path.relative(base, path.join(dir, e.name))]));
}

/** Row count and a digest of the contents of every table, and a few ids to aim anonymous writes at. */
async function snapshot(query) {
  const { rows } = await query(
    "select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name",
  );
  const tables = {};
  const ids = [];
  for (const { table_name: name } of rows) {
    if (NOT_CONTENT.has(name)) continue;
    const {
      rows: [row],
    } = await query(`select count(*)::int as n, coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as digest from "${name}" t`);
    tables[name] = { rows: Number(row.n), digest: row.digest };
    const hasId = (
      await query(
        `select 1 from information_schema.columns where table_schema = 'public' and table_name = '${name}' and column_name = 'id'`,
      )
    ).rows.length;
    if (hasId) ids.push(...(await query(`select id::text as id from "${name}" limit 2`)).rows.map((x) => x.id));
  }
  return { tables, ids };
}

async function pgliteSnapshot(dataDir) {
  const db = await PGlite.create(path.join(dataDir, "pglite"));
  try {
    return await snapshot((sql) => db.query(sql));
  } finally {
    await db.close();
  }
}

async function pgSnapshot(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await snapshot((sql) => client.query(sql));
  } finally {
    await client.end();
  }
}

function seed(dataDir, env) {
  return new Promise((resolve, reject) => {
    const child = spawn("npm", ["run", "-s", "seed"], {
      env: { ...process.env, ...env, DATA_DIR: dataDir },
      stdio: ["ignore", "ignore", "inherit"],
    });
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`seed exited with ${code}`))));
  });
}

// ---------------------------------------------------------------------------------------------
// One run: seed, start, fuzz, check.

/** On PostgreSQL every PG_SHARE-th request of the same shuffled list is sent (the time budget). */
const PG_SHARE = 3;

async function run(kind, port, databaseUrl) {
  const t0 = performance.now();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pb-fuzz-"));
  const env = databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: "" };
  const failures = [];
  let server;
  try {
    await seed(dataDir, env);
    server = startServer(dataDir, port, env);
    await waitHealthy(server, port);
    // A real session, for the broken bodies sent to the back office signed in. Taken before the
    // snapshot: signing in stores a session row.
    const signIn = await fetch(`http://127.0.0.1:${port}/admin/login`, {
      method: "POST",
      body: new URLSearchParams(ADMIN),
      redirect: "manual",
    });
    const session = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .find((c) => c.startsWith("pb_session="));
    if (!session) throw new Error(`could not sign in (${signIn.status})`);
    // PGlite is read with the server stopped (two processes on one folder lose writes), after
    // one start, which creates the admin account.
    let before;
    if (databaseUrl) before = await pgSnapshot(databaseUrl);
    else {
      await stopServer(server);
      before = await pgliteSnapshot(dataDir);
      server = startServer(dataDir, port, env);
      await waitHealthy(server, port);
    }
    const uploads = path.join(dataDir, "uploads");
    const filesBefore = listFiles(uploads).sort();
    const find = (re) => `/media/${filesBefore.find((f) => re.test(f))}`;
    const media = {
      image: find(/^logos\/.*\.png$/),
      photo: find(/^photos\/.*\.jpg$/),
      audio: find(/^audio\//),
      video: find(/^videos\//),
      pdf: find(/\.pdf$/),
      missing: "/media/audio/00000000-0000-0000-0000-000000000000.weba",
    };
    media.all = Object.values(media);
    let clients = 0;
    const ctx = {
      host: `127.0.0.1:${port}`,
      media,
      ids: before.ids,
      session,
      audio: fs.readFileSync(path.join(uploads, media.audio.slice("/media/".length))),
      png: fs.readFileSync(path.join(uploads, media.image.slice("/media/".length))),
      pdf: fs.readFileSync(path.join(uploads, media.pdf.slice("/media/".length))),
      // One client address per request, from 10.0.0.0/8, the same sequence every run.
      nextClient: () => ((n) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`)(++clients),
    };
    // FUZZ_ONLY=<regular expression>: only the requests whose "category: name" matches it.
    const only = process.env.FUZZ_ONLY ? new RegExp(process.env.FUZZ_ONLY) : null;
    const cases = shuffle(
      generate(SEED, ctx).filter((c) => !only || only.test(`${c.cat}: ${c.name}`)),
      prng(SEED + 1),
    ).filter((_, i) => !databaseUrl || i % PG_SHARE === 0);

    // Warm up (module loading, first renders), then measure memory from there.
    for (const p of ["/", "/participa", "/testimonis"]) await get(port, p);
    const rssBefore = rssMB(server.child.pid);
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssMB(server.child.pid))), 250);
    const tFuzz = performance.now();
    const half = Math.ceil(cases.length / 2);
    const results = await runAll(cases.slice(0, half), port);
    const rssFirstHalf = rssPeak;
    results.push(...(await runAll(cases.slice(half), port)));
    const fuzzSeconds = (performance.now() - tFuzz) / 1000;
    clearInterval(sampler);

    // FUZZ_OUT=<file>: every request and its outcome, one JSON line each (for debugging).
    if (process.env.FUZZ_OUT) {
      const lines = cases.map((c, i) =>
        JSON.stringify({
          cat: c.cat,
          name: c.name.slice(0, 200),
          status: results[i].status,
          outcome: results[i].outcome,
          ms: Math.round(results[i].ms),
          problem: judge(c, results[i]),
          body: results[i].body.subarray(0, 200).toString("latin1"),
        }),
      );
      fs.writeFileSync(`${process.env.FUZZ_OUT}.${kind}.jsonl`, lines.join("\n") + "\n");
      fs.writeFileSync(`${process.env.FUZZ_OUT}.${kind}.server.log`, server.errors.join("\n"));
    }
    cases.forEach((c, i) => {
      const problem = judge(c, results[i]);
      if (problem) failures.push(`${c.cat}: ${c.name.slice(0, 110)} -> ${problem}`);
    });

    // Still healthy: /healthz, and pages answer as before.
    await sleep(500); // let aborted uploads finish cleaning up
    const health = await get(port, "/healthz");
    if (health.status !== 200) failures.push(`after the run /healthz answered ${health.status}`);
    for (const p of ["/", "/participa", "/testimonis", "/aportacions", media.image]) {
      const page = await get(port, p);
      if (page.status !== 200) failures.push(`after the run ${p} answered ${page.status}`);
    }
    if (!(await get(port, "/")).text.includes("Bicicletada popular per la xarxa de carrils"))
      failures.push("after the run the home page lost its content");
    const rssAfter = rssMB(server.child.pid);
    if (rssPeak - rssBefore > MAX_GROWTH_MB)
      failures.push(`memory grew by ${(rssPeak - rssBefore).toFixed(0)} MB (limit ${MAX_GROWTH_MB} MB)`);
    if (rssPeak - rssFirstHalf > MAX_SECOND_HALF_MB) {
      failures.push(
        `memory still grew by ${(rssPeak - rssFirstHalf).toFixed(0)} MB in the second half (limit ${MAX_SECOND_HALF_MB} MB): a leak?`,
      );
    }

    const exitCode = await stopServer(server);
    if (exitCode !== 0) failures.push(`the server stopped with ${exitCode} after SIGTERM`);
    const after = databaseUrl ? await pgSnapshot(databaseUrl) : await pgliteSnapshot(dataDir);
    const filesAfter = listFiles(uploads).sort();
    for (const [name, t] of Object.entries(before.tables)) {
      const a = after.tables[name];
      if (!a || a.rows !== t.rows) failures.push(`table ${name}: ${t.rows} rows before, ${a?.rows} after`);
      else if (a.digest !== t.digest) failures.push(`table ${name}: rows changed`);
    }
    const added = filesAfter.filter((f) => !filesBefore.includes(f));
    const removed = filesBefore.filter((f) => !filesAfter.includes(f));
    if (added.length)
      failures.push(`files left in uploads: ${added.slice(0, 5).join(", ")}${added.length > 5 ? ` and ${added.length - 5} more` : ""}`);
    if (removed.length) failures.push(`files gone from uploads: ${removed.slice(0, 5).join(", ")}`);
    const serverErrors = server.errors.filter((l) => /"level":"error"/.test(l) || !l.startsWith("{"));

    return {
      kind,
      cases,
      results,
      failures,
      serverErrors,
      rows: { before: sum(before.tables), after: sum(after.tables), tables: Object.keys(before.tables).length },
      files: { before: filesBefore.length, after: filesAfter.length },
      rss: { before: rssBefore, firstHalf: rssFirstHalf, peak: rssPeak, after: rssAfter },
      fuzzSeconds,
      seconds: (performance.now() - t0) / 1000,
    };
  } finally {
    if (server && server.child.exitCode === null && server.child.signalCode === null) server.child.kill("SIGKILL");
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const sum = (tables) => Object.values(tables).reduce((n, t) => n + t.rows, 0);

function report(r) {
  const byCat = new Map();
  const statuses = new Map();
  r.cases.forEach((c, i) => {
    const res = r.results[i];
    const row = byCat.get(c.cat) ?? {
      requests: 0,
      "2xx": 0,
      "3xx": 0,
      "4xx": 0,
      "5xx": 0,
      "closed by server": 0,
      "dropped by us": 0,
      failures: 0,
    };
    row.requests++;
    if (res.status) row[`${String(res.status)[0]}xx`]++;
    else if (res.outcome === "dropped" || res.outcome === "waited") row["dropped by us"]++;
    else row["closed by server"]++;
    if (judge(c, res)) row.failures++;
    byCat.set(c.cat, row);
    const key =
      res.status ??
      (res.outcome === "dropped"
        ? "dropped by us"
        : res.outcome === "waited"
          ? "no early answer"
          : res.outcome === "reset"
            ? "closed by server"
            : res.outcome);
    statuses.set(key, (statuses.get(key) ?? 0) + 1);
  });
  const total = { requests: 0, "2xx": 0, "3xx": 0, "4xx": 0, "5xx": 0, "closed by server": 0, "dropped by us": 0, failures: 0 };
  for (const row of byCat.values()) for (const k of Object.keys(total)) total[k] += row[k];
  console.log(
    `\n== ${r.kind}: ${total.requests} requests in ${r.fuzzSeconds.toFixed(1)} s (whole run ${r.seconds.toFixed(1)} s), seed ${SEED}`,
  );
  // In the order the categories are generated (the requests themselves are shuffled).
  const order = [...new Set(generateOrder)];
  const rows = [...byCat].sort(([a], [b]) => order.indexOf(a) - order.indexOf(b));
  console.table(Object.fromEntries([...rows, ["total", total]]));
  console.log(
    "status codes:",
    [...statuses]
      .sort((a, b) => String(a[0]).localeCompare(String(b[0])))
      .map(([k, n]) => `${k}: ${n}`)
      .join(", "),
  );
  console.log(
    `rows in ${r.rows.tables} tables: ${r.rows.before} before, ${r.rows.after} after; files in uploads: ${r.files.before} before, ${r.files.after} after`,
  );
  console.log(
    `server memory (RSS): ${r.rss.before.toFixed(0)} MB before, peak ${r.rss.firstHalf.toFixed(0)} MB in the first half and ${r.rss.peak.toFixed(0)} MB in all, ${r.rss.after.toFixed(0)} MB after`,
  );
  if (r.serverErrors.length) {
    const distinct = [
      ...new Set(
        r.serverErrors.map((l) =>
          l
            .replace(/"time":"[^"]+",?/, "")
            .replace(/,"stack":"[^"]*"/, "")
            .slice(0, 300),
        ),
      ),
    ];
    console.log(`server error log lines: ${r.serverErrors.length} (${distinct.length} distinct)`);
    for (const line of distinct.slice(0, 8)) console.log(`  ${line}`);
  }
  if (r.failures.length) {
    console.log(`FAILURES (${r.failures.length}):`);
    for (const f of r.failures.slice(0, 40)) console.log(`  ${f}`);
    if (r.failures.length > 40) console.log(`  … and ${r.failures.length - 40} more`);
  } else console.log("no failures");
}

// ---------------------------------------------------------------------------------------------

// Every route of app/routes.ts must be among the targets above: a new route is fuzzed, or this says so.
const uncovered = routePatterns().filter((re) => !ALL_TARGETS.some((t) => re.test(t)));
if (uncovered.length) {
  console.log(`routes not fuzzed (add them to scripts/fuzz.mjs): ${uncovered.map((re) => re.source).join(", ")}`);
  process.exit(1);
}

console.log(`fuzz seed ${SEED} (replay with FUZZ_SEED=${SEED})`);
let failed = false;
const pglite = await run("PGlite", PORT);
report(pglite);
failed ||= pglite.failures.length > 0;

if (process.env.TEST_DATABASE_URL) {
  const name = `pb_fuzz_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  try {
    const url = new URL(process.env.TEST_DATABASE_URL);
    url.pathname = `/${name}`;
    const postgres = await run("PostgreSQL", PORT + 1, url.toString());
    report(postgres);
    failed ||= postgres.failures.length > 0;
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
process.exit(failed ? 1 : 0);
