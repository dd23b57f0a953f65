// The branded page for an address the app does not have (Next.js renders it with status 404).
import Link from "next/link";

export default function NotFound() {
  return (
    <main className="mx-auto flex min-h-screen max-w-lg flex-col justify-center gap-4 px-6">
      <p className="font-semibold text-blue-700 text-sm">DocIntel · 404</p>
      <h1 className="font-semibold text-2xl text-slate-900">Page not found</h1>
      <p className="text-slate-600">
        There is nothing at this address. It may have been moved, or the link may be mistyped. Documents and workspaces you cannot access are not
        shown either.
      </p>
      <div className="flex gap-3">
        <Link href="/" className="rounded-md bg-blue-700 px-4 py-2 font-medium text-sm text-white hover:bg-blue-800">
          Go to the dashboard
        </Link>
        <Link href="/docs" className="rounded-md border border-slate-300 px-4 py-2 font-medium text-slate-700 text-sm hover:bg-slate-100">
          API reference
        </Link>
      </div>
    </main>
  );
}
