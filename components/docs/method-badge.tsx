// Coloured HTTP method label.
const COLOURS: Record<string, string> = {
  get: "bg-emerald-100 text-emerald-800 ring-emerald-300",
  post: "bg-blue-100 text-blue-800 ring-blue-300",
  put: "bg-amber-100 text-amber-900 ring-amber-300",
  patch: "bg-violet-100 text-violet-800 ring-violet-300",
  delete: "bg-rose-100 text-rose-800 ring-rose-300",
};

export function MethodBadge({ method, size = "md" }: { method: string; size?: "sm" | "md" }) {
  const m = method.toLowerCase();
  const sizing = size === "sm" ? "w-14 text-[0.65rem] py-0.5" : "w-16 text-xs py-1";
  return (
    <span
      className={`inline-block shrink-0 rounded text-center font-mono font-bold uppercase ring-1 ring-inset ${sizing} ${COLOURS[m] ?? "bg-slate-100 text-slate-800 ring-slate-300"}`}
    >
      {m}
    </span>
  );
}

export function StatusBadge({ status }: { status: string }) {
  const n = Number(status);
  const colour = n < 300 ? "bg-emerald-50 text-emerald-800" : n < 500 ? "bg-amber-50 text-amber-900" : "bg-rose-50 text-rose-800";
  return <span className={`inline-block rounded px-1.5 py-0.5 font-mono text-xs font-semibold ${colour}`}>{status}</span>;
}
