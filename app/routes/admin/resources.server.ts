import { asc } from "drizzle-orm";
import type { Route } from "./+types/resources";
import { resources } from "~/db/schema";
import { acceptResource, UPLOADS } from "~/domain/uploads";
import { entityAction, invalid, refuse, type EntitySpec } from "~/models/admin-entity.server";
import { externalMediaType, fileMediaType, resourceSchema } from "~/lib/admin-schemas";
import { imageVariantUrl } from "~/lib/images";
import { requireAdmin } from "~/infra/session.server";
import { mediaUrl, readStoredBytes, type Storage } from "~/infra/storage.server";
import { CAPTIONS_MESSAGES, checkWebVtt } from "~/domain/webvtt";

export const RESOURCE_MEDIA_REQUIRED = "Selecciona un fitxer o indica una URL externa";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const rows = await context.db.select().from(resources).orderBy(asc(resources.position), asc(resources.createdAt));
  return {
    resources: rows.map((r) => ({
      ...r,
      url: r.mediaKey ? mediaUrl(r.mediaKey) : (r.externalUrl ?? ""),
      preview: r.mediaKey && r.mediaType === "image" ? imageVariantUrl(r.mediaKey, 800) : null,
      captionsUrl: r.captionsKey ? mediaUrl(r.captionsKey) : null,
    })),
  };
}

/** Also written through the upload endpoint (the dialog posts there, for its progress bar). An
 * uploaded video may have WebVTT captions (issue 33): streamed into storage like the video, then read
 * back and checked whole; a refused file is removed by the entity helper, so nothing of it stays. */
export const resource = (storage: Storage): EntitySpec<"file" | "captions"> => ({
  name: "resource",
  table: resources,
  fileKey: ["mediaKey", "captionsKey"],
  files: {
    file: { maxBytes: UPLOADS.resource.maxBytes, prefix: "resources", accept: acceptResource },
    captions: { maxBytes: UPLOADS.captions.maxBytes, prefix: "captions", accept: (t) => (t === "text/vtt" ? t : null) },
  },
  uploadTexts: { ...UPLOADS.resource.messages, other: "No s'ha pogut guardar el recurs", fields: { captions: UPLOADS.captions.messages } },
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
  // not kept, and an update with neither keeps the current media. Captions belong to an uploaded
  // video only: they go when the media stops being one, or when staff remove them.
  async values({ intent, fields, files: { file, captions }, current }) {
    const parsed = resourceSchema.safeParse(fields);
    if (!parsed.success) return invalid(parsed.error);
    const { useExternal, externalUrl, removeCaptions, ...values } = parsed.data;
    let media: { mediaKey: string | null; externalUrl: string | null; mediaType: "image" | "video" | "document" } | null = null;
    if (useExternal) {
      if (!externalUrl) return refuse(RESOURCE_MEDIA_REQUIRED, { externalUrl: RESOURCE_MEDIA_REQUIRED });
      media = { mediaKey: null, externalUrl, mediaType: externalMediaType(externalUrl) };
    } else if (file) media = { mediaKey: file.key, externalUrl: null, mediaType: fileMediaType(file.contentType) };
    else if (intent === "create") return refuse(RESOURCE_MEDIA_REQUIRED, { file: RESOURCE_MEDIA_REQUIRED });
    const uploadedVideo = media
      ? media.mediaKey !== null && media.mediaType === "video"
      : Boolean(current?.mediaKey) && current?.mediaType === "video";
    let captionsKey: { captionsKey: string | null } | object = {};
    if (captions) {
      if (!uploadedVideo) return refuse(CAPTIONS_MESSAGES.notVideo, { captions: CAPTIONS_MESSAGES.notVideo });
      const checked = checkWebVtt(await readStoredBytes(storage, captions.key, UPLOADS.captions.maxBytes));
      if (!checked.ok) return refuse(checked.error, { captions: checked.error });
      captionsKey = { captionsKey: captions.key };
    } else if (removeCaptions || (!uploadedVideo && current?.captionsKey)) captionsKey = { captionsKey: null };
    return { ...values, ...media, ...captionsKey };
  },
});

export async function action({ request, context }: Route.ActionArgs) {
  return entityAction(request, context, resource(context.storage));
}
