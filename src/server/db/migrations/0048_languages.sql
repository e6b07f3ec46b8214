-- Languages (issue 42, decision record 0270). A person's language, chosen on My Profile (null: the browser's), and a
-- company's, in which the portal writes to it (mails to its contacts, its papers and invoices). A language is a tag
-- ('en', 'tr', 'pt-BR'); which ones Cargodesk speaks is decided by its catalogs, not here.
ALTER TABLE "users" ADD COLUMN "language" text CHECK ("language" ~ '^[a-z]{2,3}(-[A-Z]{2})?$');
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "language" text NOT NULL DEFAULT 'en' CHECK ("language" ~ '^[a-z]{2,3}(-[A-Z]{2})?$');
--> statement-breakpoint
-- Names in Turkish order for a Turkish reader (ılıca, Istanbul, ikitelli, İzmir), the same on PostgreSQL and on the
-- embedded database, whose ICU has no Turkish collation data: lower case by Turkish rules (ICU's case mapping, which
-- both have), then each Turkish letter written as the letter before it and a byte above every letter (ç is c+DEL, so
-- after every other c and before d; ı is h+DEL), accents off, compared byte by byte (COLLATE "C").
CREATE COLLATION IF NOT EXISTS "cargodesk_tr" (provider = icu, locale = 'tr-TR');
--> statement-breakpoint
CREATE OR REPLACE FUNCTION cargodesk_sort_tr(value text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary,
    replace(replace(replace(replace(replace(replace(lower(value COLLATE public."cargodesk_tr"), 'ç', 'c' || chr(127)), 'ğ', 'g' || chr(127)), 'ı', 'h' || chr(127)), 'ö', 'o' || chr(127)), 'ş', 's' || chr(127)), 'ü', 'u' || chr(127))) $$;
--> statement-breakpoint
CREATE INDEX "companies_name_tr_idx" ON "companies" (cargodesk_sort_tr("name") COLLATE "C", "id");
