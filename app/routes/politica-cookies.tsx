import { PageIntro } from "~/components/page-intro";

export default function CookiePolicy() {
  return (
    <PageIntro title="Política de cookies">
      <p>Última actualització: setembre de 2025.</p>
    </PageIntro>
  );
}
