import { asc } from "drizzle-orm";
import type { Route } from "./+types/footer";
import { footerConfig, footerLogos } from "~/db/schema";
import { acceptImage, UPLOADS } from "~/domain/uploads";
import { done, failed, fieldErrors, firstError, logActionError } from "~/models/admin.server";
import { entityAction, invalid, refuse, type EntitySpec } from "~/models/admin-entity.server";
import { footerTextsSchema, logoSchema } from "~/lib/admin-schemas";
import { DEFAULT_FOOTER_TEXT } from "~/lib/footer";
import { contentChanged } from "~/infra/content-changes.server";
import { requireAdmin } from "~/infra/session.server";
import { mediaUrl } from "~/infra/storage.server";

export const LOGO_REQUIRED = "Si us plau, selecciona una imatge";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const [config, logos] = await Promise.all([
    context.db.query.footerConfig.findFirst(),
    context.db.select().from(footerLogos).orderBy(asc(footerLogos.position), asc(footerLogos.createdAt)),
  ]);
  return {
    config: {
      footerText: config?.footerText ?? DEFAULT_FOOTER_TEXT,
      collaboratorsText: config?.collaboratorsText ?? "",
      translations: config?.translations ?? {},
    },
    logos: logos.map((l) => ({ ...l, imageUrl: mediaUrl(l.imageKey) })),
  };
}

const logo: EntitySpec<"image"> = {
  name: "logo",
  table: footerLogos,
  fileKey: "imageKey",
  files: { image: { maxBytes: UPLOADS.logo.maxBytes, prefix: "logos", accept: acceptImage } },
  uploadTexts: { ...UPLOADS.logo.messages, other: "No s'ha pogut guardar el logo" },
  texts: {
    created: "Logo creat correctament",
    updated: "Logo actualitzat correctament",
    deleted: "Logo eliminat correctament",
    toggled: (active) => (active ? "Logo activat correctament" : "Logo desactivat correctament"),
    failed: {
      create: "No s'ha pogut guardar el logo",
      update: "No s'ha pogut guardar el logo",
      toggle: "No s'ha pogut canviar l'estat del logo",
      delete: "No s'ha pogut eliminar el logo",
    },
  },
  values({ intent, fields, files: { image } }) {
    const parsed = logoSchema.safeParse(fields);
    if (!parsed.success) return invalid(parsed.error);
    if (!image && intent === "create") return refuse(LOGO_REQUIRED, { image: LOGO_REQUIRED });
    return { ...parsed.data, ...(image && { imageKey: image.key }) };
  },
  // The footer's texts: one row, written over.
  intents: {
    async texts(fields, context) {
      const parsed = footerTextsSchema.safeParse(fields);
      if (!parsed.success) return failed(firstError(parsed.error), 400, fieldErrors(parsed.error));
      try {
        await context.db
          .insert(footerConfig)
          .values(parsed.data)
          .onConflictDoUpdate({ target: footerConfig.singleton, set: { ...parsed.data, updatedAt: new Date() } });
        contentChanged(footerConfig);
        return done("Configuració del footer actualitzada correctament");
      } catch (err) {
        logActionError("footer texts", err);
        return failed("No s'ha pogut actualitzar la configuració", 500);
      }
    },
  },
};

export async function action({ request, context }: Route.ActionArgs) {
  return entityAction(request, context, logo);
}
