// Renders a document's Markdown safely: react-markdown builds React elements (no innerHTML), raw HTML in
// the Markdown is dropped (skipHtml) and link/image URLs go through its default URL sanitiser.
import ReactMarkdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";

const components: Components = {
  h1: ({ node: _n, ...p }) => <h1 className="mb-3 mt-6 text-2xl font-semibold text-slate-900" {...p} />,
  h2: ({ node: _n, ...p }) => <h2 className="mb-2 mt-5 text-xl font-semibold text-slate-900" {...p} />,
  h3: ({ node: _n, ...p }) => <h3 className="mb-2 mt-4 text-lg font-semibold text-slate-900" {...p} />,
  h4: ({ node: _n, ...p }) => <h4 className="mb-1 mt-3 font-semibold text-slate-900" {...p} />,
  h5: ({ node: _n, ...p }) => <h5 className="mb-1 mt-3 font-semibold text-slate-800" {...p} />,
  h6: ({ node: _n, ...p }) => <h6 className="mb-1 mt-3 font-semibold text-slate-700" {...p} />,
  p: ({ node: _n, ...p }) => <p className="my-2 leading-relaxed" {...p} />,
  ul: ({ node: _n, ...p }) => <ul className="my-2 list-disc space-y-1 pl-6" {...p} />,
  ol: ({ node: _n, ...p }) => <ol className="my-2 list-decimal space-y-1 pl-6" {...p} />,
  a: ({ node: _n, ...p }) => <a className="text-blue-800 underline" target="_blank" rel="noopener noreferrer nofollow" {...p} />,
  blockquote: ({ node: _n, ...p }) => <blockquote className="my-2 border-l-4 border-slate-300 pl-3 text-slate-700" {...p} />,
  code: ({ node: _n, ...p }) => <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.85em]" {...p} />,
  pre: ({ node: _n, ...p }) => <pre className="my-2 overflow-x-auto rounded bg-slate-100 p-3 text-sm [&_code]:bg-transparent [&_code]:p-0" {...p} />,
  table: ({ node: _n, ...p }) => (
    <div className="my-3 overflow-x-auto">
      <table className="min-w-full border-collapse text-sm" {...p} />
    </div>
  ),
  th: ({ node: _n, ...p }) => <th className="border border-slate-300 bg-slate-50 px-2 py-1 text-left font-semibold" {...p} />,
  td: ({ node: _n, ...p }) => <td className="border border-slate-300 px-2 py-1 align-top" {...p} />,
  hr: () => <hr className="my-4 border-slate-200" />,
  img: ({ node: _n, alt, ...p }) => (
    // eslint-disable-next-line @next/next/no-img-element
    <img alt={alt ?? ""} className="my-2 max-w-full" loading="lazy" {...p} />
  ),
};

export function MarkdownView({ markdown }: { markdown: string }) {
  return (
    <div className="break-words text-sm text-slate-800">
      <ReactMarkdown remarkPlugins={[remarkGfm]} skipHtml components={components}>
        {markdown}
      </ReactMarkdown>
    </div>
  );
}
