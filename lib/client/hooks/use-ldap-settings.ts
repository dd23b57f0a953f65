"use client";
// The company's LDAP directory settings (company admins): read, save, and test step by step. A 404 means no
// directory is configured yet (the page then offers an empty form).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TLdapSettings, TLdapTestResult } from "@/lib/contracts/auth";
import { type ApiError, type BodyOf, callEndpoint } from "../api-client";
import { endpoints } from "../endpoints";
import { queryKeys } from "../query-keys";

export type { TLdapSettings, TLdapTestResult } from "@/lib/contracts/auth";

export function useLdapSettings() {
  return useQuery<TLdapSettings | null, ApiError>({
    queryKey: queryKeys.auth.ldapSettings(),
    queryFn: async ({ signal }) => {
      try {
        return await callEndpoint(endpoints.auth.getLdap, { signal });
      } catch (err) {
        if ((err as ApiError).status === 404) return null;
        throw err;
      }
    },
  });
}

export function useSaveLdapSettings() {
  const qc = useQueryClient();
  return useMutation<TLdapSettings, ApiError, BodyOf<typeof endpoints.auth.putLdap>>({
    mutationFn: (body) => callEndpoint(endpoints.auth.putLdap, { body }),
    onSuccess: (saved) => qc.setQueryData(queryKeys.auth.ldapSettings(), saved),
  });
}

export function useTestLdapSettings() {
  return useMutation<TLdapTestResult, ApiError, BodyOf<typeof endpoints.auth.testLdap>>({
    mutationFn: (body) => callEndpoint(endpoints.auth.testLdap, { body }),
  });
}
