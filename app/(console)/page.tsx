import Link from "next/link";

// Console shell. The full console (sign-in, dashboards, files, search and ask) arrives with issue 9.
export default function HomePage() {
  return (
    <main className="mx-auto max-w-3xl px-6 py-16">
      <h1 className="text-3xl font-semibold tracking-tight">DocIntel</h1>
      <p className="mt-3 text-slate-600">
        Parse documents to Markdown, extract typed fields, keep documents in access-controlled workspaces, and search
        and ask over them with cited answers.
      </p>
      <ul className="mt-8 space-y-2">
        <li>
          <Link className="text-blue-700 underline" href="/docs">
            API reference
          </Link>{" "}
          — every <code>/api/v3</code> endpoint, its schemas and error codes.
        </li>
        <li>
          <a className="text-blue-700 underline" href="/api/v3/system/status">
            System status
          </a>
        </li>
      </ul>
    </main>
  );
}
