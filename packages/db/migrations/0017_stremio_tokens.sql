-- STREMIO-1 in docs/requirements.md: a profile's addon tokens. Each opens the profile's addon at
-- /pigo-stream/stremio/{token}/manifest.json; only the token's SHA-256 (hex) is kept, found through
-- its unique index in one query per addon request, so a revoked token stops answering at once on
-- every server. Tokens go with their profile, and so with the account (on delete cascade).
CREATE TABLE "stremio_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"profile_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "stremio_tokens" ADD CONSTRAINT "stremio_tokens_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stremio_tokens_hash_idx" ON "stremio_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "stremio_tokens_profile_idx" ON "stremio_tokens" USING btree ("profile_id","created_at");--> statement-breakpoint
-- STREMIO-3: the addon names a title by its IMDb id (`tt...`) where it has one, and Stremio asks
-- for streams by it; the list import's IMDb matches (TRANSFER-2) read the same index.
CREATE INDEX "titles_imdb_id_idx" ON "titles" USING btree ("imdb_id") WHERE imdb_id is not null;
