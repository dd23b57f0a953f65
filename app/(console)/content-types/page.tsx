// Content types: starter templates, the company's trees, node and attribute editors.
import { ContentTypesPage } from "@/components/content-types/content-types-page";

export const metadata = { title: "Content types — DocIntel" };

export default function Page() {
  return <ContentTypesPage />;
}
