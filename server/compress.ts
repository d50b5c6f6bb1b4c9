import compression from "compression";

/** Which answers are compressed. Not media: it is compressed already, and compressing would break
 * byte ranges. Not the answer to a form posted by JavaScript (a POST to a `.data` address): a few
 * hundred bytes, streamed without a length, so the library's 1 KB threshold cannot skip it, while
 * the zlib stream started for each took about a tenth of a public write's CPU (issue 12, profiled
 * under 10 reflections a second). */
export const worthCompressing: compression.CompressionFilter = (req, res) =>
  !req.path.startsWith("/media/") && !(req.method === "POST" && req.path.endsWith(".data")) && compression.filter(req, res);
