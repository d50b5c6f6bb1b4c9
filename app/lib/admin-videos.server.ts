import { eq } from "drizzle-orm";
import { videos } from "~/db/schema";
import type { AppContext } from "./app-context";
import { acceptVideo, logActionError, MB, readAdminForm, removeFile, uploadMessage, type ActionResult } from "./admin.server";
import { idSchema, videoSchema } from "./admin-schemas";
import { requireAdmin } from "./session.server";

export const VIDEO_MAX_BYTES = 100 * MB;
export const VIDEO_TOO_LARGE = "El fitxer és massa gran (màxim 100MB)";
export const VIDEO_BAD_TYPE = "Només es permeten fitxers de vídeo";

export interface Answer {
  status: number;
  body: ActionResult;
}
const ok = (message: string): Answer => ({ status: 200, body: { ok: true, message } });
const no = (error: string, status = 400, fieldErrors?: Record<string, string>): Answer => ({
  status,
  body: { ok: false, error, fieldErrors },
});

/** Every write of the videos screen: create and edit (multipart, the file streamed into
 * storage), toggle and delete. Used by the route's action and by the upload endpoint. */
export async function videoAction(request: Request, context: AppContext): Promise<Answer> {
  await requireAdmin(request, context);
  let form;
  try {
    form = await readAdminForm(request, context, { file: { maxBytes: VIDEO_MAX_BYTES, prefix: "videos", accept: acceptVideo } });
  } catch (err) {
    const message = uploadMessage(err, { too_large: VIDEO_TOO_LARGE, bad_type: VIDEO_BAD_TYPE, other: "No s'ha pogut guardar el vídeo" });
    return no(message, message === VIDEO_TOO_LARGE ? 413 : 400, { file: message });
  }
  const { fields, files, discard } = form;
  const intent = fields.intent;
  const id = idSchema.safeParse(fields.id);

  if (intent === "toggle") {
    if (!id.success) return no("No s'ha pogut canviar l'estat del vídeo");
    const active = fields.isActive === "true";
    const rows = await context.db.update(videos).set({ isActive: active }).where(eq(videos.id, id.data)).returning({ id: videos.id });
    if (rows.length === 0) return no("No s'ha pogut canviar l'estat del vídeo", 404);
    return ok(active ? "Vídeo activat correctament" : "Vídeo desactivat correctament");
  }
  if (intent === "delete") {
    if (!id.success) return no("No s'ha pogut eliminar el vídeo");
    try {
      const [row] = await context.db.delete(videos).where(eq(videos.id, id.data)).returning({ key: videos.videoKey });
      if (!row) return no("No s'ha pogut eliminar el vídeo", 404);
      await removeFile(context, row.key);
      return ok("Vídeo eliminat correctament");
    } catch (err) {
      logActionError("video delete", err);
      return no("No s'ha pogut eliminar el vídeo", 500);
    }
  }

  const parsed = videoSchema.safeParse(fields);
  if (!parsed.success) {
    await discard();
    const errs: Record<string, string> = {};
    for (const i of parsed.error.issues) errs[String(i.path[0])] ??= i.message;
    return no(parsed.error.issues[0]?.message ?? "No s'ha pogut guardar el vídeo", 400, errs);
  }
  const file = files.file;
  const fileFields = file
    ? { videoKey: file.key, fileType: file.contentType === "video/webm" ? "webm" : "mp4", fileSize: file.size }
    : null;
  try {
    if (intent === "update") {
      if (!id.success) {
        await discard();
        return no("No s'ha pogut guardar el vídeo");
      }
      const old = await context.db.query.videos.findFirst({ where: eq(videos.id, id.data), columns: { videoKey: true } });
      if (!old) {
        await discard();
        return no("No s'ha pogut guardar el vídeo", 404);
      }
      await context.db
        .update(videos)
        .set({ ...parsed.data, ...fileFields })
        .where(eq(videos.id, id.data));
      if (fileFields) await removeFile(context, old.videoKey);
      return ok("Vídeo actualitzat correctament");
    }
    if (!fileFields) return no("Selecciona un fitxer de vídeo", 400, { file: "Selecciona un fitxer de vídeo" });
    await context.db.insert(videos).values({ ...parsed.data, ...fileFields });
    return ok("Vídeo creat correctament");
  } catch (err) {
    await discard();
    logActionError("video save", err);
    return no("No s'ha pogut guardar el vídeo", 500);
  }
}
