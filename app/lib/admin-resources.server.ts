import { eq } from "drizzle-orm";
import { resources } from "~/db/schema";
import type { AppContext } from "./app-context";
import { acceptResource, logActionError, MB, readAdminForm, removeFile, uploadMessage } from "./admin.server";
import { externalMediaType, fileMediaType, idSchema, resourceSchema } from "./admin-schemas";
import type { Answer } from "./admin-videos.server";
import { requireAdmin } from "./session.server";

export const RESOURCE_MAX_BYTES = 100 * MB;
export const RESOURCE_TOO_LARGE = "El fitxer és massa gran (màxim 100MB)";
export const RESOURCE_BAD_TYPE = "Només es permeten imatges, vídeos o PDF";
export const RESOURCE_MEDIA_REQUIRED = "Selecciona un fitxer o indica una URL externa";

const ok = (message: string): Answer => ({ status: 200, body: { ok: true, message } });
const no = (error: string, status = 400, fieldErrors?: Record<string, string>): Answer => ({
  status,
  body: { ok: false, error, fieldErrors },
});

/** Every write of the resources screen: an upload (type from the bytes) or an external URL. */
export async function resourceAction(request: Request, context: AppContext): Promise<Answer> {
  await requireAdmin(request, context);
  let form;
  try {
    form = await readAdminForm(request, context, { file: { maxBytes: RESOURCE_MAX_BYTES, prefix: "resources", accept: acceptResource } });
  } catch (err) {
    const message = uploadMessage(err, {
      too_large: RESOURCE_TOO_LARGE,
      bad_type: RESOURCE_BAD_TYPE,
      other: "No s'ha pogut guardar el recurs",
    });
    return no(message, message === RESOURCE_TOO_LARGE ? 413 : 400, { file: message });
  }
  const { fields, files, discard } = form;
  const intent = fields.intent;
  const id = idSchema.safeParse(fields.id);

  if (intent === "toggle") {
    if (!id.success) return no("No s'ha pogut actualitzar el recurs");
    const rows = await context.db
      .update(resources)
      .set({ isActive: fields.isActive === "true" })
      .where(eq(resources.id, id.data))
      .returning({ id: resources.id });
    if (rows.length === 0) return no("No s'ha pogut actualitzar el recurs", 404);
    return ok("Recurs actualitzat correctament");
  }
  if (intent === "delete") {
    if (!id.success) return no("No s'ha pogut eliminar el recurs");
    try {
      const [row] = await context.db.delete(resources).where(eq(resources.id, id.data)).returning({ key: resources.mediaKey });
      if (!row) return no("No s'ha pogut eliminar el recurs", 404);
      await removeFile(context, row.key);
      return ok("Recurs eliminat correctament");
    } catch (err) {
      logActionError("resource delete", err);
      return no("No s'ha pogut eliminar el recurs", 500);
    }
  }

  const parsed = resourceSchema.safeParse(fields);
  if (!parsed.success) {
    await discard();
    const errs: Record<string, string> = {};
    for (const i of parsed.error.issues) errs[String(i.path[0])] ??= i.message;
    return no(parsed.error.issues[0]?.message ?? "No s'ha pogut guardar el recurs", 400, errs);
  }
  const { useExternal, externalUrl, ...values } = parsed.data;
  const file = files.file;
  let media: { mediaKey: string | null; externalUrl: string | null; mediaType: "image" | "video" | "document" } | null = null;
  if (useExternal) {
    await discard();
    if (!externalUrl) return no(RESOURCE_MEDIA_REQUIRED, 400, { externalUrl: RESOURCE_MEDIA_REQUIRED });
    media = { mediaKey: null, externalUrl, mediaType: externalMediaType(externalUrl) };
  } else if (file) {
    media = { mediaKey: file.key, externalUrl: null, mediaType: fileMediaType(file.contentType) };
  }
  try {
    if (intent === "update") {
      if (!id.success) {
        await discard();
        return no("No s'ha pogut guardar el recurs");
      }
      const old = await context.db.query.resources.findFirst({ where: eq(resources.id, id.data), columns: { mediaKey: true } });
      if (!old) {
        await discard();
        return no("No s'ha pogut guardar el recurs", 404);
      }
      await context.db
        .update(resources)
        .set({ ...values, ...media })
        .where(eq(resources.id, id.data));
      if (media && old.mediaKey && old.mediaKey !== media.mediaKey) await removeFile(context, old.mediaKey);
      return ok("Recurs actualitzat correctament");
    }
    if (!media) return no(RESOURCE_MEDIA_REQUIRED, 400, { file: RESOURCE_MEDIA_REQUIRED });
    await context.db.insert(resources).values({ ...values, ...media });
    return ok("Recurs creat correctament");
  } catch (err) {
    await discard();
    logActionError("resource save", err);
    return no("No s'ha pogut guardar el recurs", 500);
  }
}
