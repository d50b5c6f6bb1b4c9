import ReactMarkdown from "react-markdown";
import { safeHref } from "~/lib/inline-links";

// Markdown from the back office, rendered safely: raw HTML is never rendered, images are not
// allowed, and links keep only http(s) and mailto addresses (anything else loses its href).
export function Markdown({ children, className }: { children: string; className?: string }) {
  return (
    <div className={className}>
      <ReactMarkdown
        skipHtml
        disallowedElements={["img"]}
        unwrapDisallowed
        urlTransform={(url) => safeHref(url) ?? ""}
        components={{
          a: ({ href, children: text }) =>
            href ? (
              <a href={href} target="_blank" rel="noopener noreferrer" className="font-semibold underline underline-offset-2">
                {text}
              </a>
            ) : (
              <span>{text}</span>
            ),
        }}
      >
        {children}
      </ReactMarkdown>
    </div>
  );
}
