import { useId, useState } from "react";
import { FormField } from "~/components/form-field";
import { Select } from "~/components/ui/select";
import type { MapPlace } from "~/domain/map";
import { MAP_CATEGORIES, mapCategoryKey, MUNICIPALITY_NAMES, nearestMunicipality, PLACE_DECIMALS } from "~/domain/map";
import { pointPlaceText } from "~/domain/map-places";
import { useLocale, useT, type T } from "~/i18n/react";
import { echoed, LIMITS, type WriteResult } from "~/lib/participation-texts";
import { localePaths } from "~/lib/routes";
import { ConsentCheckbox, ContributionText, EmailField, PublicForm, usePublicForm, useSay } from "./shared";

/** The place in words (issue 27, item 11): the segment and its municipality, or a pin named by the
 * nearest municipality and the nearest named segment; never its coordinates. */
export function placeText(place: MapPlace, say: ReturnType<typeof useSay>, t: T): string {
  if (place.segment)
    return place.municipality
      ? say("forms.map.segmentIn", { name: place.segmentName, municipality: place.municipality })
      : say("forms.map.segment", { name: place.segmentName });
  return say("forms.map.point", { where: pointPlaceText(t, place.municipality ?? nearestMunicipality(place.lat, place.lng), place.near) });
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
  const [email, setEmail] = useState("");
  const say = useSay();
  const form = usePublicForm({
    key: "map-comment",
    action: localePaths(useLocale()).map,
    schema: "mapComment",
    result,
    onSuccess: (answer) => {
      setComment("");
      setPrivacy(false);
      setEmail("");
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
      submit={{ label: say("forms.map.submit"), ready: comment.trim() !== "" && privacy }}
    >
      <h3 id={`${id}-title`} className="text-lg font-bold">
        {say("forms.map.formTitle")}
      </h3>
      <ContributionText
        label={say("forms.map.comment")}
        error={errors.comment}
        name="comment"
        rows={4}
        maxLength={LIMITS.comment}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
      />
      {place !== undefined && (
        <div className="flex flex-col gap-1" aria-live="polite">
          <p className="text-sm font-semibold">{say("forms.map.place")}</p>
          {place ? (
            <p className="flex flex-wrap items-center gap-2 text-sm">
              <span>{placeText(place, say, t)}</span>
              <button type="button" onClick={onClearPlace} className="font-semibold text-brand-dark underline">
                {say("forms.map.clearPlace")}
              </button>
            </p>
          ) : (
            <p className="text-sm text-ink/80">{say("forms.map.noPlace")}</p>
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
        <FormField label={say("forms.map.category")} error={errors.category}>
          <Select
            name="category"
            defaultValue={echoed(result, "category")}
            none={say("forms.map.noCategory")}
            options={MAP_CATEGORIES.map((c) => [c, t(mapCategoryKey(c))] as const)}
          />
        </FormField>
        <FormField label={say("forms.map.municipality")} error={errors.municipality}>
          <Select
            name="municipality"
            defaultValue={echoed(result, "municipality")}
            none={say(place ? "forms.map.nearestMunicipality" : "forms.map.noMunicipality")}
            options={MUNICIPALITY_NAMES}
          />
        </FormField>
      </div>
      <EmailField error={errors.email} value={email} onChange={(e) => setEmail(e.target.value)} />
      {(!form.hydrated || email.trim() !== "") && (
        <ConsentCheckbox name="answerConsent" text={form.hydrated ? "forms.consent.answer" : "forms.consent.answerNoScript"} />
      )}
      <ConsentCheckbox
        text="forms.consent.read"
        aria-required="true"
        checked={privacy}
        onChange={(e) => setPrivacy(e.target.checked)}
        error={errors.privacy}
      />
    </PublicForm>
  );
}
