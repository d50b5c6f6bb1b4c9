import { Form, Link } from "react-router";
import type { Route } from "./+types/newsletter";
import { EmptyState, PageTitle, TableHead } from "~/components/admin/admin-ui";
import { ConfirmDelete } from "~/components/admin/confirm-delete";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { formatShortDate } from "~/lib/dates";

export { loader, action } from "./newsletter.server";

export default function AdminNewsletter({ loaderData }: Route.ComponentProps) {
  const { total, matching, q, page, pages, pageSize, rows } = loaderData;
  const first = matching === 0 ? 0 : (page - 1) * pageSize + 1;
  const pageLink = (n: number) => `?${new URLSearchParams({ ...(q && { q }), page: String(n) })}`;
  return (
    <>
      <PageTitle title="Subscriptors">
        <Badge variant="soft">{total} subscriptors</Badge>
      </PageTitle>
      <Form method="get" role="search" className="mb-4 flex flex-wrap items-end gap-2">
        <div className="flex min-w-64 flex-1 flex-col gap-2">
          <Label htmlFor="newsletter-search">Cerca per correu</Label>
          <Input id="newsletter-search" type="search" name="q" defaultValue={q} autoComplete="off" />
        </div>
        <Button type="submit" variant="outline">
          Cerca
        </Button>
      </Form>
      <p className="mb-4 text-sm" role="status">
        Mostrant {first}–{first === 0 ? 0 : first + rows.length - 1} de {matching} subscriptors
      </p>
      {rows.length === 0 ? (
        <EmptyState>{total === 0 ? "Encara no hi ha subscriptors." : "Cap subscriptor coincideix amb la cerca."}</EmptyState>
      ) : (
        <div className="overflow-x-auto rounded-lg bg-white shadow-sm">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Subscriptors de la newsletter</caption>
            <TableHead columns={["Correu", "Data d'alta", "Accions"]} />
            <tbody>
              {rows.map((s) => (
                <tr key={s.id} className="border-b border-ink/5">
                  <td className="p-3 break-all">{s.email}</td>
                  <td className="p-3">{formatShortDate(s.createdAt)}</td>
                  <td className="p-3">
                    <ConfirmDelete
                      id={s.id}
                      name={s.email}
                      title="Eliminar subscriptor"
                      question={`Estàs segur que vols eliminar ${s.email} de la newsletter? Se n'esborrarà l'adreça i aquesta acció no es pot desfer.`}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pages > 1 && (
        <nav aria-label="Pàgines de subscriptors" className="mt-4 flex items-center gap-3 text-sm">
          {page > 1 && (
            <Button asChild variant="outline" size="sm">
              <Link to={pageLink(page - 1)}>Anterior</Link>
            </Button>
          )}
          <span>
            Pàgina {page} de {pages}
          </span>
          {page < pages && (
            <Button asChild variant="outline" size="sm">
              <Link to={pageLink(page + 1)}>Següent</Link>
            </Button>
          )}
        </nav>
      )}
    </>
  );
}
