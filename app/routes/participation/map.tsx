import type { Route } from "./+types/map";
import { MapAndComment } from "~/components/participation/map-and-comment";
import { useMapTexts } from "~/components/participation/map-dialog";
import { FormPage } from "~/components/participation/shared";
import { getMapSettings } from "~/models/map.server";
import { createMapComment, respond } from "~/models/participation.server";
import { keepFormOnFailure } from "~/lib/public-action";
import { UNREACHABLE } from "~/lib/participation-texts";

export async function loader({ context }: Route.LoaderArgs) {
  return { map: await getMapSettings(context.db) };
}

// The comment form posts here; without JavaScript this page is the map dialog.
export async function action({ request, context }: Route.ActionArgs) {
  return respond(await createMapComment(request, context));
}

// In the browser: a send that fails to arrive keeps the form and shows its failure in place.
export const clientAction = keepFormOnFailure(UNREACHABLE.mapComment);

export default function MapPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <FormPage {...useMapTexts()} wide>
      <MapAndComment settings={loaderData.map} result={actionData} withList />
    </FormPage>
  );
}
