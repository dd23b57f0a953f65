-- Sign-in: per-company LDAP directory settings, links between users and directory entries, e-mail
-- verification tokens.

-- One directory per company. The bind password is AES-256-GCM ciphertext (lib/auth/secret-box.ts), never plain text.
CREATE TABLE "ldap_settings" (
    "company_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "server_uri" TEXT NOT NULL,
    "bind_dn" TEXT NOT NULL,
    "bind_password_enc" TEXT NOT NULL,
    "user_search_base" TEXT NOT NULL,
    "user_search_filter" TEXT NOT NULL,
    "attr_email" TEXT NOT NULL DEFAULT 'mail',
    "attr_first_name" TEXT NOT NULL DEFAULT 'givenName',
    "attr_last_name" TEXT NOT NULL DEFAULT 'sn',
    "use_tls" BOOLEAN NOT NULL DEFAULT true,
    "connection_timeout" INTEGER NOT NULL DEFAULT 10,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "ldap_settings_pkey" PRIMARY KEY ("company_id")
);
ALTER TABLE "ldap_settings" ADD CONSTRAINT "ldap_settings_company_id_fkey"
    FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A directory entry (provider + DN within a company) that signs in as a user.
CREATE TABLE "external_identities" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "company_id" INTEGER NOT NULL,
    "provider" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_login_at" TIMESTAMPTZ(3),
    CONSTRAINT "external_identities_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "external_identities_company_id_provider_subject_key" ON "external_identities"("company_id", "provider", "subject");
CREATE INDEX "external_identities_user_id_idx" ON "external_identities"("user_id");
ALTER TABLE "external_identities" ADD CONSTRAINT "external_identities_user_id_fkey"
    FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "external_identities" ADD CONSTRAINT "external_identities_company_id_fkey"
    FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Only the SHA-256 of a verification token is stored; the token itself travels in the e-mailed link.
CREATE TABLE "email_verification_tokens" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "token_hash" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "email_verification_tokens_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "email_verification_tokens_token_hash_key" ON "email_verification_tokens"("token_hash");
CREATE INDEX "email_verification_tokens_user_id_idx" ON "email_verification_tokens"("user_id");
ALTER TABLE "email_verification_tokens" ADD CONSTRAINT "email_verification_tokens_user_id_fkey"
    FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
