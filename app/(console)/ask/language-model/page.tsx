// /ask/language-model: how an administrator connects a language model to /ask (the README's
// "Answers from a language model" section, for people who run the console rather than read the repository).
import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Configure a language model · DocIntel" };

const SETTINGS: [string, string][] = [
  [
    "ANSWER_PROVIDER",
    "openai — any service speaking the OpenAI chat-completions API (OpenAI, Azure OpenAI, vLLM, Ollama, llama.cpp server, LM Studio, …). The default, extractive, quotes sentences.",
  ],
  ["ANSWER_MODEL", "The model name the service expects, e.g. gpt-4o-mini or llama3.1:8b. Required with openai."],
  ["ANSWER_BASE_URL", "The service's /v1 address, e.g. http://localhost:11434/v1 for Ollama. Default: https://api.openai.com/v1."],
  ["ANSWER_API_KEY", "The service's key, if it needs one."],
  ["ANSWER_TIMEOUT_MS", "How long to wait for an answer (default 60000)."],
  ["ANSWER_MAX_CONTEXT_TOKENS", "Approximate token budget for the passages in the prompt (default 6000)."],
];

export default function LanguageModelHelpPage() {
  return (
    <main className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:px-6">
      <PageHeader
        title="Configure a language model"
        description="Without a language model, Ask quotes the sentences of your documents that best answer a question. With one, it writes the answer from the same cited passages."
      />
      <section aria-labelledby="how" className="space-y-3 text-sm leading-6 text-slate-700">
        <h2 id="how" className="text-base font-semibold text-slate-900">
          For administrators of this installation
        </h2>
        <p>
          The answer model is set in the server's environment (the same place as the database and storage settings) and takes effect when the server
          is restarted. Documents never leave the installation except as the passages sent with each question to the service you configure.
        </p>
        <dl className="divide-y divide-slate-200 rounded-md border border-slate-200 bg-white">
          {SETTINGS.map(([name, meaning]) => (
            <div key={name} className="grid gap-1 px-4 py-3 sm:grid-cols-[14rem_1fr]">
              <dt className="font-mono text-xs font-semibold text-slate-900">{name}</dt>
              <dd>{meaning}</dd>
            </div>
          ))}
        </dl>
        <p>For example, a model served by Ollama on the same machine:</p>
        <pre className="overflow-x-auto rounded-md bg-slate-900 p-4 text-xs text-slate-100">
          {"ANSWER_PROVIDER=openai\nANSWER_MODEL=llama3.1:8b\nANSWER_BASE_URL=http://localhost:11434/v1"}
        </pre>
        <p>
          <code className="font-mono text-xs">GET /api/v3/models</code> then lists the answer model as available. Agents can name another model of the
          same service. The full configuration table is in the README (“Configuration”).
        </p>
        <p>
          <Link href="/ask" className="font-medium text-blue-700 underline underline-offset-2">
            Back to Ask
          </Link>
        </p>
      </section>
    </main>
  );
}
