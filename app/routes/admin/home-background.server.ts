import { desc, eq, ne } from "drizzle-orm";
import type { Route } from "./+types/home-background";
import { homeBackground } from "~/db/schema";
import { acceptImageOrVideo, UPLOADS } from "~/domain/uploads";
import { entityAction, refuse, type EntitySpec, type Intent } from "~/models/admin-entity.server";
import type { AppContext } from "~/infra/app-context.server";
import { imageVariantUrl } from "~/lib/images";
import { requireAdmin } from "~/infra/session.server";
import { mediaUrl } from "~/infra/storage.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const rows = await context.db.select().from(homeBackground).orderBy(desc(homeBackground.createdAt));
  return {
    items: rows.map((r) => ({ ...r, url: r.mediaType === "image" ? imageVariantUrl(r.mediaKey, 800) : mediaUrl(r.mediaKey) })),
  };
}

/** Activating one deactivates every other inside one transaction; the partial unique index
 * refuses a second active row if two activations race, and the loser is retried. */
export async function activateBackground(context: Pick<AppContext, "db">, id: string): Promise<boolean> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await context.db.transaction(async (tx) => {
        await tx.update(homeBackground).set({ isActive: false }).where(ne(homeBackground.id, id));
        const rows = await tx
          .update(homeBackground)
          .set({ isActive: true })
          .where(eq(homeBackground.id, id))
          .returning({ id: homeBackground.id });
        return rows.length > 0;
      });
    } catch (err) {
      if (attempt >= 5) throw err;
    }
  }
}

// The spec's texts: "Error en pujar el mitjà: {message}", and likewise for the state and the delete.
const UPLOAD = "Error en pujar el mitjà";
const PREFIX: Record<Intent, string> = {
  create: UPLOAD,
  update: UPLOAD,
  toggle: "Error en actualitzar l'estat",
  delete: "Error en eliminar el mitjà",
};

const background: EntitySpec<"file"> = {
  name: "background",
  table: homeBackground,
  fileKey: "mediaKey",
  files: { file: { maxBytes: UPLOADS.background.maxBytes, prefix: "backgrounds", accept: acceptImageOrVideo } },
  uploadTexts: {
    too_large: `${UPLOAD}: ${UPLOADS.background.messages.too_large}`,
    bad_type: `${UPLOAD}: ${UPLOADS.background.messages.bad_type}`,
    other: `${UPLOAD}: error`,
  },
  texts: {
    created: "Mitjà pujat correctament",
    updated: "Mitjà actualitzat correctament",
    deleted: "Mitjà eliminat correctament",
    toggled: (active) => (active ? "Fons activat" : "Fons desactivat"),
    failed(intent, why, err) {
      const reason =
        why === "error"
          ? err instanceof Error
            ? err.message
            : String(err)
          : why === "bad_id"
            ? "identificador no vàlid"
            : intent === "toggle"
              ? "no s'ha trobat el mitjà"
              : "no s'ha trobat";
      return `${PREFIX[intent]}: ${reason}`;
    },
  },
  // A new background starts inactive; only "toggle" activates one.
  values({ intent, fields, files: { file } }) {
    const title = fields.title?.trim() || null;
    if (!file) return intent === "create" ? refuse(`${UPLOAD}: ${UPLOADS.background.messages.bad_type}`) : { title };
    return {
      title,
      mediaKey: file.key,
      mediaType: file.contentType.startsWith("video/") ? "video" : "image",
      ...(intent === "create" && { isActive: false }),
    };
  },
  async toggle(context, id, active) {
    if (active) return activateBackground(context, id);
    const rows = await context.db.update(homeBackground).set({ isActive: false }).where(eq(homeBackground.id, id)).returning();
    return rows.length > 0;
  },
};

export async function action({ request, context }: Route.ActionArgs) {
  return entityAction(request, context, background);
}
