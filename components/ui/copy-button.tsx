"use client";
// Copies a value to the clipboard and says so (polite live region). Falls back to selecting the text
// through document.execCommand where the Clipboard API is unavailable (plain http on a LAN address).
import { useEffect, useState } from "react";
import { Button, type ButtonProps } from "./button";

export interface CopyButtonProps extends Omit<ButtonProps, "onClick"> {
  value: string;
  label?: string;
}

async function copy(value: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(value);
      return true;
    }
  } catch {
    /* fall through to the legacy path */
  }
  const area = document.createElement("textarea");
  area.value = value;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.appendChild(area);
  area.select();
  const ok = document.execCommand("copy");
  area.remove();
  return ok;
}

export function CopyButton({ value, label = "Copy", variant = "secondary", ...rest }: CopyButtonProps) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  useEffect(() => {
    if (state === "idle") return;
    const t = setTimeout(() => setState("idle"), 2500);
    return () => clearTimeout(t);
  }, [state]);
  return (
    <>
      <Button variant={variant} onClick={async () => setState((await copy(value)) ? "copied" : "failed")} {...rest}>
        {state === "copied" ? "Copied" : label}
      </Button>
      <span role="status" aria-live="polite" className="sr-only">
        {state === "copied" ? "Copied to the clipboard" : state === "failed" ? "Copying failed: select the text and copy it by hand" : ""}
      </span>
    </>
  );
}
