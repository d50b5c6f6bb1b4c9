import type { Route } from "./+types/map-comments";
import { EmptyState, PageTitle } from "~/components/admin/admin-ui";
import { Badge } from "~/components/ui/badge";
import { formatShortDate } from "~/lib/dates";

export { loader } from "./map-comments.server";

export default function AdminMapComments({ loaderData }: Route.ComponentProps) {
  const { comments } = loaderData;
  return (
    <>
      <PageTitle title="Comentaris del Mapa">
        <Badge variant="soft">{comments.length} comentaris</Badge>
      </PageTitle>
      {comments.length === 0 ? (
        <EmptyState>No hi ha comentaris del mapa encara.</EmptyState>
      ) : (
        <ul className="flex flex-col gap-4">
          {comments.map((c) => (
            <li key={c.id} className="rounded-lg bg-white p-5 shadow-sm">
              <div className="flex flex-wrap gap-x-4 text-sm text-ink/80">
                <span>{formatShortDate(c.createdAt)}</span>
                {c.email && <span>{c.email}</span>}
              </div>
              <p className="mt-2 whitespace-pre-line">{c.comment}</p>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
