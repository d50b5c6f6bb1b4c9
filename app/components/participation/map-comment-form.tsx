import { useId, useState } from "react";
import { FormField } from "~/components/form-field";
import { Select } from "~/components/ui/select";
import type { MapPlace } from "~/domain/map";
import { MAP_CATEGORIES, mapCategoryKey, MUNICIPALITY_NAMES, nearestMunicipality, PLACE_DECIMALS } from "~/domain/map";
import { pointPlaceText } from "~/domain/map-places";
import { useT, type T } from "~/i18n/react";
import { echoed, LIMITS, type WriteResult } from "~/lib/participation-texts";
import { paths } from "~/lib/routes";
import { ConsentCheckbox, ContributionText, EmailField, PublicForm, usePublicForm } from "./shared";

/** The place in words (issue 27, item 11): the segment and its municipality, or a pin named by the
 * nearest municipality and the nearest named segment; never its coordinates. */
export function placeText(t: T, place: MapPlace): string {
  if (place.segment) return `Tram: ${place.segmentName}${place.municipality ? ` (${place.municipality})` : ""}`;
  return `Punt marcat ${pointPlaceText(t, place.municipality ?? nearestMunicipality(place.lat, place.lng), place.near)}`;
}

/** A comment on the proposal map: the comment and the privacy box; the e-mail is optional, and so
 * is the place (issue 17): a pin or a segment picked on our map, a category, a municipality (the
 * only place a visitor without JavaScript can give). */
export function MapCommentForm({
  result,
  onSent,
  place,
  onClearPlace,
}: {
  result?: WriteResult;
  /** Given the answer: whether the comment is public at once says whether the map shows it. */
  onSent?: (result: Extract<WriteResult, { ok: true }>) => void;
  /** undefined: no map to pick on (the external embed). */
  place?: MapPlace | null;
  onClearPlace?: () => void;
}) {
  const t = useT();
  const [comment, setComment] = useState(() => echoed(result, "comment"));
  const [privacy, setPrivacy] = useState(false);
  const form = usePublicForm({
    key: "map-comment",
    action: paths.map,
    schema: "mapComment",
    result,
    onSuccess: (answer) => {
      setComment("");
      setPrivacy(false);
      onSent?.(answer);
    },
  });
  const { errors } = form;
  const id = useId();
  // A place marked on the map after a comment was sent starts the next comment.
  const [placed, setPlaced] = useState(place);
  if (place !== placed) {
    setPlaced(place);
    if (place && form.success) form.again();
  }

  return (
    <PublicForm
      participation
      form={form}
      aria-labelledby={`${id}-title`}
      submit={{ label: "Envia el comentari", ready: comment.trim() !== "" && privacy }}
    >
      <h3 id={`${id}-title`} className="text-lg font-bold">
        Deixa el teu comentari
      </h3>
      <ContributionText
        label="Comentari"
        error={errors.comment}
        name="comment"
        rows={4}
        maxLength={LIMITS.comment}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
      />
      {place !== undefined && (
        <div className="flex flex-col gap-1" aria-live="polite">
          <p className="text-sm font-semibold">Lloc del comentari (opcional)</p>
          {place ? (
            <p className="flex flex-wrap items-center gap-2 text-sm">
              <span>{placeText(t, place)}</span>
              <button type="button" onClick={onClearPlace} className="font-semibold text-brand-dark underline">
                Treu el lloc
              </button>
            </p>
          ) : (
            <p className="text-sm text-ink/80">Encara no has marcat cap lloc al mapa.</p>
          )}
          {errors.place && <p className="text-sm font-semibold text-red-700">{errors.place}</p>}
          {place && !place.segment && (
            <>
              <input type="hidden" name="lat" value={place.lat.toFixed(PLACE_DECIMALS)} />
              <input type="hidden" name="lng" value={place.lng.toFixed(PLACE_DECIMALS)} />
            </>
          )}
          {place?.segment && <input type="hidden" name="segment" value={place.segment} />}
        </div>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Categoria (opcional)" error={errors.category}>
          <Select
            name="category"
            defaultValue={echoed(result, "category")}
            none="Sense categoria"
            options={MAP_CATEGORIES.map((c) => [c, t(mapCategoryKey(c))] as const)}
          />
        </FormField>
        <FormField label="Municipi (opcional)" error={errors.municipality}>
          <Select
            name="municipality"
            defaultValue={echoed(result, "municipality")}
            none={place ? "El més proper al lloc marcat" : "Sense municipi"}
            options={MUNICIPALITY_NAMES}
          />
        </FormField>
      </div>
      <EmailField error={errors.email} />
      <ConsentCheckbox
        lead="He llegit i accepto la"
        aria-required="true"
        checked={privacy}
        onChange={(e) => setPrivacy(e.target.checked)}
        error={errors.privacy}
      />
    </PublicForm>
  );
}
