import ReactMarkdown from "react-markdown";
import remarkBreaks from "remark-breaks";
import { SafeLink, safeHref } from "~/lib/inline-markdown";
import { cn } from "~/lib/utils";

/** Markdown from the back office (landings), rendered the same on the public page and in the
 * editor's preview: line breaks kept, raw HTML never rendered, no images, and links keep only
 * http(s) and mailto targets, which open in a new tab, and paths on this site, which open in the
 * same one (anything else becomes plain text). */
export function Markdown({ children, className }: { children: string; className?: string }) {
  return (
    <div
      className={cn(
        "space-y-4 [&_a]:font-semibold [&_a]:underline [&_a]:underline-offset-2 [&_h1]:text-2xl [&_h1]:font-bold [&_h2]:text-xl [&_h2]:font-bold [&_li]:ml-6 [&_ol]:list-decimal [&_ul]:list-disc",
        className,
      )}
    >
      <ReactMarkdown
        skipHtml
        remarkPlugins={[remarkBreaks]}
        disallowedElements={["img"]}
        unwrapDisallowed
        urlTransform={(url) => safeHref(url) ?? ""}
        components={{
          a: ({ href, children: text }) => (href ? <SafeLink href={href}>{text}</SafeLink> : <span>{text}</span>),
        }}
      >
        {children}
      </ReactMarkdown>
    </div>
  );
}
