// /search: hybrid search over the caller's documents (components/search).
import type { Metadata } from "next";
import { Suspense } from "react";
import { SearchView } from "@/components/search/search-view";

export const metadata: Metadata = { title: "Search · DocIntel" };

export default function SearchPage() {
  // useSearchParams needs a Suspense boundary; the view reads the search from the URL.
  return (
    <Suspense>
      <SearchView />
    </Suspense>
  );
}
