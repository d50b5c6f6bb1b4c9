// The JSON upload endpoint (no screen): see upload.server.ts.
export { loader, action } from "./upload.server";
