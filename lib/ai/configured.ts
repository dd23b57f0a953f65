// One instance per model role (embeddings, rerank, answer, extraction) per process, rebuilt only when the
// settings it was built from change (tests switch providers with setEnvForTests). Kept on globalThis so
// Next's dev reloads of a module do not load a model twice.
const g = globalThis as unknown as { __docintelModels?: Map<string, { key: string; value: unknown }> };

/** The value `build` made from `settings` last time for `role`, or a new one when the settings differ. */
export function configured<T>(role: string, settings: unknown[], build: () => T): T {
  const cache = (g.__docintelModels ??= new Map());
  const key = JSON.stringify(settings);
  const hit = cache.get(role);
  if (hit?.key === key) return hit.value as T;
  const value = build(); // a throw leaves the previous instance cached
  cache.set(role, { key, value });
  return value;
}
