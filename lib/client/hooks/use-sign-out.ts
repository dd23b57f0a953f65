"use client";
// Ends the next-auth session and leaves the console (a full navigation drops every cached query).
import { useMutation } from "@tanstack/react-query";
import { signOut } from "../auth";

export function useSignOut() {
  return useMutation({
    mutationFn: signOut,
    onSettled: () => window.location.assign("/login"),
  });
}
