import ReactMarkdown from "react-markdown";
import remarkBreaks from "remark-breaks";
import { safeHref } from "~/lib/inline-links";

/** Markdown rendered to React elements (line breaks kept): raw HTML is never rendered, and
 * links keep only http(s) and mailto targets (anything else becomes plain text). */
export function Markdown({ children }: { children: string }) {
  return (
    <div className="space-y-4 [&_a]:font-semibold [&_a]:underline [&_h1]:text-2xl [&_h1]:font-bold [&_h2]:text-xl [&_h2]:font-bold [&_li]:ml-6 [&_ol]:list-decimal [&_ul]:list-disc">
      <ReactMarkdown
        skipHtml
        remarkPlugins={[remarkBreaks]}
        urlTransform={(url) => safeHref(url) ?? ""}
        components={{
          a: ({ href, children: text }) =>
            href ? (
              <a href={href} target="_blank" rel="noopener noreferrer">
                {text}
              </a>
            ) : (
              <span>{text}</span>
            ),
          img: () => null,
        }}
      >
        {children}
      </ReactMarkdown>
    </div>
  );
}
