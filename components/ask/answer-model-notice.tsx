"use client";
// Said plainly when no language model is configured: answers are then quoted sentences (the offline
// extractive answerer), not written replies, and an admin can change that (linked how-to).
import Link from "next/link";
import { useModels } from "@/lib/client/hooks/use-models";

export const LANGUAGE_MODEL_HELP = "/ask/language-model";

export function AnswerModelNotice() {
  const models = useModels();
  const answer = models.data?.results.find((m) => m.type === "answer" && m.is_default);
  if (answer?.provider !== "extractive") return null;
  return (
    <aside
      aria-label="Answer model"
      data-testid="extractive-notice"
      className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
    >
      <p>
        <span className="font-semibold">No language model is configured.</span> Answers quote the sentences of your documents that best answer the
        question (the offline extractive answerer); they are not written replies.{" "}
        <Link href={LANGUAGE_MODEL_HELP} className="font-medium text-amber-950 underline underline-offset-2">
          How an admin configures a language model
        </Link>
      </p>
    </aside>
  );
}
