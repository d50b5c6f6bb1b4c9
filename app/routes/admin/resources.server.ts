import { asc } from "drizzle-orm";
import type { Route } from "./+types/resources";
import { resources } from "~/db/schema";
import { acceptResource, UPLOADS } from "~/domain/uploads";
import { entityAction, invalid, refuse, type EntitySpec } from "~/models/admin-entity.server";
import { externalMediaType, fileMediaType, resourceSchema } from "~/lib/admin-schemas";
import { imageVariantUrl } from "~/lib/images";
import { requireAdmin } from "~/infra/session.server";
import { mediaUrl } from "~/infra/storage.server";

export const RESOURCE_MEDIA_REQUIRED = "Selecciona un fitxer o indica una URL externa";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const rows = await context.db.select().from(resources).orderBy(asc(resources.position), asc(resources.createdAt));
  return {
    resources: rows.map((r) => ({
      ...r,
      url: r.mediaKey ? mediaUrl(r.mediaKey) : (r.externalUrl ?? ""),
      preview: r.mediaKey && r.mediaType === "image" ? imageVariantUrl(r.mediaKey, 800) : null,
    })),
  };
}

/** Also written through the upload endpoint (the dialog posts there, for its progress bar). */
export const resource: EntitySpec<"file"> = {
  name: "resource",
  table: resources,
  fileKey: "mediaKey",
  files: { file: { maxBytes: UPLOADS.resource.maxBytes, prefix: "resources", accept: acceptResource } },
  uploadTexts: { ...UPLOADS.resource.messages, other: "No s'ha pogut guardar el recurs" },
  texts: {
    created: "Recurs creat correctament",
    updated: "Recurs actualitzat correctament",
    deleted: "Recurs eliminat correctament",
    failed: {
      create: "No s'ha pogut guardar el recurs",
      update: "No s'ha pogut guardar el recurs",
      toggle: "No s'ha pogut actualitzar el recurs",
      delete: "No s'ha pogut eliminar el recurs",
    },
  },
  // An upload (its type from the bytes) or an external URL; an upload sent along with a URL is
  // not kept, and an update with neither keeps the current media.
  values({ intent, fields, files: { file } }) {
    const parsed = resourceSchema.safeParse(fields);
    if (!parsed.success) return invalid(parsed.error);
    const { useExternal, externalUrl, ...values } = parsed.data;
    if (useExternal) {
      if (!externalUrl) return refuse(RESOURCE_MEDIA_REQUIRED, { externalUrl: RESOURCE_MEDIA_REQUIRED });
      return { ...values, mediaKey: null, externalUrl, mediaType: externalMediaType(externalUrl) };
    }
    if (file) return { ...values, mediaKey: file.key, externalUrl: null, mediaType: fileMediaType(file.contentType) };
    if (intent === "create") return refuse(RESOURCE_MEDIA_REQUIRED, { file: RESOURCE_MEDIA_REQUIRED });
    return values;
  },
};

export async function action({ request, context }: Route.ActionArgs) {
  return entityAction(request, context, resource);
}
