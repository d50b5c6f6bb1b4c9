import { data } from "react-router";
import type { Route } from "./+types/map";
import { MapCommentForm } from "~/components/participation/map-comment-form";
import { MapFrame } from "~/components/participation/map-dialog";
import { createMapComment, getMapSettings } from "~/lib/participation.server";

export async function loader({ context }: Route.LoaderArgs) {
  return { map: await getMapSettings(context.db) };
}

// The comment form posts here; without JavaScript this page is the map dialog.
export async function action({ request, context }: Route.ActionArgs) {
  const { status, result } = await createMapComment(request, context);
  return data(result, { status });
}

export default function MapPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-12">
      <h1 className="text-3xl font-extrabold text-brand-dark">Mapa interactiu</h1>
      <p>Consulta les propostes de la xarxa ciclable i deixa-hi el teu comentari.</p>
      <MapFrame settings={loaderData.map} />
      <MapCommentForm result={actionData} />
    </div>
  );
}
