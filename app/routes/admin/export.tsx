// The exports (no screen): GET /admin/export/<name>.<csv|xlsx|zip>, see export.server.ts.
export { loader } from "./export.server";
