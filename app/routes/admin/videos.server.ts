import { desc } from "drizzle-orm";
import type { Route } from "./+types/videos";
import { videos } from "~/db/schema";
import { acceptVideo, UPLOADS } from "~/domain/uploads";
import { entityAction, invalid, refuse, type EntitySpec } from "~/models/admin-entity.server";
import { videoSchema } from "~/lib/admin-schemas";
import { requireAdmin } from "~/infra/session.server";
import { mediaUrl } from "~/infra/storage.server";

const VIDEO_REQUIRED = "Selecciona un fitxer de vídeo";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const rows = await context.db.select().from(videos).orderBy(desc(videos.createdAt));
  return { videos: rows.map((v) => ({ ...v, videoUrl: mediaUrl(v.videoKey) })) };
}

/** Also written through the upload endpoint (the dialog posts there, for its progress bar). */
export const video: EntitySpec<"file"> = {
  name: "video",
  table: videos,
  fileKey: "videoKey",
  files: { file: { maxBytes: UPLOADS.video.maxBytes, prefix: "videos", accept: acceptVideo } },
  uploadTexts: { ...UPLOADS.video.messages, other: "No s'ha pogut guardar el vídeo" },
  texts: {
    created: "Vídeo creat correctament",
    updated: "Vídeo actualitzat correctament",
    deleted: "Vídeo eliminat correctament",
    toggled: (active) => (active ? "Vídeo activat correctament" : "Vídeo desactivat correctament"),
    failed: {
      create: "No s'ha pogut guardar el vídeo",
      update: "No s'ha pogut guardar el vídeo",
      toggle: "No s'ha pogut canviar l'estat del vídeo",
      delete: "No s'ha pogut eliminar el vídeo",
    },
  },
  values({ intent, fields, files: { file } }) {
    const parsed = videoSchema.safeParse(fields);
    if (!parsed.success) return invalid(parsed.error);
    if (!file && intent === "create") return refuse(VIDEO_REQUIRED, { file: VIDEO_REQUIRED });
    const stored = file && { videoKey: file.key, fileType: file.contentType === "video/webm" ? "webm" : "mp4", fileSize: file.size };
    return { ...parsed.data, ...stored };
  },
};

export async function action({ request, context }: Route.ActionArgs) {
  return entityAction(request, context, video);
}
