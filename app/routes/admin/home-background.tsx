import { useState } from "react";
import type { Route } from "./+types/home-background";
import { EmptyState, PageTitle, useAdminFetcher, useRowAction } from "~/components/admin/admin-ui";
import { EntityCard, EntityGrid } from "~/components/admin/entity-card";
import { FormField } from "~/components/form-field";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { formatShortDate } from "~/lib/dates";

export { loader, action } from "./home-background.server";

export default function AdminHomeBackground({ loaderData }: Route.ComponentProps) {
  const upload = useAdminFetcher();
  const [formKey, setFormKey] = useState(0);
  return (
    <>
      <PageTitle title="Fons de la Home" />
      <upload.Form key={formKey} method="post" encType="multipart/form-data" className="mb-8 rounded-lg bg-white p-5 shadow-sm">
        <input type="hidden" name="intent" value="create" />
        <FormField label="Puja una imatge o un vídeo de fons" hint="Es puja en triar el fitxer. Un fons nou comença inactiu.">
          <Input
            name="file"
            type="file"
            accept="image/*,video/mp4,video/webm"
            disabled={upload.state !== "idle"}
            onChange={(e) => {
              const form = e.currentTarget.form;
              if (!form || !e.currentTarget.files?.length) return;
              void upload.submit(form).then(() => setFormKey((k) => k + 1));
            }}
          />
        </FormField>
        {upload.state !== "idle" && (
          <p role="status" className="mt-2 text-sm">
            Pujant...
          </p>
        )}
      </upload.Form>
      {loaderData.items.length === 0 ? (
        <EmptyState>Encara no hi ha cap mitjà de fons.</EmptyState>
      ) : (
        <EntityGrid>
          {loaderData.items.map((item) => (
            <BackgroundCard key={item.id} item={item} />
          ))}
        </EntityGrid>
      )}
    </>
  );
}

function BackgroundCard({ item }: { item: Route.ComponentProps["loaderData"]["items"][number] }) {
  const fetcher = useRowAction();
  const label = item.title ?? `Fons del ${formatShortDate(item.createdAt)}`;
  return (
    <EntityCard
      id={item.id}
      title={label}
      media={
        item.mediaType === "image" ? (
          <img src={item.url} alt={label} width={800} height={450} className="aspect-video w-full rounded object-cover" />
        ) : (
          <video src={item.url} controls muted preload="metadata" className="aspect-video w-full rounded bg-black" aria-label={label} />
        )
      }
      badges={
        <>
          {item.isActive && <Badge variant="success">Actiu</Badge>}
          <Badge variant="soft">{item.mediaType === "image" ? "Imatge" : "Vídeo"}</Badge>
        </>
      }
      actions={
        <Button
          size="sm"
          variant={item.isActive ? "outline" : "default"}
          disabled={fetcher.state !== "idle"}
          onClick={() => fetcher.submit({ intent: "toggle", id: item.id, isActive: String(!item.isActive) }, { method: "post" })}
        >
          {item.isActive ? "Desactiva" : "Activa"}
        </Button>
      }
      remove={{
        title: "Eliminar mitjà de fons",
        question: "Estàs segur que vols eliminar aquest mitjà de fons? Aquesta acció no es pot desfer.",
      }}
    >
      <p className="text-sm text-ink/80">{formatShortDate(item.createdAt)}</p>
    </EntityCard>
  );
}
