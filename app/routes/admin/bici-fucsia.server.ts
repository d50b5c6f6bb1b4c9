import { asc, sql } from "drizzle-orm";
import type { Route } from "./+types/bici-fucsia";
import { biciFucsiaPhotos } from "~/db/schema";
import { acceptImage, UPLOADS } from "~/domain/uploads";
import { capturingHeads, imageSize } from "~/models/admin.server";
import { entityAction, invalid, refuse, type EntitySpec } from "~/models/admin-entity.server";
import { photoSchema } from "~/lib/admin-schemas";
import { imageSrcSet, imageVariantUrl } from "~/lib/images";
import { requireAdmin } from "~/infra/session.server";

export const PHOTO_REQUIRED = "Títol i imatge són obligatoris";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const rows = await context.db.select().from(biciFucsiaPhotos).orderBy(asc(biciFucsiaPhotos.position), asc(biciFucsiaPhotos.createdAt));
  return { photos: rows.map((p) => ({ ...p, src: imageVariantUrl(p.imageKey, 800), srcSet: imageSrcSet(p.imageKey, 800) })) };
}

/** A photo's writes; heads holds the first bytes of each upload, for its width and height. */
const photo = (heads: Map<string, Buffer>): EntitySpec<"image"> => ({
  name: "photo",
  table: biciFucsiaPhotos,
  fileKey: "imageKey",
  files: { image: { maxBytes: UPLOADS.photo.maxBytes, prefix: "photos", accept: acceptImage } },
  uploadTexts: { ...UPLOADS.photo.messages, other: "Error pujant la imatge" },
  texts: {
    created: "Foto afegida correctament",
    updated: "Foto actualitzada correctament",
    deleted: "Foto eliminada correctament",
    toggled: (active) => (active ? "Foto visible" : "Foto amagada"),
    failed: {
      create: "Error creant la foto",
      update: "Error actualitzant la foto",
      toggle: "Error actualitzant la foto",
      delete: "Error eliminant la foto",
    },
  },
  // The edit changes the texts only; a new photo goes last (position = highest + 1, 0 when none,
  // computed in the insert itself).
  async values({ intent, fields, files: { image } }) {
    const parsed = photoSchema.safeParse(fields);
    if (intent === "update") return parsed.success ? parsed.data : refuse("El títol és obligatori");
    if (!parsed.success) return invalid(parsed.error);
    if (!image) return refuse(PHOTO_REQUIRED);
    return {
      ...parsed.data,
      imageKey: image.key,
      ...(await imageSize(heads.get(image.key))),
      position: sql`(select coalesce(max(${biciFucsiaPhotos.position}) + 1, 0) from ${biciFucsiaPhotos})`,
    };
  },
});

export async function action({ request, context }: Route.ActionArgs) {
  const capture = capturingHeads(context.storage);
  return entityAction(request, { ...context, storage: capture.storage }, photo(capture.heads));
}
